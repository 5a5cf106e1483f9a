import { afterEach, describe, expect, it } from "vitest"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import type { LoadedPack } from "../../../src-main/knowledge/loader"
import { modelRunView } from "../../../src-main/model/model-provider"
import { modelCompanionFactory } from "../../../src-main/model/model-run"
import { DEFAULT_MODEL_SETTINGS } from "../../../src-main/model/settings"
import { RunService } from "../../../src-main/runs/run-service"
import { WhatIfService } from "../../../src-main/runs/whatif-service"
import { openTestStore, tempDbPath } from "../store/fixtures"
import { CRAFTED_QUESTION, craftedPack } from "../whatif/crafted-pack"
import { dooProfile } from "../whatif/fixtures"
import { startScriptedServer, wellBehaved, type ScriptedServer } from "../../support/scripted-openai-server"

// A what-if is the engine's hypothetical (issue 24): with the provider on, a counterfactual, a
// saved scenario's re-check (same pack or a newer one, which asks the base question again) and the
// offered full re-run make no request to the model. Only the question the user asked does.

let server: ScriptedServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

function withProvider(url: string, pack: LoadedPack, dbPath: string) {
  const settings = { ...DEFAULT_MODEL_SETTINGS, enabled: true, endpoint: url, model: "qwen-test", draftProse: false, limits: { ...DEFAULT_MODEL_SETTINGS.limits, stallMs: 300, graceMs: 500 } }
  const store = openTestStore(dbPath)
  const traces = new RunService({ store, engine: buildAnswerWithReasoning, pack, model: () => modelCompanionFactory(settings) })
  return { traces, whatif: new WhatIfService({ store, traces, currentPack: pack }) }
}

describe("what-if runs with the model provider on", () => {
  it("a counterfactual, a scenario re-check under the same and a newer pack, and a full re-run make 0 requests", async () => {
    // Every request past the first gets a well-behaved stream: a request made would be answered, and counted.
    server = await startScriptedServer([], wellBehaved(["Razmišljam o pragu. "]))
    const dbPath = tempDbPath()
    const f = withProvider(server.url, craftedPack("1.0.0", 60000), dbPath)
    const base = await f.traces.ask({ question: CRAFTED_QUESTION, asOfDate: "2025-06-01", profile: dooProfile() })
    // The question the user asked has the model beside it.
    expect(server.received.filter((r) => r.path.endsWith("/chat/completions"))).toHaveLength(1)
    expect(f.traces.reader.modelRecords(base.requestId).length).toBeGreaterThan(0)

    const { run } = await f.whatif.run(base.requestId, [{ kind: "set", path: "counters.revenueYtd", value: 62000 }])
    const scenario = f.whatif.saveScenario({ name: "62.000", resultRequestId: run?.requestId ?? "" })
    const same = await f.whatif.recheck(scenario.id)
    const g = withProvider(server.url, craftedPack("1.1.0", 70000), dbPath)
    const newer = await g.whatif.recheck(scenario.id)
    expect(newer.recheck.packChanged).toBe(true)
    const rerun = await g.whatif.rerun(base.requestId, [{ kind: "set", path: "counters.revenueYtd", value: 30000 }]).done

    expect(server.received).toHaveLength(1)
    // None of them carries a model recording (trace format 1): the thoughts belong to the original run.
    for (const id of [run?.requestId ?? "", same.recheck.resultRequestId, newer.recheck.baseRequestId, newer.recheck.resultRequestId, rerun.requestId])
      expect(g.traces.reader.modelRecords(id)).toEqual([])
    // The window's note: a what-if of a run with a model part names that run; the model was not asked.
    expect(modelRunView(g.traces.reader, run?.requestId ?? "")).toMatchObject({ present: false, originalRun: base.requestId })
    expect(modelRunView(g.traces.reader, rerun.requestId)).toMatchObject({ present: false, originalRun: base.requestId })
    // A re-check's new base was asked without the model: its hypothetical names no run with a model part.
    expect(modelRunView(g.traces.reader, newer.recheck.resultRequestId)).toMatchObject({ present: false, originalRun: null })
  })
})
