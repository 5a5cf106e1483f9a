import { randomBytes } from "node:crypto"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import type { UpdatePolicyDecision } from "../../../src-main/updates/policy"
import type { PromptLocale, UpdatePrompt, UpdatePromptKind } from "../../../src-main/updates/prompt-messages"
import { createUpdatePrompter } from "../../../src-main/updates/update-prompter"
import { createUpdateService } from "../../../src-main/updates/update-service"
import { createNodeUpdater, latestYml, makeUpdaterDir, removeUpdaterDir } from "./support/node-updater"
import { startUpdateFeedServer, type UpdateFeedServer } from "./support/update-feed-server"

// What the user is asked, and what happens on each answer: real service, real electron-updater,
// real feed; the user is a script of answers.

let server: UpdateFeedServer
let dir: string

beforeEach(async () => {
  server = await startUpdateFeedServer()
  dir = await makeUpdaterDir()
})

afterEach(async () => {
  await server.close()
  await removeUpdaterDir(dir)
})

const DEB = "FiskAI-Workstation-1.1.0-amd64.deb"

function publish(version: string): void {
  const body = randomBytes(8 * 1024)
  server.setFile(
    "latest.yml",
    latestYml({ version, files: [{ url: DEB, body }], releaseNotes: "Novi paket pravila." }),
  )
  server.setFile(DEB, body)
}

const settled = () => new Promise((resolve) => setImmediate(resolve))
const downloads = () => server.requests.filter((request) => request.path.endsWith(".deb")).length

async function setup(
  answers: Partial<Record<UpdatePromptKind, boolean>>,
  options: { locale?: PromptLocale; policy?: () => UpdatePolicyDecision } = {},
) {
  const updater = await createNodeUpdater({ currentVersion: "1.0.0", feedUrl: server.url, dir })
  const policy = options.policy ?? (() => ({ enabled: true }))
  const service = createUpdateService({ backend: updater, resolvePolicy: async () => policy() })
  const shown: UpdatePrompt[] = []
  const ask = async (prompt: UpdatePrompt) => {
    shown.push(prompt)
    return answers[prompt.kind] ?? false
  }
  const prompter = createUpdatePrompter({ service, ask, locale: () => options.locale ?? "hr" })
  return { updater, service, prompter, shown }
}

describe("update prompts", () => {
  it("offers a found update once per session; 'Later' downloads nothing", async () => {
    publish("1.1.0")
    const { service, shown } = await setup({ download: false })
    await service.check()
    await vi.waitFor(() => expect(shown).toHaveLength(1))
    expect(shown[0]).toMatchObject({
      kind: "download",
      message: "Dostupna je nova verzija FiskAI Workstation 1.1.0.",
      confirmLabel: "Preuzmi",
      cancelLabel: "Kasnije",
    })
    expect(shown[0]?.detail).toContain("Novi paket pravila.")

    await service.check() // the next background period
    await settled()
    expect(shown).toHaveLength(1)
    expect(downloads()).toBe(0)
  })

  it("'Download' downloads, then asks to restart; 'Restart' installs", async () => {
    publish("1.1.0")
    const { service, updater, shown } = await setup({ download: true, restart: true }, { locale: "en" })
    await service.check()
    await vi.waitFor(() => expect(updater.installCalls).toHaveLength(1))
    expect(shown.map((prompt) => prompt.kind)).toEqual(["download", "restart"])
    expect(shown[1]).toMatchObject({
      message: "Version 1.1.0 has been downloaded.",
      confirmLabel: "Restart and install",
    })
    expect(downloads()).toBe(1)
  })

  it("a download that failed is offered again at the next period", async () => {
    const body = randomBytes(8 * 1024)
    server.setFile("latest.yml", latestYml({ version: "1.1.0", files: [{ url: DEB, body }] }))
    server.setFile(DEB, randomBytes(8 * 1024)) // does not match the sha512 in latest.yml
    const { service, shown } = await setup({ download: true })
    await service.check()
    await vi.waitFor(() => expect(service.state.status).toBe("error"))

    server.setFile(DEB, body)
    await service.check()
    await vi.waitFor(() => expect(service.state.status).toBe("downloaded"))
    expect(shown.map((prompt) => prompt.kind)).toEqual(["download", "download", "restart"])
  })

  it("'Later' on restart installs nothing; the menu's check asks again", async () => {
    publish("1.1.0")
    const { service, prompter, updater, shown } = await setup({ download: true, restart: false })
    await service.check()
    await vi.waitFor(() => expect(shown.map((prompt) => prompt.kind)).toEqual(["download", "restart"]))
    await settled()
    expect(updater.installCalls).toEqual([])

    await prompter.checkNow()
    expect(shown.map((prompt) => prompt.kind)).toEqual(["download", "restart", "restart"])
  })

  it("the menu's check offers an update the user postponed", async () => {
    publish("1.1.0")
    const { service, prompter, shown } = await setup({ download: false })
    await service.check()
    await vi.waitFor(() => expect(shown).toHaveLength(1))
    await prompter.checkNow()
    await vi.waitFor(() => expect(shown.map((prompt) => prompt.kind)).toEqual(["download", "download"]))
  })

  it("a background failure shows nothing; the menu's check explains it", async () => {
    server.setFile("latest.yml", "version: [broken")
    const { service, prompter, shown } = await setup({})
    await service.check()
    await settled()
    expect(shown).toEqual([])

    await prompter.checkNow()
    expect(shown).toEqual([
      expect.objectContaining({
        kind: "failed",
        detail: "the update feed's release file is malformed",
        confirmLabel: null,
      }),
    ])
  })

  it("the menu's check says 'up to date'", async () => {
    publish("1.0.0")
    const { prompter, shown } = await setup({}, { locale: "en" })
    await prompter.checkNow()
    expect(shown).toEqual([
      expect.objectContaining({
        kind: "up-to-date",
        message: "FiskAI Workstation is up to date.",
        cancelLabel: "OK",
      }),
    ])
  })

  it("the menu's check says updates are off, and why", async () => {
    publish("1.1.0")
    const reason = "turned off by the administrator's policy file /etc/fiskai-workstation/fiskai-policy.json"
    const { prompter, shown } = await setup(
      {},
      { policy: () => ({ enabled: false, source: "policy-file", reason }) },
    )
    await prompter.checkNow()
    expect(shown).toEqual([
      expect.objectContaining({ kind: "disabled", message: "Ažuriranja su isključena.", detail: reason }),
    ])
    expect(server.requests).toEqual([])
  })

  it("after dispose, nothing is asked", async () => {
    publish("1.1.0")
    const { service, prompter, shown } = await setup({ download: true })
    prompter.dispose()
    await service.check()
    await settled()
    expect(shown).toEqual([])
  })
})
