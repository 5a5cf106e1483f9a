import type Database from "better-sqlite3"
import { RiskTier, TerminalOutcome } from "../../src-shared/events/stages"
import { toRate, type OutcomeCount, type Percentiles, type RateRow } from "../../src-shared/metrics"
import { bucketSql, type MetricsPeriod } from "./metrics-period"
import { ANSWER_OUTCOMES_SQL, EVENT_KEY_SHIFT, NO_PERCENTILES, percentilesByKey, periodParams, periodRunsCte } from "./metrics-sql"

// Outcomes by risk tier over time and the pipeline-health shares of seed 001 §11, per bucket:
// - citable coverage: of the runs the pipeline judged (answered or refused; errors left out:
//   a stopped or timed-out run says nothing about the pack), those with at least one eligible rule;
// - clarification: of the runs that ended or await an answer, those that asked a clarification;
// - temporal enforcement: of the answers (ANSWER, QUALIFIED_ANSWER, CONDITIONAL_ANSWER), those whose
//   terminal event carries its as-of date and appliesWhenEvaluated = true;
// - source freshness: of the answers with a top citation, those whose top (first) citation's
//   evidence had been fetched less than 30 days before the run was asked.

export const FRESH_DAYS = 30

interface RateCounts {
  bucket: string
  judged: number
  covered: number
  asked: number
  clarified: number
  answers: number
  temporal: number
  cited: number
  fresh: number
}

function ratesSql(period: MetricsPeriod): string {
  // The terminal event is one rowid lookup per answer (its key is the trace's id × 2^20 + the last
  // seq); joined row by row, never through a CTE of answers, which SQLite would scan per run.
  const json = "e.event_json"
  const fetched = `json_extract(${json}, '$.data.citations[0].fetchedAt')`
  return `WITH ${periodRunsCte(bucketSql(period, "t.created_at"))}
  SELECT r.bucket AS bucket,
    SUM(r.outcome IS NOT NULL AND r.outcome <> 'ERROR') AS judged,
    SUM(r.outcome IS NOT NULL AND r.outcome <> 'ERROR' AND coalesce(r.eligible_rule_count, 0) >= 1) AS covered,
    SUM(r.outcome IS NOT NULL OR r.status = 'awaiting_input') AS asked,
    SUM((r.outcome IS NOT NULL OR r.status = 'awaiting_input') AND EXISTS (
      SELECT 1 FROM events c
      WHERE c.id BETWEEN r.id * ${EVENT_KEY_SHIFT} AND r.id * ${EVENT_KEY_SHIFT} + ${EVENT_KEY_SHIFT - 1}
        AND c.stage = 'CLARIFICATION' AND c.status = 'awaiting_input')) AS clarified,
    COUNT(e.id) AS answers,
    coalesce(SUM(coalesce(json_extract(${json}, '$.data.asOfDate'), '') <> '' AND json_extract(${json}, '$.data.appliesWhenEvaluated') = 1), 0) AS temporal,
    COUNT(${fetched}) AS cited,
    coalesce(SUM(julianday(r.created_at) - julianday(${fetched}) < ${FRESH_DAYS}), 0) AS fresh
  FROM runs r
  LEFT JOIN events e
    ON r.status = 'complete' AND r.outcome IN ${ANSWER_OUTCOMES_SQL} AND e.id = r.id * ${EVENT_KEY_SHIFT} + r.event_count - 1
  GROUP BY r.bucket`
}

function toRow(c: RateCounts): RateRow {
  return {
    bucket: c.bucket,
    coverage: toRate(c.covered, c.judged),
    clarification: toRate(c.clarified, c.asked),
    temporal: toRate(c.temporal, c.answers),
    freshness: toRate(c.fresh, c.cited),
  }
}

/** The shares per bucket (every bucket of the period, empty ones as 0 of 0) and over the whole period. */
export function rateSeries(sqlite: Database.Database, period: MetricsPeriod): { series: RateRow[]; overall: RateRow } {
  const counted = sqlite.prepare(ratesSql(period)).all(periodParams(period)) as RateCounts[]
  const byBucket = new Map(counted.map((c) => [c.bucket, c]))
  const empty = (bucket: string): RateCounts => ({ bucket, judged: 0, covered: 0, asked: 0, clarified: 0, answers: 0, temporal: 0, cited: 0, fresh: 0 })
  const series = period.buckets.map((bucket) => toRow(byBucket.get(bucket) ?? empty(bucket)))
  const sum = counted.reduce((acc, c) => {
    for (const key of ["judged", "covered", "asked", "clarified", "answers", "temporal", "cited", "fresh"] as const) acc[key] += c[key]
    return acc
  }, empty(period.since))
  return { series, overall: toRow(sum) }
}

/** Finished runs by bucket, risk tier and outcome. */
export function outcomeCounts(sqlite: Database.Database, period: MetricsPeriod): OutcomeCount[] {
  const rows = sqlite
    .prepare(
      `WITH ${periodRunsCte(bucketSql(period, "t.created_at"))}
       SELECT bucket, risk_tier AS riskTier, outcome, COUNT(*) AS count
       FROM runs WHERE outcome IS NOT NULL
       GROUP BY bucket, risk_tier, outcome ORDER BY bucket, risk_tier, outcome`,
    )
    .all(periodParams(period)) as { bucket: string; riskTier: string | null; outcome: string; count: number }[]
  return rows.map((row) => ({
    bucket: row.bucket,
    riskTier: row.riskTier === null ? null : RiskTier.parse(row.riskTier),
    outcome: TerminalOutcome.parse(row.outcome),
    count: row.count,
  }))
}

/** How old the answers' top citations were (in days) when the answers were given. */
export function freshnessAges(sqlite: Database.Database, period: MetricsPeriod): Percentiles {
  const source = `WITH ${periodRunsCte("NULL")}
    SELECT 'age' AS key,
      julianday(r.created_at) - julianday(json_extract(e.event_json, '$.data.citations[0].fetchedAt')) AS value
    FROM runs r CROSS JOIN events e ON e.id = r.id * ${EVENT_KEY_SHIFT} + r.event_count - 1
    WHERE r.status = 'complete' AND r.outcome IN ${ANSWER_OUTCOMES_SQL}`
  return percentilesByKey(sqlite, source, periodParams(period)).get("age") ?? NO_PERCENTILES
}
