import { describe, expect, it } from "vitest"
import { heapGrowth } from "./support/soak-memory"
import { runSoak, type SoakReport } from "./support/soak-driver"

// The soak at CI size (FISKAI_SOAK_RUNS, default 1,000; `npm run bench` runs 20,000): runs through
// the real services with clarifications, counterfactuals and exports interleaved. Memory stays flat,
// no event is lost, every chain verifies and every run replays.

const RUNS = Number(process.env["FISKAI_SOAK_RUNS"] ?? 1_000)
/** Heap retained per run would show as growth well past this between 25 % and 100 % of the runs. */
const HEAP_GROWTH_LIMIT_BYTES = 4 * 1024 * 1024

let report: SoakReport

describe(`a soak of ${RUNS} runs in one process`, () => {
  it("runs every question to an outcome, with counterfactuals and exports in between", { timeout: 900_000 }, async () => {
    report = await runSoak({ runs: RUNS, counterfactualEvery: 40, exportEvery: Math.max(100, Math.floor(RUNS / 4)), memorySamples: 8, replayEvery: 1 })
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1)
    console.info(
      `[soak] ${RUNS} runs in ${(report.durationMs / 1000).toFixed(1)} s (${report.runsPerSecond.toFixed(1)} runs/s), ` +
        `${report.counterfactuals} counterfactuals, ${report.exports} exports, ${report.clarificationsAnswered} clarifications; ` +
        `memory (MB rss/heap): ${report.memory.map((m) => `${m.afterRuns}:${mb(m.rssBytes)}/${mb(m.heapUsedBytes)}`).join(" ")}`,
    )
    expect(report.failures.slice(0, 10)).toEqual([])
    expect(report.counterfactuals).toBeGreaterThanOrEqual(Math.floor(RUNS / 40) - 1)
    expect(report.exports).toBeGreaterThanOrEqual(Math.floor(RUNS / Math.max(100, Math.floor(RUNS / 4))))
    expect(report.clarificationsAnswered).toBeGreaterThan(0)
    // Every outcome the traffic should produce did occur.
    expect(report.outcomes["ANSWER"] ?? 0).toBeGreaterThan(0)
    expect(report.outcomes["REFUSAL"] ?? 0).toBeGreaterThan(0)
  })

  it("loses no event: every stored trace holds exactly the events the live bus carried, and none is left open", () => {
    expect(report.tracesChecked).toBe(RUNS + report.counterfactuals)
    expect(report.lostEvents.slice(0, 10)).toEqual([])
    expect(report.unfinished.slice(0, 10)).toEqual([])
  })

  it("verifies every hash chain and replays every run to the same events", () => {
    expect(report.chainProblems.slice(0, 10)).toEqual([])
    expect(report.replayProblems.slice(0, 10)).toEqual([])
  })

  it("keeps the heap flat: no growth past the limit between a quarter of the runs and the end (after GC)", () => {
    expect(report.gcAvailable).toBe(true)
    expect(heapGrowth(report.memory).growthBytes).toBeLessThan(HEAP_GROWTH_LIMIT_BYTES)
  })
})
