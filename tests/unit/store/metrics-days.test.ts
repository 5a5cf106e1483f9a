import { describe, expect, test } from "vitest"
import { dashboardMetrics } from "../../../src-main/store/metrics"
import type { Store } from "../../../src-main/store/store"
import { openTestStore } from "./fixtures"
import { answerData, seedRun } from "./metrics-seed"

// The dashboard's days are the desk's days (issue 23): runs seeded either side of Zagreb's local
// midnights, across both DST changes of 2026, land in the buckets whose counts are known.

const ZAGREB = "Europe/Zagreb"

function seedAnswers(store: Store, createdAts: readonly string[]): void {
  createdAts.forEach((createdAt, i) =>
    seedRun(store, {
      requestId: `a${i}`,
      createdAt,
      outcome: "ANSWER",
      riskTier: "T1",
      eligible: 1,
      events: [
        { stage: "ANSWER", status: "complete", atMs: 100, data: answerData("2026-01-01T00:00:00.000Z") },
      ],
    }),
  )
}

function runsByBucket(
  store: Store,
  now: string,
  bucket: "day" | "week",
  zone = ZAGREB,
): Record<string, number> {
  const m = dashboardMetrics(store, { days: 7, bucket }, new Date(now), zone)
  const counts: Record<string, number> = {}
  for (const day of m.period.buckets) counts[day] = 0
  for (const o of m.outcomes) counts[o.bucket] = (counts[o.bucket] ?? 0) + o.count
  return counts
}

describe("dashboard days in the desk's time zone", () => {
  test("a run at 00:30 Zagreb time counts on that day, and the period begins at Zagreb's midnight", () => {
    const store = openTestStore()
    // 23:30 local on 19 Nov (before the period), 00:30 local on 20 Nov, 00:30 local on 26 Nov (today).
    seedAnswers(store, ["2026-11-19T22:30:00.000Z", "2026-11-19T23:30:00.000Z", "2026-11-25T23:30:00.000Z"])
    const m = dashboardMetrics(
      store,
      { days: 7, bucket: "day" },
      new Date("2026-11-26T09:00:00.000Z"),
      ZAGREB,
    )
    expect(m.period.since).toBe("2026-11-20")
    expect(m.period.until).toBe("2026-11-26")
    expect(m.totals.runs).toBe(2)
    expect(m.outcomes.map((o) => [o.bucket, o.count])).toEqual([
      ["2026-11-20", 1],
      ["2026-11-26", 1],
    ])
    expect(m.rateSeries.find((r) => r.bucket === "2026-11-26")?.coverage).toEqual({
      numerator: 1,
      denominator: 1,
      rate: 1,
    })
  })

  test("the same store in UTC puts the 00:30 runs on the day before", () => {
    const store = openTestStore()
    seedAnswers(store, ["2026-11-20T23:30:00.000Z", "2026-11-25T23:30:00.000Z"])
    expect(runsByBucket(store, "2026-11-26T09:00:00.000Z", "day", "UTC")).toMatchObject({
      "2026-11-20": 1,
      "2026-11-25": 1,
      "2026-11-26": 0,
    })
    expect(runsByBucket(store, "2026-11-26T09:00:00.000Z", "day")).toMatchObject({
      "2026-11-20": 0,
      "2026-11-21": 1,
      "2026-11-25": 0,
      "2026-11-26": 1,
    })
  })

  test("the March change: the 23-hour Sunday holds exactly its own runs", () => {
    const store = openTestStore()
    seedAnswers(store, [
      "2026-03-28T22:59:00.000Z", // 23:59 CET, Saturday 28th
      "2026-03-28T23:00:00.000Z", // 00:00 CET, Sunday 29th
      "2026-03-29T00:59:00.000Z", // 01:59 CET, just before the clocks jump
      "2026-03-29T01:00:00.000Z", // 03:00 CEST
      "2026-03-29T21:59:00.000Z", // 23:59 CEST, Sunday
      "2026-03-29T22:00:00.000Z", // 00:00 CEST, Monday 30th
    ])
    const counts = runsByBucket(store, "2026-03-31T10:00:00.000Z", "day")
    expect(counts).toEqual({
      "2026-03-25": 0,
      "2026-03-26": 0,
      "2026-03-27": 0,
      "2026-03-28": 1,
      "2026-03-29": 4,
      "2026-03-30": 1,
      "2026-03-31": 0,
    })
  })

  test("the October change: the 25-hour Sunday holds its repeated hour once each", () => {
    const store = openTestStore()
    seedAnswers(store, [
      "2026-10-24T21:59:00.000Z", // 23:59 CEST, Saturday 24th
      "2026-10-24T22:00:00.000Z", // 00:00 CEST, Sunday 25th
      "2026-10-25T00:30:00.000Z", // 02:30 CEST
      "2026-10-25T01:30:00.000Z", // 02:30 CET, the same wall-clock time an hour later
      "2026-10-25T22:59:00.000Z", // 23:59 CET, Sunday
      "2026-10-25T23:00:00.000Z", // 00:00 CET, Monday 26th
    ])
    const counts = runsByBucket(store, "2026-10-27T10:00:00.000Z", "day")
    expect(counts).toEqual({
      "2026-10-21": 0,
      "2026-10-22": 0,
      "2026-10-23": 0,
      "2026-10-24": 1,
      "2026-10-25": 4,
      "2026-10-26": 1,
      "2026-10-27": 0,
    })
  })

  test("weeks across the March change begin at Monday's local midnight", () => {
    const store = openTestStore()
    seedAnswers(store, ["2026-03-29T21:59:00.000Z", "2026-03-29T22:00:00.000Z", "2026-03-30T08:00:00.000Z"])
    const counts = runsByBucket(store, "2026-03-31T10:00:00.000Z", "week")
    expect(counts).toEqual({ "2026-03-23": 1, "2026-03-30": 2 })
  })
})
