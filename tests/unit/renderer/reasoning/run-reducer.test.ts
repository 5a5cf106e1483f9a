import { describe, expect, it } from "vitest"
import { EMPTY_RUNS, runReducer, type RunsState } from "../../../../src-renderer/reasoning/run-reducer"
import type { TraceDetail, TraceSummary } from "../../../../src-shared/traces"
import { answeredRun } from "../fixtures/runs"

function fold(events: ReturnType<typeof answeredRun>, start: RunsState = EMPTY_RUNS): RunsState {
  return events.reduce((state, event, i) => runReducer(state, { type: "event", event, at: 1000 + i }), start)
}

function summary(requestId: string): TraceSummary {
  return {
    requestId,
    question: "q",
    status: "complete",
    outcome: "ANSWER",
    domain: "TAX",
    riskTier: "T1",
    confidence: 0.9,
    locale: "en",
    asOfDate: "2025-01-15",
    clientId: null,
    sourceCount: 2,
    eligibleRuleCount: 2,
    exclusionCount: 1,
    conflictCount: 0,
    refusalReason: null,
    durationMs: 800,
    ttfusMs: 40,
    createdAt: "2025-01-15T09:00:00.000Z",
    counterfactualOf: null,
    packId: "pack",
    packVersion: "1.0.0",
    packHash: "h",
    chainHead: "c",
    eventCount: 0,
  }
}

describe("runReducer", () => {
  it("folds events per request id, in seq order", () => {
    const a = answeredRun("req-a")
    const b = answeredRun("req-b")
    const interleaved = a.flatMap((event, i) => [event, b[i]].filter((e) => e !== undefined))
    const state = fold(interleaved)
    expect(state["req-a"]?.events.map((e) => e.seq)).toEqual(a.map((e) => e.seq))
    expect(state["req-b"]?.events).toHaveLength(b.length)
    expect(state["req-a"]?.lastSeq).toBe(a.length - 1)
  })

  it("ignores duplicates and events that arrive after a later seq", () => {
    const events = answeredRun("req-a")
    const [e0, e1, e2, e3] = events
    if (!e0 || !e1 || !e2 || !e3) throw new Error("fixture too short")
    const state = fold([e0, e1, e1, e3, e2])
    const run = state["req-a"]
    expect(run?.events.map((e) => e.seq)).toEqual([0, 1, 3])
    expect(run?.dropped).toBe(2)
  })

  it("records the time of the latest new event for liveness, not of dropped ones", () => {
    const [e0, e1] = answeredRun("req-a")
    if (!e0 || !e1) throw new Error("fixture too short")
    let state = runReducer(EMPTY_RUNS, { type: "event", event: e0, at: 100 })
    state = runReducer(state, { type: "event", event: e1, at: 250 })
    state = runReducer(state, { type: "event", event: e1, at: 900 })
    expect(state["req-a"]?.lastActivityAt).toBe(250)
  })

  it("renders a stored run the same as the live one: loading gives the same events", () => {
    const events = answeredRun("req-a")
    const live = fold(events)["req-a"]
    const detail: TraceDetail = { trace: summary("req-a"), events }
    const stored = runReducer(EMPTY_RUNS, { type: "loaded", detail, at: 5 })["req-a"]
    expect(stored?.events).toEqual(live?.events)
    expect(stored?.stored?.status).toBe("complete")
  })

  it("merges stored events with live ones already received, filling gaps", () => {
    const events = answeredRun("req-a")
    const someLive = fold([events[0], events[5], events[6]].filter((e) => e !== undefined))
    const merged = runReducer(someLive, {
      type: "loaded",
      detail: { trace: summary("req-a"), events: events.slice(0, 4) },
      at: 9,
    })
    expect(merged["req-a"]?.events.map((e) => e.seq)).toEqual([0, 1, 2, 3, 5, 6])
    expect(merged["req-a"]?.lastSeq).toBe(6)
  })

  it("marks a submitted run as active before its first event arrives", () => {
    const state = runReducer(EMPTY_RUNS, { type: "submitted", requestId: "req-x", at: 42 })
    expect(state["req-x"]).toMatchObject({ submittedAt: 42, lastActivityAt: 42, events: [] })
  })

  it("forgets a run", () => {
    const state = runReducer(fold(answeredRun("req-a")), { type: "forget", requestId: "req-a" })
    expect(state["req-a"]).toBeUndefined()
  })
})
