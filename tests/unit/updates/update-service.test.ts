import { randomBytes } from "node:crypto"
import { existsSync } from "node:fs"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import type { UpdaterBackend } from "../../../src-main/updates/backend"
import type { UpdatePolicyDecision } from "../../../src-main/updates/policy"
import { createUpdateService, type UpdateService } from "../../../src-main/updates/update-service"
import type { UpdateState } from "../../../src-main/updates/update-state"
import { createNodeUpdater, latestYml, makeUpdaterDir, removeUpdaterDir } from "./support/node-updater"
import { closedPort, startUpdateFeedServer, type UpdateFeedServer } from "./support/update-feed-server"

// The service against the real electron-updater (DebUpdater, generic provider) and a real feed
// on 127.0.0.1: newer version, same version, malformed feed, server down, downloads.

const ENABLED: UpdatePolicyDecision = { enabled: true }

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

async function serviceFor(
  options: { version?: string; feedUrl?: string; policy?: () => UpdatePolicyDecision } = {},
) {
  const updater = await createNodeUpdater({
    currentVersion: options.version ?? "1.0.0",
    feedUrl: options.feedUrl ?? server.url,
    dir,
  })
  const policy = options.policy ?? (() => ENABLED)
  const service = createUpdateService({ backend: updater, resolvePolicy: async () => policy() })
  const states: UpdateState[] = []
  service.subscribe((state) => states.push(state))
  return { updater, service, states }
}

const debFile = (body: Buffer, sha512?: string) => ({
  url: "FiskAI-Workstation-1.1.0-amd64.deb",
  body,
  ...(sha512 ? { sha512 } : {}),
})

describe("update service over a real generic feed", () => {
  it("the real autoUpdater type satisfies the backend interface", async () => {
    const { updater } = await serviceFor()
    const backend: UpdaterBackend = updater
    expect(backend.autoDownload).toBe(false)
  })

  it("turns off auto-download, install-on-quit and downgrades whatever the backend had", async () => {
    const { updater } = await serviceFor()
    expect(updater.autoDownload).toBe(false)
    expect(updater.autoInstallOnAppQuit).toBe(false)
    expect(updater.allowDowngrade).toBe(false)
  })

  it("reports a newer version with its notes as plain text, and downloads nothing by itself", async () => {
    server.setFile(
      "latest.yml",
      latestYml({
        version: "1.1.0",
        files: [debFile(randomBytes(1024))],
        releaseNotes: "<p>Nova <b>pravila</b> za PDV</p>",
      }),
    )
    const { service, states } = await serviceFor()
    const state = await service.check()
    expect(state).toEqual({ status: "available", version: "1.1.0", notes: "Nova pravila za PDV" })
    expect(states.map((s) => s.status)).toEqual(["checking", "available"])
    expect(server.requests.some((request) => request.path.endsWith(".deb"))).toBe(false)
  })

  it("says not-available when the feed has the running version", async () => {
    server.setFile("latest.yml", latestYml({ version: "1.0.0", files: [debFile(randomBytes(64))] }))
    const { service } = await serviceFor()
    expect(await service.check()).toEqual({ status: "not-available" })
  })

  it("never offers an older version", async () => {
    server.setFile("latest.yml", latestYml({ version: "0.9.0", files: [debFile(randomBytes(64))] }))
    const { service } = await serviceFor()
    expect((await service.check()).status).toBe("not-available")
  })

  it("reports a malformed feed file as an error that is not 'offline'", async () => {
    server.setFile("latest.yml", "version: [1.1.0\nfiles: {{{\n")
    const { service } = await serviceFor()
    expect(await service.check()).toEqual({
      status: "error",
      offline: false,
      message: "the update feed's release file is malformed",
    })
  })

  it("reports a feed file without a version as an error", async () => {
    server.setFile("latest.yml", "files: []\nreleaseDate: '2025-01-15T09:00:00.000Z'\n")
    const { service } = await serviceFor()
    expect(await service.check()).toEqual({
      status: "error",
      offline: false,
      message: "the update feed names no valid version",
    })
  })

  it("reports a feed without a release file as an error", async () => {
    const { service } = await serviceFor()
    expect(await service.check()).toMatchObject({
      status: "error",
      offline: false,
      message: "the update feed has no release file for this system",
    })
  })

  it("stays quiet when the server is down (offline error), and finds the update once it is back", async () => {
    const down = await closedPort()
    const { service } = await serviceFor({ feedUrl: down.url })
    const offline = await service.check()
    expect(offline).toMatchObject({ status: "error", offline: true })
    expect(offline.status === "error" && offline.message).toContain("ECONNREFUSED")

    // The network comes back; the same service's next check finds the update.
    const back = await startUpdateFeedServer(down.port)
    try {
      back.setFile("latest.yml", latestYml({ version: "1.1.0", files: [debFile(randomBytes(64))] }))
      expect((await service.check()).status).toBe("available")
    } finally {
      await back.close()
    }
  })

  it("downloads only when asked, verifies the file, and ends in 'downloaded' via progress", async () => {
    const body = randomBytes(256 * 1024)
    server.setFile("latest.yml", latestYml({ version: "1.1.0", files: [debFile(body)] }))
    server.setFile("FiskAI-Workstation-1.1.0-amd64.deb", body)
    const { service, states } = await serviceFor()
    await service.check()
    const done = await service.download()
    expect(done).toEqual({ status: "downloaded", version: "1.1.0" })
    const downloading = states.filter((s) => s.status === "downloading")
    expect(downloading[0]).toEqual({ status: "downloading", version: "1.1.0", percent: 0 })
    expect(downloading.at(-1)).toEqual({ status: "downloading", version: "1.1.0", percent: 100 })
    expect(
      existsSync(`${dir}/cache/fiskai-workstation-updater/pending/FiskAI-Workstation-1.1.0-amd64.deb`),
    ).toBe(true)
  })

  it("rejects a download whose checksum does not match the feed, and keeps nothing", async () => {
    const body = randomBytes(64 * 1024)
    const wrong = randomBytes(64 * 1024)
    server.setFile("latest.yml", latestYml({ version: "1.1.0", files: [debFile(body)] }))
    server.setFile("FiskAI-Workstation-1.1.0-amd64.deb", wrong)
    const { service } = await serviceFor()
    await service.check()
    expect(await service.download()).toEqual({
      status: "error",
      offline: false,
      message: "the downloaded update failed its checksum and was discarded",
    })
    expect(
      existsSync(`${dir}/cache/fiskai-workstation-updater/pending/FiskAI-Workstation-1.1.0-amd64.deb`),
    ).toBe(false)
  })

  it("does nothing on download() or quitAndInstall() before there is something to download or install", async () => {
    server.setFile("latest.yml", latestYml({ version: "1.0.0", files: [debFile(randomBytes(64))] }))
    const { service, updater } = await serviceFor()
    await service.check()
    expect(await service.download()).toEqual({ status: "not-available" })
    expect(await service.quitAndInstall()).toBe(false)
    expect(updater.installCalls).toEqual([])
  })

  it("installs a downloaded update on request: not silent, and the app starts again", async () => {
    const body = randomBytes(4096)
    server.setFile("latest.yml", latestYml({ version: "1.1.0", files: [debFile(body)] }))
    server.setFile("FiskAI-Workstation-1.1.0-amd64.deb", body)
    const { service, updater } = await serviceFor()
    await service.check()
    await service.download()
    expect(await service.quitAndInstall()).toBe(true)
    expect(updater.installCalls).toEqual([{ isSilent: false, isForceRunAfter: true }])
  })
})

describe("update service under policy", () => {
  const off: UpdatePolicyDecision = {
    enabled: false,
    source: "policy-file",
    reason: "turned off by the administrator's policy file /etc/x",
  }

  it("shows 'disabled' with the reason and never contacts the server", async () => {
    server.setFile("latest.yml", latestYml({ version: "1.1.0", files: [debFile(randomBytes(64))] }))
    const { service } = await serviceFor({ policy: () => off })
    expect(await service.check()).toEqual({
      status: "disabled",
      source: "policy-file",
      reason: off.enabled ? "" : off.reason,
    })
    expect(server.requests).toEqual([])
  })

  it("resumes when the policy allows updates again", async () => {
    server.setFile("latest.yml", latestYml({ version: "1.1.0", files: [debFile(randomBytes(64))] }))
    let decision: UpdatePolicyDecision = off
    const { service } = await serviceFor({ policy: () => decision })
    expect((await service.refreshPolicy()).status).toBe("disabled")
    decision = ENABLED
    expect(await service.refreshPolicy()).toEqual({ status: "idle" })
    expect((await service.check()).status).toBe("available")
  })

  it("refuses to install a downloaded update once policy turns updates off", async () => {
    const body = randomBytes(4096)
    server.setFile("latest.yml", latestYml({ version: "1.1.0", files: [debFile(body)] }))
    server.setFile("FiskAI-Workstation-1.1.0-amd64.deb", body)
    let decision: UpdatePolicyDecision = ENABLED
    const { service, updater } = await serviceFor({ policy: () => decision })
    await service.check()
    await service.download()
    decision = { enabled: false, source: "setting", reason: "turned off in Settings" }
    expect(await service.quitAndInstall()).toBe(false)
    expect(service.state).toEqual({ status: "disabled", source: "setting", reason: "turned off in Settings" })
    expect(updater.installCalls).toEqual([])
  })

  it("fails closed when the policy cannot be evaluated", async () => {
    const { service } = await serviceFor({
      policy: () => {
        throw new Error("settings store closed")
      },
    })
    expect(await service.check()).toMatchObject({
      status: "disabled",
      reason: expect.stringContaining("settings store closed"),
    })
    expect(server.requests).toEqual([])
  })
})

describe("update service with a backend that declines to run", () => {
  it("reports 'disabled' when electron-updater considers this install not updatable", async () => {
    const { updater } = await serviceFor()
    // electron-updater's own guard for an unpackaged app, as in a development run.
    Reflect.set(updater, "app", { ...Reflect.get(updater, "app"), isPackaged: false })
    const service: UpdateService = createUpdateService({
      backend: updater,
      resolvePolicy: async () => ENABLED,
    })
    expect(await service.check()).toMatchObject({ status: "disabled", source: "updater-inactive" })
    expect(server.requests).toEqual([])
  })
})
