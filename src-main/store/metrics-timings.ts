import type Database from "better-sqlite3"
import { ReasoningStage } from "../../src-shared/events/stages"
import type { StageTiming } from "../../src-shared/metrics"
import type { MetricsPeriod } from "./metrics-period"
import { epochMsSql, EVENT_KEY_SHIFT, NO_PERCENTILES, percentilesByKey, periodParams, periodRunsCte } from "./metrics-sql"

// TTFUS, whole-run and per-stage durations as p50/p95 over the period's runs. TTFUS and the
// run's duration are the trace's own columns (run-timing.ts: the time waiting for a
// clarification answer is the user's and left out). A stage's duration runs from its `started`
// event to its `complete` event; stages without both (CLARIFICATION, the terminal) have none,
// so no stage's figure holds the user's time either. CROSS JOIN keeps the period's runs as the
// outer loop (each run's events are one key range): over a long period the planner otherwise
// chose to scan the events and look for each one's run, which grew with the square of the runs.

const STAGE_ORDER = ReasoningStage.options

export function stageTimings(sqlite: Database.Database, period: MetricsPeriod): StageTiming[] {
  const params = periodParams(period)
  const whole = percentilesByKey(
    sqlite,
    `WITH ${periodRunsCte("NULL")}
     SELECT 'TTFUS' AS key, ttfus_ms AS value FROM runs
     UNION ALL SELECT 'RUN' AS key, duration_ms AS value FROM runs`,
    params,
  )
  const stages = percentilesByKey(
    sqlite,
    `WITH ${periodRunsCte("NULL")}
     SELECT e.stage AS key,
       MAX(CASE WHEN e.status = 'complete' THEN ${epochMsSql("e.ts")} END) -
       MIN(CASE WHEN e.status = 'started' THEN ${epochMsSql("e.ts")} END) AS value
     FROM runs r CROSS JOIN events e
       ON e.id BETWEEN r.id * ${EVENT_KEY_SHIFT} AND r.id * ${EVENT_KEY_SHIFT} + ${EVENT_KEY_SHIFT - 1}
     WHERE e.status IN ('started', 'complete')
     GROUP BY r.id, e.stage`,
    params,
  )
  const timings: StageTiming[] = [
    { stage: "TTFUS", ms: whole.get("TTFUS") ?? NO_PERCENTILES },
    { stage: "RUN", ms: whole.get("RUN") ?? NO_PERCENTILES },
  ]
  for (const stage of STAGE_ORDER) {
    const ms = stages.get(stage)
    if (ms !== undefined) timings.push({ stage, ms })
  }
  return timings
}
