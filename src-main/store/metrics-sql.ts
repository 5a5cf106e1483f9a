import type Database from "better-sqlite3"
import type { Percentiles } from "../../src-shared/metrics"
import type { MetricsPeriod } from "./metrics-period"
import { SUMMARY_STAGE_COLUMNS } from "./run-summary"

// What the dashboard's queries share: the runs of a period (from their summaries), and
// nearest-rank percentiles (the value at rank ceil(p·n) of the n values in order, as stats.ts does).

export const ANSWER_OUTCOMES_SQL = "('ANSWER', 'QUALIFIED_ANSWER', 'CONDITIONAL_ANSWER')"

/**
 * The runs of the period as a CTE named `runs`: created in it, not hypothetical (What-if runs
 * answer the user's "what if", not a client's question), with the bucket they fall in. Read from
 * the run summaries (run-summary.ts), never from the trace rows or their events: a run counts as
 * of its trace's last settlement, and one not settled yet (running, no event stored) is not
 * counted. Parameters: @since, @untilNext. The bucket expression names the column s.created_at.
 */
export function periodRunsCte(bucketExpression: string): string {
  return `runs AS (
    SELECT s.trace_id AS id, s.created_at, s.status, s.outcome, s.risk_tier, s.eligible_rule_count,
           s.ttfus_ms, s.duration_ms, s.clarified, s.as_of_enforced, s.top_fetched_at,
           ${Object.values(SUMMARY_STAGE_COLUMNS).join(", ")}, ${bucketExpression} AS bucket
    FROM run_summaries s
    WHERE s.created_at >= @since AND s.created_at < @untilNext AND s.what_if = 0
  )`
}

/** The period's bounds as UTC instants (its first local midnight, and the one after its last day). */
export function periodParams(period: MetricsPeriod): { since: string; untilNext: string } {
  return { since: period.sinceAt, untilNext: period.untilNextAt }
}

export const NO_PERCENTILES: Percentiles = { count: 0, p50: null, p95: null }

/** Nearest-rank p50 and p95: the value at rank ceil(p·n) of the n values in order, as stats.ts does. */
export function nearestRank(values: readonly number[]): Percentiles {
  const n = values.length
  if (n === 0) return NO_PERCENTILES
  const sorted = Float64Array.from(values).sort()
  // Rank ceil(p·n) in integer arithmetic: (n·p% + 99) / 100.
  const at = (percent: number) => sorted[Math.floor((n * percent + 99) / 100) - 1] ?? null
  return { count: n, p50: at(50), p95: at(95) }
}

/**
 * Nearest-rank p50 and p95 of the second column per the first, over a query that selects
 * (key, value); null values are left out. Sorted here: SQLite's window functions over the same
 * values took ten times as long (issue 23's 90-day dashboard).
 */
export function percentilesByKey(
  sqlite: Database.Database,
  source: string,
  params: Record<string, string | number>,
): Map<string, Percentiles> {
  const rows = sqlite.prepare(source).raw().all(params) as [string, number | null][]
  const values = new Map<string, number[]>()
  for (const [key, value] of rows) {
    if (value === null) continue
    const list = values.get(key)
    if (list === undefined) values.set(key, [value])
    else list.push(value)
  }
  return new Map([...values].map(([key, list]) => [key, nearestRank(list)]))
}
