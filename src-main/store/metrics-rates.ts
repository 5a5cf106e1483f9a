import type Database from "better-sqlite3"
import { RiskTier, TerminalOutcome } from "../../src-shared/events/stages"
import { toRate, type OutcomeCount, type Percentiles, type RateRow } from "../../src-shared/metrics"
import { bucketSql, type MetricsPeriod } from "./metrics-period"
import { ANSWER_OUTCOMES_SQL, NO_PERCENTILES, percentilesByKey, periodParams, periodRunsCte } from "./metrics-sql"

// Outcomes by risk tier over time and the pipeline-health shares of seed 001 §11, per bucket:
// - citable coverage: of the runs the pipeline judged (answered or refused; errors left out:
//   a stopped or timed-out run says nothing about the pack), those with at least one eligible rule;
// - clarification: of the runs that ended or await an answer, those that asked a clarification;
// - temporal enforcement: of the answers (ANSWER, QUALIFIED_ANSWER, CONDITIONAL_ANSWER), those whose
//   terminal event carries its as-of date and appliesWhenEvaluated = true;
// - source freshness: of the answers with a top citation, those whose top (first) citation's
//   evidence had been fetched less than 30 days before the run was asked.
// The terminal's witness and top citation are the run's summary's (run-summary.ts), as of its
// last settlement.

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
  // What the events tell (a clarification asked, the terminal's as-of witness and top citation)
  // comes from the run's summary (run-summary.ts), so no event is read.
  const answer = `(r.status = 'complete' AND r.outcome IN ${ANSWER_OUTCOMES_SQL})`
  return `WITH ${periodRunsCte(bucketSql(period, "s.created_at"))}
  SELECT r.bucket AS bucket,
    SUM(r.outcome IS NOT NULL AND r.outcome <> 'ERROR') AS judged,
    SUM(r.outcome IS NOT NULL AND r.outcome <> 'ERROR' AND coalesce(r.eligible_rule_count, 0) >= 1) AS covered,
    SUM(r.outcome IS NOT NULL OR r.status = 'awaiting_input') AS asked,
    SUM((r.outcome IS NOT NULL OR r.status = 'awaiting_input') AND r.clarified) AS clarified,
    SUM(${answer}) AS answers,
    SUM(${answer} AND r.as_of_enforced) AS temporal,
    SUM(${answer} AND r.top_fetched_at IS NOT NULL) AS cited,
    coalesce(SUM(${answer} AND julianday(r.created_at) - julianday(r.top_fetched_at) < ${FRESH_DAYS}), 0) AS fresh
  FROM runs r
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
      `WITH ${periodRunsCte(bucketSql(period, "s.created_at"))}
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
    SELECT 'age' AS key, julianday(r.created_at) - julianday(r.top_fetched_at) AS value
    FROM runs r
    WHERE r.status = 'complete' AND r.outcome IN ${ANSWER_OUTCOMES_SQL}`
  return percentilesByKey(sqlite, source, periodParams(period)).get("age") ?? NO_PERCENTILES
}
