import type Database from "better-sqlite3"
import type { Percentiles } from "../../src-shared/metrics"
import type { MetricsPeriod } from "./metrics-period"

// SQL shared by the dashboard's queries: the runs of a period, their terminal event, and
// nearest-rank percentiles (the value at rank ceil(p·n) of the n values in order, as stats.ts does).

export const ANSWER_OUTCOMES_SQL = "('ANSWER', 'QUALIFIED_ANSWER', 'CONDITIONAL_ANSWER')"

/** An event's key is its trace's id × 2^20 + seq (event-keys.ts). */
export const EVENT_KEY_SHIFT = 1_048_576

/**
 * The runs of the period as a CTE named `runs`: created in it, not hypothetical (What-if runs
 * answer the user's "what if", not a client's question), with the bucket they fall in.
 * Parameters: @since, @untilNext.
 */
export function periodRunsCte(bucketExpression: string): string {
  return `runs AS (
    SELECT t.id, t.request_id, t.created_at, t.status, t.outcome, t.risk_tier, t.client_id,
           t.eligible_rule_count, t.event_count, t.ttfus_ms, t.duration_ms, ${bucketExpression} AS bucket
    FROM traces t
    WHERE t.created_at >= @since AND t.created_at < @untilNext AND t.counterfactual_of IS NULL
  )`
}

/**
 * An event's ts (toISOString: "YYYY-MM-DDTHH:MM:SS.mmmZ") as whole milliseconds since 1970, exactly:
 * julianday() differences carry float noise of a few hundredths of a millisecond.
 */
export function epochMsSql(column: string): string {
  return `(CAST(strftime('%s', ${column}) AS INTEGER) * 1000 + CAST(substr(${column}, 21, 3) AS INTEGER))`
}

/** The period's bounds as UTC instants (its first local midnight, and the one after its last day). */
export function periodParams(period: MetricsPeriod): { since: string; untilNext: string } {
  return { since: period.sinceAt, untilNext: period.untilNextAt }
}

/**
 * Nearest-rank p50 and p95 of `value` per `key`, over a query that selects (key, value).
 * Rank ceil(p·n) in integer arithmetic: (n·p% + 99) / 100.
 */
export function percentilesByKeySql(source: string): string {
  return `WITH v AS (${source}),
  ranked AS (
    SELECT key, value,
           ROW_NUMBER() OVER (PARTITION BY key ORDER BY value) AS rn,
           COUNT(*) OVER (PARTITION BY key) AS n
    FROM v WHERE value IS NOT NULL
  )
  SELECT key, MAX(n) AS n,
         MAX(CASE WHEN rn = (n * 50 + 99) / 100 THEN value END) AS p50,
         MAX(CASE WHEN rn = (n * 95 + 99) / 100 THEN value END) AS p95
  FROM ranked GROUP BY key`
}

interface PercentileRow {
  key: string
  n: number
  p50: number | null
  p95: number | null
}

/** Runs percentilesByKeySql and returns the percentiles by key (an empty set: count 0, nulls). */
export function percentilesByKey(
  sqlite: Database.Database,
  source: string,
  params: Record<string, string | number>,
): Map<string, Percentiles> {
  const rows = sqlite.prepare(percentilesByKeySql(source)).all(params) as PercentileRow[]
  return new Map(rows.map((row) => [row.key, { count: row.n, p50: row.p50, p95: row.p95 }]))
}

export const NO_PERCENTILES: Percentiles = { count: 0, p50: null, p95: null }
