import type Database from "better-sqlite3"
import type { ReasoningStage } from "../../src-shared/events/stages"
import { eventsOfTraceSql } from "./event-keys"

// The run summary (table run_summaries, migration 0015): a run as the dashboard counts it, one
// small row per run: the trace row's figures (outcome, risk tier, status, timings, …) and those
// only its events tell (stage durations, a clarification asked, the terminal's as-of witness and
// top citation). The 90-day dashboard read ~152,000 events (~550 bytes each) and the 10,000 trace
// rows (whose texts spill into overflow pages) and took ~5.9 s; it now reads 10,000 small rows.
// The row is derived data: written from the stored events in the same transaction as every
// settlement of the trace row (trace-settle.ts), rebuildable from the events at any time
// (rebuildRunSummaries), and never part of the hashed record. Migration 0015 fills it for the
// runs a database already holds with the same SELECT (tests/unit/store/run-summary.test.ts keeps
// the two equal).

/** The stages with a `started` and a `complete` event, and the column holding their duration. */
export const SUMMARY_STAGE_COLUMNS = {
  QUESTION_INTAKE: "intake_ms",
  CONTEXT_RESOLUTION: "context_ms",
  SOURCES: "sources_ms",
  RETRIEVAL: "retrieval_ms",
  APPLICABILITY: "applicability_ms",
  CONFLICTS: "conflicts_ms",
  ANALYSIS: "analysis_ms",
  CONFIDENCE: "confidence_ms",
} as const satisfies Partial<Record<ReasoningStage, string>>

export type SummaryStage = keyof typeof SUMMARY_STAGE_COLUMNS

/** The trace row's own columns the dashboard reads, as the summary names them. */
const TRACE_COLUMNS = {
  trace_id: "t.id",
  created_at: "t.created_at",
  status: "t.status",
  outcome: "t.outcome",
  risk_tier: "t.risk_tier",
  what_if: "t.counterfactual_of IS NOT NULL",
  eligible_rule_count: "t.eligible_rule_count",
  ttfus_ms: "t.ttfus_ms",
  duration_ms: "t.duration_ms",
} as const

const COLUMNS = [...Object.keys(TRACE_COLUMNS), "clarified", "as_of_enforced", "top_fetched_at", ...Object.values(SUMMARY_STAGE_COLUMNS)]

/**
 * An event's ts (toISOString: "YYYY-MM-DDTHH:MM:SS.mmmZ") as whole milliseconds since 1970, exactly:
 * julianday() differences carry float noise of a few hundredths of a millisecond.
 */
function epochMsSql(column: string): string {
  return `(CAST(strftime('%s', ${column}) AS INTEGER) * 1000 + CAST(substr(${column}, 21, 3) AS INTEGER))`
}

function stageDurationSql(stage: string): string {
  const at = epochMsSql("e.ts")
  return `MAX(CASE WHEN e.stage = '${stage}' AND e.status = 'complete' THEN ${at} END) -
    MIN(CASE WHEN e.stage = '${stage}' AND e.status = 'started' THEN ${at} END)`
}

/**
 * The summary rows of the traces `where` selects (on traces aliased t), read after the trace row's
 * settlement in the same transaction, so its columns are the settled ones. The last event (seq =
 * event_count - 1, as of the trace's last settlement) is the terminal of a finished run; its JSON
 * is read once per run, CASE keeping json_extract off the other events.
 */
function summarySelectSql(where: string): string {
  const last = "e.seq = t.event_count - 1"
  const json = "e.event_json"
  return `SELECT ${Object.values(TRACE_COLUMNS).join(", ")},
    coalesce(MAX(e.stage = 'CLARIFICATION' AND e.status = 'awaiting_input'), 0),
    coalesce(MAX(CASE WHEN ${last} THEN coalesce(json_extract(${json}, '$.data.asOfDate'), '') <> ''
      AND coalesce(json_extract(${json}, '$.data.appliesWhenEvaluated'), 0) = 1 END), 0),
    MAX(CASE WHEN ${last} THEN json_extract(${json}, '$.data.citations[0].fetchedAt') END),
    ${Object.keys(SUMMARY_STAGE_COLUMNS).map(stageDurationSql).join(",\n    ")}
  FROM traces t CROSS JOIN events e ON ${eventsOfTraceSql("e", "t.id")}
  WHERE ${where}
  GROUP BY t.id`
}

/** INSERT OR REPLACE of the summaries `where` selects: a trace without events gets no row. */
export function upsertSummarySql(where: string): string {
  return `INSERT OR REPLACE INTO run_summaries (${COLUMNS.join(", ")})\n${summarySelectSql(where)}`
}

/** Writes a trace's summary from its stored events; TraceSettler calls it after each settlement. */
export class RunSummaryWriter {
  private readonly upsert: Database.Statement<[string]>

  constructor(sqlite: Database.Database) {
    this.upsert = sqlite.prepare(upsertSummarySql("t.request_id = ?"))
  }

  write(requestId: string): void {
    this.upsert.run(requestId)
  }
}

/** Drops every summary and derives them again from the events (one transaction); returns the rows written. */
export function rebuildRunSummaries(sqlite: Database.Database): number {
  return sqlite.transaction(() => {
    sqlite.prepare("DELETE FROM run_summaries").run()
    return sqlite.prepare(upsertSummarySql("1")).run().changes
  })()
}
