import type Database from "better-sqlite3"
import { toRate, type Rate } from "../../src-shared/metrics"
import type { MetricsPeriod } from "./metrics-period"
import { ANSWER_OUTCOMES_SQL, periodParams } from "./metrics-sql"

// Refusal recovery (seed 001 §11: "% converting to ANSWER within 2 follow-ups"), precisely:
// every refusal (outcome REFUSAL, not a What-if run) created in the period is counted once, and
// it is recovered when
//   (a) it is a turn of a thread, and one of the thread's next two turns (seq + 1, seq + 2)
//       ended in ANSWER, QUALIFIED_ANSWER or CONDITIONAL_ANSWER (any of them is an answer the
//       user can act on); or
//   (b) it is not a thread turn but was asked for a client, and one of that client's next two
//       runs (by creation, What-if runs left out), asked within RECOVERY_WINDOW_MINUTES of the
//       refusal, ended in one of those answers.
// A refusal with neither thread nor client cannot be linked to a follow-up and counts as not
// recovered. Follow-ups may fall after the period's end.

export const RECOVERY_FOLLOW_UPS = 2
export const RECOVERY_WINDOW_MINUTES = 30

const RECOVERY_SQL = `
  WITH refusals AS (
    SELECT t.id, t.request_id, t.client_id
    FROM traces t
    WHERE t.created_at >= @since AND t.created_at < @untilNext AND t.counterfactual_of IS NULL AND t.outcome = 'REFUSAL'
  ),
  client_runs AS (
    SELECT t.id, t.client_id, t.created_at, t.outcome,
           ROW_NUMBER() OVER (PARTITION BY t.client_id ORDER BY t.created_at, t.id) AS rn
    FROM traces t
    WHERE t.client_id IN (SELECT client_id FROM refusals) AND t.counterfactual_of IS NULL
  ),
  judged AS (
    SELECT r.id,
      CASE
        WHEN EXISTS (SELECT 1 FROM thread_turns me WHERE me.request_id = r.request_id) THEN EXISTS (
          SELECT 1 FROM thread_turns me
          JOIN thread_turns nx ON nx.thread_id = me.thread_id AND nx.seq BETWEEN me.seq + 1 AND me.seq + @followUps
          JOIN traces a ON a.request_id = nx.request_id
          WHERE me.request_id = r.request_id AND a.outcome IN ${ANSWER_OUTCOMES_SQL})
        WHEN r.client_id IS NOT NULL THEN EXISTS (
          SELECT 1 FROM client_runs me
          JOIN client_runs nx ON nx.client_id = me.client_id AND nx.rn BETWEEN me.rn + 1 AND me.rn + @followUps
          WHERE me.id = r.id AND nx.outcome IN ${ANSWER_OUTCOMES_SQL}
            AND (julianday(nx.created_at) - julianday(me.created_at)) * 1440.0 <= @windowMinutes)
        ELSE 0
      END AS recovered
    FROM refusals r
  )
  SELECT COUNT(*) AS refusals, coalesce(SUM(recovered), 0) AS recovered FROM judged`

export function refusalRecovery(sqlite: Database.Database, period: MetricsPeriod): Rate {
  const row = sqlite.prepare(RECOVERY_SQL).get({
    ...periodParams(period),
    followUps: RECOVERY_FOLLOW_UPS,
    windowMinutes: RECOVERY_WINDOW_MINUTES,
  }) as { refusals: number; recovered: number }
  return toRate(row.recovered, row.refusals)
}
