import { describe, expect, test } from "vitest"
import { dashboardMetrics } from "../../../src-main/store/metrics"
import { metricsPeriod } from "../../../src-main/store/metrics-period"
import type { Store } from "../../../src-main/store/store"
import { openTestStore } from "./fixtures"
import { answerData, seedFlag, seedRun, seedThread, type SeedEvent } from "./metrics-seed"

// The dashboard's figures on a real database file seeded with runs whose shares are known
// (issue 23: "the dashboard's figures tested against a seeded store whose rates are known").

const NOW = new Date("2026-03-10T12:00:00.000Z")
const ZONE = "Europe/Zagreb"

function answer(kind: string, fetchedAt: string, applies = true): SeedEvent[] {
  return [{ stage: kind, status: "complete", atMs: 900, data: answerData(fetchedAt, applies) }]
}

const REFUSAL: SeedEvent[] = [{ stage: "REFUSAL", status: "complete", atMs: 500, data: { reason: "NO_RULES" } }]

function seedWeek(store: Store): void {
  seedRun(store, {
    requestId: "r1", createdAt: "2026-03-09T09:00:00.000Z", outcome: "ANSWER", riskTier: "T2", clientId: "c1", eligible: 2, ttfusMs: 400, durationMs: 1000,
    events: [
      { stage: "QUESTION_INTAKE", status: "started", atMs: 0 },
      { stage: "QUESTION_INTAKE", status: "complete", atMs: 100 },
      { stage: "CONTEXT_RESOLUTION", status: "started", atMs: 100 },
      { stage: "CONTEXT_RESOLUTION", status: "complete", atMs: 300 },
      { stage: "SOURCES", status: "started", atMs: 300 },
      { stage: "SOURCES", status: "progress", atMs: 400 },
      { stage: "SOURCES", status: "complete", atMs: 700 },
      ...answer("ANSWER", "2026-03-01T09:00:00.000Z"),
    ],
  })
  seedRun(store, {
    requestId: "r2", createdAt: "2026-03-09T10:00:00.000Z", outcome: "REFUSAL", riskTier: "T1", clientId: "c1", eligible: 0,
    events: [{ stage: "CLARIFICATION", status: "awaiting_input", atMs: 100 }, ...REFUSAL],
  })
  seedRun(store, {
    requestId: "r3", createdAt: "2026-03-09T10:10:00.000Z", outcome: "ANSWER", riskTier: "T1", clientId: "c1", eligible: 1, ttfusMs: 600,
    events: [
      { stage: "QUESTION_INTAKE", status: "started", atMs: 0 },
      { stage: "QUESTION_INTAKE", status: "complete", atMs: 300 },
      ...answer("ANSWER", "2025-12-09T10:10:00.000Z", false),
    ],
  })
  seedRun(store, { requestId: "r4", createdAt: "2026-03-05T08:00:00.000Z", outcome: "REFUSAL", riskTier: "T0", eligible: 0, events: REFUSAL })
  seedRun(store, { requestId: "r5", createdAt: "2026-03-06T08:00:00.000Z", outcome: "REFUSAL", riskTier: "T2", eligible: 1, events: REFUSAL })
  seedRun(store, { requestId: "r6", createdAt: "2026-03-06T08:10:00.000Z", outcome: "REFUSAL", riskTier: "T2", eligible: 0, events: REFUSAL })
  seedRun(store, {
    requestId: "r7", createdAt: "2026-03-06T08:20:00.000Z", outcome: "CONDITIONAL_ANSWER", riskTier: "T2", eligible: 2,
    events: answer("CONDITIONAL_ANSWER", "2026-03-04T08:20:00.000Z"),
  })
  seedThread(store, "th1", ["r5", "r6", "r7"])
  seedRun(store, { requestId: "r8", createdAt: "2026-03-07T08:00:00.000Z", outcome: "REFUSAL", riskTier: "T2", clientId: "c2", eligible: 0, events: REFUSAL })
  seedRun(store, {
    requestId: "r9", createdAt: "2026-03-07T09:00:00.000Z", outcome: "ANSWER", riskTier: "T2", clientId: "c2", eligible: 1, ttfusMs: 800,
    events: answer("ANSWER", "2026-02-05T09:00:00.000Z"),
  })
  seedRun(store, { requestId: "r10", createdAt: "2026-03-08T08:00:00.000Z", outcome: "ERROR", riskTier: "T2", events: [{ stage: "ERROR", status: "complete", atMs: 10 }] })
  seedRun(store, { requestId: "r11", createdAt: "2026-03-01T08:00:00.000Z", outcome: "ANSWER", riskTier: "T2", eligible: 1, events: answer("ANSWER", "2026-03-01T08:00:00.000Z") })
  seedRun(store, { requestId: "r12", createdAt: "2026-03-09T11:00:00.000Z", outcome: "REFUSAL", riskTier: "T2", counterfactualOf: "r1", events: REFUSAL })
  seedRun(store, {
    requestId: "r13", createdAt: "2026-03-10T08:00:00.000Z", status: "awaiting_input", riskTier: "T2",
    events: [{ stage: "CLARIFICATION", status: "awaiting_input", atMs: 50 }],
  })
  seedRun(store, {
    requestId: "r14", createdAt: "2026-03-10T09:00:00.000Z", outcome: "QUALIFIED_ANSWER", riskTier: "T3", eligible: 3, ttfusMs: 200,
    events: answer("QUALIFIED_ANSWER", "2026-02-20T09:00:00.000Z"),
  })
  seedFlag(store, { id: "f1", runId: "r1", kind: "wrong", createdAt: "2026-03-09T12:00:00.000Z", status: "confirmed", decidedAt: "2026-03-09T18:00:00.000Z" })
  seedFlag(store, { id: "f2", runId: "r3", kind: "unclear", createdAt: "2026-03-09T12:00:00.000Z", status: "rejected", decidedAt: "2026-03-10T12:00:00.000Z" })
  seedFlag(store, { id: "f3", runId: "r14", kind: "wrong", createdAt: "2026-03-10T10:00:00.000Z" })
  seedFlag(store, { id: "f4", runId: "r11", kind: "wrong", createdAt: "2026-03-01T10:00:00.000Z" })
}

describe("dashboard metrics", () => {
  test("an empty store: every bucket there, every share null, no percentile", () => {
    const m = dashboardMetrics(openTestStore(), { days: 7, bucket: "day" }, NOW, ZONE)
    expect(m.period).toEqual({
      days: 7, bucket: "day", since: "2026-03-04", until: "2026-03-10",
      buckets: ["2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07", "2026-03-08", "2026-03-09", "2026-03-10"],
    })
    expect(m.totals.runs).toBe(0)
    expect(m.outcomes).toEqual([])
    for (const rate of Object.values(m.rates)) expect(rate).toEqual({ numerator: 0, denominator: 0, rate: null })
    expect(m.rateSeries).toHaveLength(7)
    expect(m.timings).toEqual([
      { stage: "TTFUS", ms: { count: 0, p50: null, p95: null } },
      { stage: "RUN", ms: { count: 0, p50: null, p95: null } },
    ])
    expect(m.triage).toEqual({ open: 0, hours: { count: 0, p50: null, p95: null } })
  })

  test("outcomes by risk tier and day, leaving out What-if runs and runs before the period", () => {
    const store = openTestStore()
    seedWeek(store)
    const m = dashboardMetrics(store, { days: 7, bucket: "day" }, NOW, ZONE)
    expect(m.totals).toEqual({ runs: 11, byOutcome: { ANSWER: 3, QUALIFIED_ANSWER: 1, CONDITIONAL_ANSWER: 1, REFUSAL: 5, ERROR: 1 } })
    expect(m.outcomes.filter((o) => o.bucket === "2026-03-09")).toEqual([
      { bucket: "2026-03-09", riskTier: "T1", outcome: "ANSWER", count: 1 },
      { bucket: "2026-03-09", riskTier: "T1", outcome: "REFUSAL", count: 1 },
      { bucket: "2026-03-09", riskTier: "T2", outcome: "ANSWER", count: 1 },
    ])
    expect(m.outcomes.find((o) => o.bucket === "2026-03-05")).toEqual({ bucket: "2026-03-05", riskTier: "T0", outcome: "REFUSAL", count: 1 })
  })

  test("weeks start on Monday and hold their days' runs", () => {
    const store = openTestStore()
    seedWeek(store)
    const m = dashboardMetrics(store, { days: 7, bucket: "week" }, NOW, ZONE)
    expect(m.period.buckets).toEqual(["2026-03-02", "2026-03-09"])
    const runsIn = (bucket: string) => m.outcomes.filter((o) => o.bucket === bucket).reduce((n, o) => n + o.count, 0)
    expect(runsIn("2026-03-02")).toBe(7)
    expect(runsIn("2026-03-09")).toBe(4)
    expect(m.rateSeries.map((r) => r.clarification)).toEqual([
      { numerator: 0, denominator: 7, rate: 0 },
      { numerator: 2, denominator: 5, rate: 0.4 },
    ])
  })

  test("coverage, clarification, temporal enforcement and freshness shares", () => {
    const store = openTestStore()
    seedWeek(store)
    const { rates, freshnessAgeDays } = dashboardMetrics(store, { days: 7, bucket: "day" }, NOW, ZONE)
    // Judged: 5 answers + 5 refusals (the error left out); covered: the answers and r5.
    expect(rates.coverage).toEqual({ numerator: 6, denominator: 10, rate: 0.6 })
    // 11 finished runs and r13 still awaiting its answer; r2 and r13 asked.
    expect(rates.clarification).toEqual({ numerator: 2, denominator: 12, rate: 2 / 12 })
    // r3's answer did not witness appliesWhen.
    expect(rates.temporal).toEqual({ numerator: 4, denominator: 5, rate: 0.8 })
    // Ages 8, 90, 2, 30 and 18 days: 30 days is no longer fresh.
    expect(rates.freshness).toEqual({ numerator: 3, denominator: 5, rate: 0.6 })
    expect(freshnessAgeDays).toEqual({ count: 5, p50: 18, p95: 90 })
  })

  test("refusal recovery: within two turns of a thread, or the client's next two runs within 30 minutes", () => {
    const store = openTestStore()
    seedWeek(store)
    const { rates, recovery } = dashboardMetrics(store, { days: 7, bucket: "day" }, NOW, ZONE)
    // r2 (client c1, answered 10 minutes later), r5 and r6 (the thread's answer two and one turns
    // later) recovered; r4 (no client, no thread) and r8 (answered after 60 minutes) not.
    expect(rates.refusalRecovery).toEqual({ numerator: 3, denominator: 5, rate: 0.6 })
    expect(recovery).toEqual({ followUps: 2, windowMinutes: 30 })
  })

  test("a refusal three turns before the answer is not recovered", () => {
    const store = openTestStore()
    for (const [i, outcome] of ["REFUSAL", "REFUSAL", "REFUSAL", "ANSWER"].entries())
      seedRun(store, { requestId: `t${i}`, createdAt: `2026-03-09T0${i}:00:00.000Z`, outcome, events: outcome === "REFUSAL" ? REFUSAL : answer("ANSWER", "2026-03-01") })
    seedThread(store, "th", ["t0", "t1", "t2", "t3"])
    expect(dashboardMetrics(store, { days: 7, bucket: "day" }, NOW, ZONE).rates.refusalRecovery).toEqual({ numerator: 2, denominator: 3, rate: 2 / 3 })
  })

  test("dispute rate, confirmed incorrect and time to triage from the flags", () => {
    const store = openTestStore()
    seedWeek(store)
    const { rates, triage } = dashboardMetrics(store, { days: 7, bucket: "day" }, NOW, ZONE)
    expect(rates.dispute).toEqual({ numerator: 3, denominator: 5, rate: 0.6 })
    expect(rates.confirmedIncorrect).toEqual({ numerator: 1, denominator: 5, rate: 0.2 })
    // Decided after 6 and 24 hours; two flags open (one on a run before the period).
    expect(triage).toEqual({ open: 2, hours: { count: 2, p50: 6, p95: 24 } })
  })

  test("TTFUS, run and stage durations as nearest-rank p50 and p95", () => {
    const store = openTestStore()
    seedWeek(store)
    const { timings } = dashboardMetrics(store, { days: 7, bucket: "day" }, NOW, ZONE)
    expect(timings).toEqual([
      { stage: "TTFUS", ms: { count: 4, p50: 400, p95: 800 } },
      { stage: "RUN", ms: { count: 1, p50: 1000, p95: 1000 } },
      { stage: "QUESTION_INTAKE", ms: { count: 2, p50: 100, p95: 300 } },
      { stage: "CONTEXT_RESOLUTION", ms: { count: 1, p50: 200, p95: 200 } },
      { stage: "SOURCES", ms: { count: 1, p50: 400, p95: 400 } },
    ])
  })

  test("a 90-day period by week covers 90 days in whole weeks", () => {
    const period = metricsPeriod({ days: 90, bucket: "week" }, NOW, ZONE)
    expect(period.since).toBe("2025-12-11")
    expect(period.buckets[0]).toBe("2025-12-08")
    expect(period.buckets.at(-1)).toBe("2026-03-09")
    expect(period.buckets).toHaveLength(14)
  })

  test("a request outside the contract is refused", () => {
    expect(() => dashboardMetrics(openTestStore(), { days: 14 as 7, bucket: "day" }, NOW, ZONE)).toThrow()
  })
})
