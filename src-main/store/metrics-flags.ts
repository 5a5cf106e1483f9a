import type Database from "better-sqlite3"
import { toRate, type Percentiles, type Rate } from "../../src-shared/metrics"
import type { MetricsPeriod } from "./metrics-period"
import { ANSWER_OUTCOMES_SQL, NO_PERCENTILES, percentilesByKey, periodParams } from "./metrics-sql"

// The hallucination workflow of seed 001 §11, from the flags (issue 19):
// - dispute rate: of the answers given in the period (ANSWER, QUALIFIED_ANSWER,
//   CONDITIONAL_ANSWER; What-if runs left out), those flagged at least once (wrong or unclear,
//   whatever the decision);
// - confirmed incorrect: of the same answers, those with a "wrong" flag a reviewer confirmed;
// - time to triage: hours from a flag to its decision, over the flags raised in the period that
//   have been decided; `open` is how many flags await a decision now, whenever raised.

export interface FlagFigures {
  dispute: Rate
  confirmedIncorrect: Rate
  triageHours: Percentiles
  open: number
}

const ANSWERS_SQL = `
  SELECT COUNT(*) AS answers,
    coalesce(SUM(EXISTS (SELECT 1 FROM flags f WHERE f.run_id = t.request_id)), 0) AS flagged,
    coalesce(SUM(EXISTS (SELECT 1 FROM flags f WHERE f.run_id = t.request_id AND f.kind = 'wrong' AND f.status = 'confirmed')), 0) AS confirmed
  FROM traces t
  WHERE t.created_at >= @since AND t.created_at < @untilNext AND t.counterfactual_of IS NULL
    AND t.outcome IN ${ANSWER_OUTCOMES_SQL}`

const TRIAGE_SQL = `
  SELECT 'triage' AS key, (julianday(decided_at) - julianday(created_at)) * 24.0 AS value
  FROM flags
  WHERE created_at >= @since AND created_at < @untilNext AND decided_at IS NOT NULL`

export function flagFigures(sqlite: Database.Database, period: MetricsPeriod): FlagFigures {
  const params = periodParams(period)
  const answers = sqlite.prepare(ANSWERS_SQL).get(params) as { answers: number; flagged: number; confirmed: number }
  const open = sqlite.prepare("SELECT COUNT(*) AS n FROM flags WHERE status = 'open'").get() as { n: number }
  const triage = percentilesByKey(sqlite, TRIAGE_SQL, params).get("triage") ?? NO_PERCENTILES
  return {
    dispute: toRate(answers.flagged, answers.answers),
    confirmedIncorrect: toRate(answers.confirmed, answers.answers),
    triageHours: triage,
    open: open.n,
  }
}
