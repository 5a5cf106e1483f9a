import { describe, expect, test } from "vitest"
import { consumeReasoning } from "../../../src-main/sinks/consumer"
import { MetricsSink } from "../../../src-main/sinks/metrics-sink"
import { fixturePack } from "../store/fixtures"
import { scriptedEngine } from "../store/scripted-engine"

describe("MetricsSink", () => {
  test("measures each stage from started to complete, and the time to first useful stage", async () => {
    // A clock that advances 10 ms per reading: event n arrives at 10 * n ms.
    let t = 0
    const metrics = new MetricsSink(() => (t += 10))
    const engine = scriptedEngine({ requestId: "m1", question: "fixture", asOfDate: "2025-05-05" }, { pack: fixturePack(), clock: () => new Date(0) })
    const terminal = await consumeReasoning(engine, [metrics])
    const snap = metrics.snapshot()
    // Scripted order: 0 intake started, 1 intake complete, 2 context started, 3 context complete,
    // 4 sources started, 5 sources progress (first useful), 6 sources complete, ...
    expect(snap.stageDurationsMs.QUESTION_INTAKE).toBe(10)
    expect(snap.stageDurationsMs.SOURCES).toBe(20)
    expect(snap.ttfusMs).toBe(50)
    expect(snap).toMatchObject({ requestId: "m1", outcome: terminal.stage, eventCount: terminal.seq + 1, totalMs: terminal.seq * 10 })
  })

  test("no source found: no TTFUS", async () => {
    const metrics = new MetricsSink(() => 0)
    const emptyPack = { ...fixturePack(), pack: { ...fixturePack().pack, sources: [] } }
    await consumeReasoning(scriptedEngine({ requestId: "m2", question: "fixture" }, { pack: emptyPack, clock: () => new Date(0) }), [metrics])
    expect(metrics.snapshot().ttfusMs).toBeNull()
  })
})
