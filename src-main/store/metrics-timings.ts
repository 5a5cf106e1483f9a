import type Database from "better-sqlite3"
import type { StageTiming } from "../../src-shared/metrics"
import type { MetricsPeriod } from "./metrics-period"
import { nearestRank, periodParams, periodRunsCte } from "./metrics-sql"
import { SUMMARY_STAGE_COLUMNS, type SummaryStage } from "./run-summary"

// TTFUS, whole-run and per-stage durations as p50/p95 over the period's runs. TTFUS and the
// run's duration are the trace's own (run-timing.ts: the time waiting for a clarification answer
// is the user's and left out). A stage's duration, from its `started` event to its `complete`
// event, is in the run's summary (run-summary.ts: the events themselves are not read here);
// stages without both (CLARIFICATION, the terminal) have none, so no stage's figure holds the
// user's time either. A stage no run of the period went through is not listed. The period's
// runs are read once, as arrays, and each column's percentiles taken from them.

const STAGES = Object.keys(SUMMARY_STAGE_COLUMNS) as SummaryStage[]
const COLUMNS = ["ttfus_ms", "duration_ms", ...STAGES.map((stage) => SUMMARY_STAGE_COLUMNS[stage])]

export function stageTimings(sqlite: Database.Database, period: MetricsPeriod): StageTiming[] {
  const rows = sqlite
    .prepare(`WITH ${periodRunsCte("NULL")} SELECT ${COLUMNS.join(", ")} FROM runs`)
    .raw()
    .all(periodParams(period)) as (number | null)[][]
  const figures = (index: number) => {
    const values: number[] = []
    for (const row of rows) {
      const value = row[index]
      if (value !== null && value !== undefined) values.push(value)
    }
    return nearestRank(values)
  }
  const timings: StageTiming[] = [
    { stage: "TTFUS", ms: figures(0) },
    { stage: "RUN", ms: figures(1) },
  ]
  STAGES.forEach((stage, i) => {
    const ms = figures(i + 2)
    if (ms.count > 0) timings.push({ stage, ms })
  })
  return timings
}
