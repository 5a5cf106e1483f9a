import { join } from "node:path"
import { afterEach, describe, expect, test } from "vitest"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import { modelCompanionFactory } from "../../../src-main/model/model-run"
import { PausedParts } from "../../../src-main/model/paused-parts"
import { DEFAULT_MODEL_SETTINGS } from "../../../src-main/model/settings"
import { RunService } from "../../../src-main/runs/run-service"
import { contentDelta, finishChunk, startScriptedServer, wellBehaved, type ScriptedServer } from "../../support/scripted-openai-server"
import { startRoutedServer, type RoutedServer } from "./routed-server"
import { cli } from "../cli/commands/cli-harness"
import { AS_OF, CLEAR_QUESTION, hrCorePack } from "../store/engine-fixtures"
import { openTestStore, tempDbPath, tempDir } from "../store/fixtures"

// A version-2 trace leaves the machine in an audit bundle like any other: the bundle's verifier
// checks its whole chain (the model's records included), its CSV row and the engine's replay.

let server: ScriptedServer | RoutedServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

describe("an audit bundle of a run with the model beside it", () => {
  test("exports and verifies: chain, CSV and replay hold, and the model is not called again", async () => {
    server = await startScriptedServer([
      wellBehaved(["Korisnik pita mora li ući u sustav PDV-a. ", "Prag se primjenjuje na promet. "]),
      wellBehaved([], ["Vaš promet od 65.000,00 EUR veći je od praga od 60.000,00 EUR, pa morate ući u sustav PDV-a."]),
    ])
    const db = tempDbPath()
    const store = openTestStore(db)
    const service = new RunService({ store, engine: buildAnswerWithReasoning, pack: hrCorePack() })
    const settings = { ...DEFAULT_MODEL_SETTINGS, enabled: true, endpoint: server.url }
    const run = await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF }, { model: modelCompanionFactory(settings) })
    expect(service.reader.modelRecords(run.requestId).length).toBeGreaterThan(2)
    store.close()
    const calls = server.received.length
    const dir = tempDir()
    const exported = await cli("export", "--db", db, "--key-dir", dir, "--out", join(dir, "bundle.zip"))
    expect(exported.code).toBe(0)
    const verified = await cli("verify", join(dir, "bundle.zip"), "--trusted-key", join(dir, "signing", "bundle-signing-key.pub.pem"))
    expect(verified.out).toContain(`ok   ${run.requestId} ANSWER  chain ok, csv ok, replay ok`)
    expect(verified.code).toBe(0)
    expect(server.received.length).toBe(calls)
  })

  test("a run answered on the model's reading verifies from the bundle, which replays the reading it recorded", async () => {
    const routed = await startRoutedServer(
      [[contentDelta('{"concept": "neop-dnevnica-tuzemna", "attribute": "amount"}'), finishChunk(), { done: true }]],
      [wellBehaved(["Pitanje je o putovanju. "])],
      [wellBehaved(["Korisnik pita o dnevnici. "])],
    )
    server = routed
    const db = tempDbPath()
    const store = openTestStore(db)
    const factory = modelCompanionFactory({ ...DEFAULT_MODEL_SETTINGS, enabled: true, endpoint: routed.url, draftProse: false }, {}, new PausedParts())
    const service = new RunService({ store, engine: buildAnswerWithReasoning, pack: hrCorePack(), model: () => factory })
    const first = await service.ask({ question: "Koliko dobivam za put po Hrvatskoj bez poreza?", asOfDate: AS_OF })
    expect(first.status).toBe("awaiting_input")
    const resumed = await service.resume(first.requestId, "concept:neop-dnevnica-tuzemna;attribute=amount")
    expect(resumed.event.stage).toMatch(/ANSWER$/)
    store.close()
    const calls = routed.proposals.received.length + routed.others.received.length + routed.resumed.received.length
    const dir = tempDir()
    expect((await cli("export", "--db", db, "--key-dir", dir, "--out", join(dir, "bundle.zip"))).code).toBe(0)
    const verified = await cli("verify", join(dir, "bundle.zip"), "--trusted-key", join(dir, "signing", "bundle-signing-key.pub.pem"))
    expect(verified.out).toContain(`ok   ${first.requestId} ${resumed.event.stage}  chain ok, csv ok, replay ok`)
    expect(verified.code).toBe(0)
    expect(routed.proposals.received.length + routed.others.received.length + routed.resumed.received.length).toBe(calls)
  })

  test("a run stopped while the model's reading was awaited verifies from the bundle: its replay stops where it did", async () => {
    const routed = await startRoutedServer([[{ delayMs: 8000 }, finishChunk(), { done: true }]], [[{ delayMs: 8000 }, finishChunk(), { done: true }]])
    server = routed
    const db = tempDbPath()
    const store = openTestStore(db)
    const limits = { ...DEFAULT_MODEL_SETTINGS.limits, stallMs: 10_000 }
    const factory = modelCompanionFactory({ ...DEFAULT_MODEL_SETTINGS, enabled: true, endpoint: routed.url, draftProse: false, limits }, {}, new PausedParts())
    const service = new RunService({ store, engine: buildAnswerWithReasoning, pack: hrCorePack(), model: () => factory })
    const started = service.start({ question: "Koliko košta ručak za radnike a da ne plaćam porez?", asOfDate: AS_OF })
    for (let waited = 0; routed.proposals.received.length === 0 && waited < 5000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10))
    const stopped = await service.cancel(started.requestId)
    expect(stopped.event).toMatchObject({ stage: "ERROR", data: { code: "CANCELLED" } })
    store.close()
    const dir = tempDir()
    expect((await cli("export", "--db", db, "--key-dir", dir, "--out", join(dir, "bundle.zip"))).code).toBe(0)
    const verified = await cli("verify", join(dir, "bundle.zip"), "--trusted-key", join(dir, "signing", "bundle-signing-key.pub.pem"))
    expect(verified.out).toContain(`ok   ${started.requestId} ERROR  chain ok, csv ok, replay ok`)
    expect(verified.code).toBe(0)
  })
})
