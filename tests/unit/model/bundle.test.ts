import { join } from "node:path"
import { afterEach, describe, expect, test } from "vitest"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import { modelCompanionFactory } from "../../../src-main/model/model-run"
import { DEFAULT_MODEL_SETTINGS } from "../../../src-main/model/settings"
import { RunService } from "../../../src-main/runs/run-service"
import { startScriptedServer, wellBehaved, type ScriptedServer } from "../../support/scripted-openai-server"
import { cli } from "../cli/commands/cli-harness"
import { AS_OF, CLEAR_QUESTION, hrCorePack } from "../store/engine-fixtures"
import { openTestStore, tempDbPath, tempDir } from "../store/fixtures"

// A version-2 trace leaves the machine in an audit bundle like any other: the bundle's verifier
// checks its whole chain (the model's records included), its CSV row and the engine's replay.

let server: ScriptedServer | undefined
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
})
