import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import type { ReasoningEvent } from "../../../src-shared/events/event"
import type { IpcResult } from "../../../src-shared/ipc/channel"
import { value, failure } from "../../support/ipc-result"
import type { ChannelKey } from "../../../src-shared/ipc/channels"
import type { ModelRunView, ModelSettingsView, ModelTestResult, ModelThought } from "../../../src-shared/model-provider"
import { createServices, type Services } from "../../../src-main/composition/services"
import { createHandlers } from "../../../src-main/handlers/index"
import { createDispatcher } from "../../../src-main/ipc/dispatcher"
import type { SecretCipher } from "../../../src-main/secrets/secret-store"
import { startScriptedServer, wellBehaved, type ScriptedServer } from "../../support/scripted-openai-server"
import { untilRunStops } from "./temp-services"
import { aesCipher } from "../secrets/aes-cipher"

// The local model's channels (issue 24) through the real handler table and dispatcher over real
// services on a real SQLite file: settings saved to model-provider.json with the key in the
// keychain (never in the file), bad input refused in the user's language with nothing lost, the
// connection test over real HTTP, and a question asked with the provider on (thoughts pushed live,
// the engine's answer, the model part stored) and off (nothing model-related at all).

const KEY = "sk-local-0123456789abcdefABCDEF"
const QUESTION = "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?"

interface Setup {
  services: Services
  dir: string
  published: ReasoningEvent[]
  thoughts: ModelThought[]
  /** Both pushes in the order they went out: "thought" or the event's stage and status. */
  order: string[]
  call: (key: ChannelKey, input: unknown) => Promise<IpcResult<never>>
}

let open: Setup | undefined
let server: ScriptedServer | undefined
afterEach(async () => {
  await open?.services.close()
  if (open) rmSync(open.dir, { recursive: true, force: true })
  await server?.close()
  open = undefined
  server = undefined
})

function setup(secretCipher?: SecretCipher): Setup {
  const dir = mkdtempSync(join(tmpdir(), "fiskai-model-"))
  const services = createServices({
    dbPath: join(dir, "fiskai.sqlite"),
    settingsOverrides: { deliberatePauseMs: 0 },
    onBackgroundError: () => {},
    ...(secretCipher === undefined ? {} : { secretCipher }),
  })
  const dispatch = createDispatcher(createHandlers(services), { isTrustedCaller: () => true })
  const published: ReasoningEvent[] = []
  const thoughts: ModelThought[] = []
  const order: string[] = []
  services.events.subscribe((event) => published.push(event) && order.push(`${event.stage} ${event.status}`))
  services.pushes["model.thought"].subscribe((thought) => thoughts.push(thought) && order.push("thought"))
  const call = (key: ChannelKey, input: unknown) => dispatch(key, input, { transport: "websocket", url: null }) as Promise<IpcResult<never>>
  open = { services, dir, published, thoughts, order, call }
  return open
}

async function askAndWait(s: Setup): Promise<string> {
  const { requestId } = await value<{ requestId: string }>(s.call("runs.ask", { question: QUESTION, asOfDate: "2025-06-01" }))
  await untilRunStops(s.services, requestId, s.published)
  await s.services.runs.settled()
  return requestId
}

const settingsFile = (s: Setup) => join(s.dir, "model-provider.json")

describe("model settings channels", () => {
  it("start off, with no key, and say this host has no keychain when it was given none", async () => {
    const s = setup()
    const view = await value<ModelSettingsView>(s.call("model.get", {}))
    expect(view).toMatchObject({ enabled: false, apiKey: "none", keySource: "none", keychain: false })
  })

  it("save the settings to the file the CLI reads and the key to the keychain, never to the file", async () => {
    const s = setup(aesCipher())
    const saved = await value<ModelSettingsView>(
      s.call("model.update", { enabled: true, endpoint: " http://127.0.0.1:11434 ", model: "qwen3:0.6b", draftProse: false, apiKey: KEY }),
    )
    expect(saved).toMatchObject({ enabled: true, endpoint: "http://127.0.0.1:11434", model: "qwen3:0.6b", draftProse: false, apiKey: "set", keySource: "keychain" })
    const file = readFileSync(settingsFile(s), "utf8")
    expect(JSON.parse(file)).toEqual({ enabled: true, endpoint: "http://127.0.0.1:11434", model: "qwen3:0.6b", draftProse: false })
    expect(readFileSync(join(s.dir, "secrets.json"), "utf8")).not.toContain(KEY)
    expect(s.services.model.settings.load("hr").apiKey).toBe(KEY)
    expect(JSON.stringify(await value(s.call("model.get", {})))).not.toContain(KEY)
    const cleared = await value<ModelSettingsView>(s.call("model.update", { apiKey: null }))
    expect(cleared).toMatchObject({ apiKey: "none", keySource: "none", enabled: true })
  })

  it("moves a key written in the file into the keychain when the app saves a new one", async () => {
    const s = setup(aesCipher())
    writeFileSync(settingsFile(s), JSON.stringify({ enabled: false, apiKey: "sk-old-file-key-0123456789" }))
    expect(await value<ModelSettingsView>(s.call("model.get", {}))).toMatchObject({ apiKey: "set", keySource: "file" })
    await value(s.call("model.update", { apiKey: KEY }))
    expect(readFileSync(settingsFile(s), "utf8")).not.toContain("sk-old")
    expect(s.services.model.settings.load("en").apiKey).toBe(KEY)
  })

  it("refuse an address that is not http(s) and an empty model name in the user's language, and lose nothing", async () => {
    const s = setup(aesCipher())
    await value(s.call("model.update", { endpoint: "http://127.0.0.1:8080", model: "local" }))
    const before = readFileSync(settingsFile(s), "utf8")
    const bad = await failure(s.call("model.update", { endpoint: "ftp://127.0.0.1", model: "other", apiKey: KEY }))
    expect(bad).toMatchObject({ code: "BAD_INPUT" })
    expect(bad.message).toContain("http:// ili https://")
    await value(s.call("settings.update", { locale: "en" }))
    const empty = await failure(s.call("model.update", { model: "   ", enabled: true }))
    expect(empty.message).toBe("Type the model's name (e.g. qwen3:0.6b for Ollama; llama-server accepts any name, e.g. local).")
    expect(readFileSync(settingsFile(s), "utf8")).toBe(before)
    expect(s.services.model.settings.view("hr").keySource).toBe("none")
  })

  it("refuse to keep a key without a keychain, with the store's own words, and write nothing", async () => {
    const s = setup()
    const refused = await failure(s.call("model.update", { enabled: true, apiKey: KEY }))
    expect(refused.code).toBe("UNAVAILABLE")
    expect(refused.message).toContain("nema zaštićenu pohranu tajni")
    expect(existsSync(settingsFile(s))).toBe(false)
  })
})

describe("model.test", () => {
  it("tests the form's unsaved address with the kept key and says what it found", async () => {
    const s = setup(aesCipher())
    server = await startScriptedServer([[{ status: 200, body: JSON.stringify({ data: [{ id: "qwen3:0.6b" }] }) }]])
    await value(s.call("model.update", { apiKey: KEY }))
    const result = await value<ModelTestResult>(s.call("model.test", { endpoint: server.url, model: "qwen3:0.6b" }))
    expect(result).toMatchObject({ finding: "ok", modelListed: true })
    expect(server.received[0]?.headers.authorization).toBe(`Bearer ${KEY}`)
    const bad = await failure(s.call("model.test", { endpoint: "not a url" }))
    expect(bad).toMatchObject({ code: "BAD_INPUT" })
  })
})

describe("a question with the provider on and off", () => {
  it("on: thoughts are pushed live for the run, the answer is the engine's, and the model part is stored", async () => {
    const s = setup(aesCipher())
    server = await startScriptedServer([
      wellBehaved(["Korisnik pita mora li ući u sustav PDV-a. ", "Prag se primjenjuje na promet tekuće godine. "]),
      wellBehaved([], ["Vaš promet od 65.000,00 EUR veći je od praga od 60.000,00 EUR, pa morate ući u sustav PDV-a."]),
    ])
    await value(s.call("model.update", { enabled: true, endpoint: server.url, model: "qwen3:0.6b", apiKey: KEY }))
    const requestId = await askAndWait(s)
    const mine = s.thoughts.filter((t) => t.requestId === requestId)
    expect(mine.map((t) => t.text).join(" ")).toContain("Korisnik pita mora li ući u sustav PDV-a.")
    // Live: the first thought went out while the stages ran, before the answer.
    expect(s.order.indexOf("thought")).toBeGreaterThanOrEqual(0)
    expect(s.order.indexOf("thought")).toBeLessThan(s.order.indexOf("ANSWER complete"))
    expect(server.received[0]?.headers.authorization).toBe(`Bearer ${KEY}`)
    const terminal = s.published.filter((e) => e.requestId === requestId).at(-1)
    expect(terminal?.stage).toBe("ANSWER")
    const part = await value<ModelRunView>(s.call("model.run", { requestId }))
    expect(part).toMatchObject({ present: true, reason: "finished", model: "qwen3:0.6b" })
    expect(part.steps.length).toBeGreaterThan(0)
    expect(part.draft?.accepted).toBe(true)
    const verified = await value<{ ok: boolean }>(s.call("traces.verify", { requestId }))
    expect(verified.ok).toBe(true)
  })

  it("off: no request reaches the server, nothing is pushed and the run has no model part", async () => {
    const s = setup(aesCipher())
    server = await startScriptedServer([wellBehaved(["Ne bi se smjelo pozvati. "])])
    await value(s.call("model.update", { enabled: false, endpoint: server.url, model: "qwen3:0.6b" }))
    const requestId = await askAndWait(s)
    expect(server.received).toHaveLength(0)
    expect(s.thoughts).toHaveLength(0)
    expect(await value<ModelRunView>(s.call("model.run", { requestId }))).toMatchObject({ present: false, steps: [], reason: null, draft: null })
    expect(s.services.traces.reader.modelRecords(requestId)).toHaveLength(0)
    expect(await failure(s.call("model.run", { requestId: "no-such-run" }))).toMatchObject({ code: "NOT_FOUND" })
  })
})
