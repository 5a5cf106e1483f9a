import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { createRunStore, hasEnded, shownEvents } from "../../../../src-renderer/state/run-store"
import { MIN_STATUS_DISPLAY_MS } from "../../../../src-renderer/reasoning/display-queue"
import { selectPendingClarification, selectSteps } from "../../../../src-renderer/reasoning/selectors"
import type { TraceSummary } from "../../../../src-shared/traces"
import { answeredRun, clarificationAwaiting, context, intake, stamp } from "../fixtures/runs"
import { fakeApi } from "../fixtures/fake-api"

const summary = (requestId: string, status: TraceSummary["status"]): TraceSummary => ({
  requestId,
  question: "stored question",
  status,
  outcome: status === "complete" ? "ANSWER" : null,
  domain: null,
  riskTier: "T1",
  confidence: null,
  locale: "en",
  asOfDate: "2025-01-15",
  clientId: null,
  sourceCount: null,
  eligibleRuleCount: null,
  exclusionCount: null,
  conflictCount: null,
  refusalReason: null,
  durationMs: null,
  ttfusMs: null,
  createdAt: "2025-01-15T09:00:00.000Z",
  counterfactualOf: null,
  packId: "p",
  packVersion: "1.0.0",
  packHash: "h",
  chainHead: null,
  eventCount: 0,
})

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(0)
})
afterEach(() => vi.useRealTimers())

describe("run store", () => {
  it("events pushed before ask() answers are kept; a run that has ended is shown whole at once", async () => {
    const events = answeredRun("req-1")
    const fake = fakeApi({
      "runs.ask": async () => {
        // The engine is fast: the whole run arrives before the ask call returns.
        for (const e of events) fake.push(e)
        return { ok: true, value: { requestId: "req-1" } }
      },
    })
    const store = createRunStore({ api: fake.api })
    const id = await store.ask({ question: "q" })
    const snap = store.getSnapshot()
    expect(id).toBe("req-1")
    expect(snap.currentAskId).toBe("req-1")
    expect(snap.asks["req-1"]?.question).toBe("q")
    expect(snap.runs["req-1"]?.events).toHaveLength(events.length)
    expect(hasEnded(snap, "req-1")).toBe(true)
    // The terminal is in: the stepper shows the outcome now, as History does (no slow replay).
    expect(shownEvents(snap, "req-1")).toHaveLength(events.length)
    expect(vi.getTimerCount()).toBe(0)
    store.dispose()
  })

  it("a live run's stages are held while it runs, and released at once when its terminal arrives", () => {
    const events = answeredRun("req-3")
    const fake = fakeApi()
    const store = createRunStore({ api: fake.api })
    const live = events.slice(0, -1)
    for (const e of live) fake.push(e)
    // Live: intake, context and the first sources show; later completions wait their 300 ms.
    const held = shownEvents(store.getSnapshot(), "req-3")
    expect(held.some((e) => e.stage === "SOURCES" && e.status === "progress")).toBe(true)
    expect(held.length).toBeLessThan(live.length)
    expect(hasEnded(store.getSnapshot(), "req-3")).toBe(false)
    // The terminal arrives: everything is on screen without waiting for any timer.
    const terminal = events.at(-1)
    if (!terminal) throw new Error("fixture lacks a terminal")
    fake.push(terminal)
    expect(shownEvents(store.getSnapshot(), "req-3")).toHaveLength(events.length)
    expect(hasEnded(store.getSnapshot(), "req-3")).toBe(true)
    expect(vi.getTimerCount()).toBe(0)
    store.dispose()
  })

  it("drops pushed payloads that are not valid events and says so", () => {
    const fake = fakeApi()
    const invalid: string[] = []
    const store = createRunStore({ api: fake.api, onInvalidEvent: (issues) => invalid.push(issues) })
    fake.push({ v: 1, requestId: "x", stage: "ANSWER", status: "complete", data: { citations: "nope" } })
    expect(invalid).toHaveLength(1)
    expect(store.getSnapshot().runs).toEqual({})
    store.dispose()
  })

  it("a run opened from history is shown whole at once", async () => {
    const events = answeredRun("req-2")
    const fake = fakeApi({
      "traces.get": async () => ({ ok: true, value: { trace: summary("req-2", "complete"), events } }),
    })
    const store = createRunStore({ api: fake.api })
    await store.load("req-2")
    expect(shownEvents(store.getSnapshot(), "req-2")).toHaveLength(events.length)
    store.dispose()
  })

  it("an awaiting run from history can be answered and continues live in the same run", async () => {
    const waiting = stamp("req-3", [...intake(), ...context(), clarificationAwaiting()])
    const fake = fakeApi({
      "traces.get": async () => ({
        ok: true,
        value: { trace: summary("req-3", "awaiting_input"), events: waiting },
      }),
      "runs.answer": async () => ({ ok: true, value: { requestId: "req-3" } }),
    })
    const store = createRunStore({ api: fake.api })
    await store.load("req-3")
    expect(selectPendingClarification(shownEvents(store.getSnapshot(), "req-3"))?.reason).toBe("entityType")

    await store.answer("req-3", "DOO")
    expect(fake.calls.find((c) => c.key === "runs.answer")?.input).toEqual({
      requestId: "req-3",
      answer: "DOO",
    })
    const next = stamp(
      "req-3",
      [
        { stage: "CLARIFICATION", status: "complete", data: { confirmedContext: "DOO", answer: "DOO" } },
        { stage: "SOURCES", status: "started", data: { provider: "p", total: 1 } },
      ],
      40,
      waiting.length,
    )
    for (const e of next) fake.push(e)
    vi.advanceTimersByTime(MIN_STATUS_DISPLAY_MS)
    const steps = selectSteps(shownEvents(store.getSnapshot(), "req-3"))
    expect(steps.find((s) => s.stage === "CLARIFICATION")?.status).toBe("done")
    expect(steps.find((s) => s.stage === "SOURCES")?.status).toBe("active")
    store.dispose()
  })

  it("resync fetches unfinished runs from the store (after a reconnect) and leaves ended ones alone", async () => {
    const all = answeredRun("req-6")
    const fake = fakeApi({
      "traces.get": async () => ({ ok: true, value: { trace: summary("req-6", "complete"), events: all } }),
    })
    const store = createRunStore({ api: fake.api })
    for (const e of all.slice(0, 3)) fake.push(e)
    for (const e of answeredRun("req-7")) fake.push(e)
    await store.resync()
    expect(fake.calls.map((c) => c.input)).toEqual([{ requestId: "req-6" }])
    expect(store.getSnapshot().runs["req-6"]?.events).toHaveLength(all.length)
    store.dispose()
  })

  it("a failed ask rejects with the host's error and changes nothing", async () => {
    const fake = fakeApi({
      "runs.ask": async () => ({ ok: false, error: { code: "BAD_INPUT", message: "question is empty" } }),
    })
    const store = createRunStore({ api: fake.api })
    await expect(store.ask({ question: " " })).rejects.toMatchObject({ code: "BAD_INPUT" })
    expect(store.getSnapshot().currentAskId).toBeNull()
    store.dispose()
  })

  it("notifies subscribers and stops listening after dispose", () => {
    const fake = fakeApi()
    const store = createRunStore({ api: fake.api })
    let notified = 0
    store.subscribe(() => notified++)
    const [first] = answeredRun("req-4")
    fake.push(first)
    expect(notified).toBeGreaterThan(0)
    store.dispose()
    const before = store.getSnapshot()
    fake.push(answeredRun("req-5")[0])
    expect(store.getSnapshot()).toBe(before)
  })
})
