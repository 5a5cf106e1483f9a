import Database from "better-sqlite3"
import type { ExportSelection } from "../../src-shared/export"
import type { TraceSummary } from "../../src-shared/traces"
import { eventsOfRequestSql, eventsOfTraceSql } from "../store/event-keys"
import { flagLinesOfSelection } from "./flag-records"
import { resolveSelection } from "./selection"
import { VIEWED_STATUSES } from "./trace-view"

export { SelectionError } from "./selection"

// The export's own read-only view of the store: one connection, one read transaction (so the
// whole export sees one snapshot while the app keeps writing), the selection resolved once into a
// temp table, and one pass over it in batches. Each trace's events are read once, already in the
// shapes the bundle needs: SQLite joins the stored canonical JSON into the trace's part of
// events.jsonl (as bytes: no JavaScript string is made of it), its chain hashes into the list
// traces.jsonl carries, and marks which of those lines the report reads.
// Read-only SQL against the store's schema (src-main/store/schema.ts); the store is not changed.

export interface PackSnapshot {
  hash: string
  canonicalJson: string
}

export interface SourceTrace {
  summary: TraceSummary
  /** "selected" by the user, or brought along as the "base" of a selected hypothetical. */
  role: "selected" | "base"
  /** The engine request as stored (canonical JSON). */
  requestJson: string
  /** Each event's stored canonical JSON followed by LF, in chain order: this trace's lines of events.jsonl. */
  eventsJsonl: Buffer
  /** The events' chain hashes, each a JSON string, comma separated, in chain order. */
  eventHashes: string
  /** One character per event, "1" where the report reads it (its status is one of VIEWED_STATUSES), else "0". */
  viewedMask: string
}

/** What the bundle writer reads; the SQLite implementation is below, tests may supply others. */
export interface BundleSource {
  /** Number of traces in the resolved selection (selected plus added bases). */
  readonly count: number
  /** One pass over the selection, in bundle order, `batchSize` traces at a time. */
  batches(batchSize: number): Iterable<SourceTrace[]>
  /** One trace by id (a hypothetical's base, for the report), or null. */
  trace(requestId: string): SourceTrace | null
  packSnapshots(): PackSnapshot[]
  /**
   * The flags of the exported runs and their decisions, as flags.jsonl lines (flag-records.ts).
   * A source without it writes a format version 1 bundle, which carries no flags.
   */
  flagLines?(): string[]
  /**
   * A firm-wide bundle's desks.jsonl lines (src-main/firm/firm-bundle.ts): the desk each trace
   * came from. A desk's own bundle has none.
   */
  deskLines?(): string[]
  close(): void
}

const SUMMARY_COLUMNS = `t.request_id AS requestId, t.created_at AS createdAt, t.question AS question,
  COALESCE(t.evaluated_as_of, t.as_of_date) AS asOfDate, t.request_json AS requestJson, t.client_id AS clientId, t.pack_id AS packId,
  t.pack_version AS packVersion, t.pack_hash AS packHash, t.counterfactual_of AS counterfactualOf, t.locale AS locale,
  t.status AS status, t.outcome AS outcome, t.domain AS domain, t.risk_tier AS riskTier, t.confidence AS confidence,
  t.source_count AS sourceCount, t.eligible_rule_count AS eligibleRuleCount, t.exclusion_count AS exclusionCount,
  t.conflict_count AS conflictCount, t.refusal_reason AS refusalReason, t.duration_ms AS durationMs,
  t.ttfus_ms AS ttfusMs, t.chain_head AS chainHead, t.event_count AS eventCount`

const VIEWED = VIEWED_STATUSES.map((status) => `'${status}'`).join(", ")

// One row per trace. The aggregates take the rows in the order of the events table's key (trace
// id × 2^20 + seq, store/event-keys.ts), whose range for the trace the plan walks; `seqs` lets each batch check that order, so a planner
// that ever chose otherwise fails the export instead of writing events out of chain order.
const EVENT_AGGREGATES = `count(*) AS n, group_concat(e.seq) AS seqs,
  CAST(group_concat(e.event_json, char(10)) || char(10) AS BLOB) AS jsonl,
  group_concat('"' || e.hash || '"') AS hashes,
  group_concat(CASE WHEN e.status IN (${VIEWED}) THEN '1' ELSE '0' END, '') AS viewed`

interface SummaryRow extends Omit<TraceSummary, "locale"> {
  requestJson: string
  locale: string | null
}

interface EventsRow {
  pos: number
  n: number
  seqs: string
  jsonl: Buffer
  hashes: string
  viewed: string
}

const EMPTY = Buffer.alloc(0)

export function openTraceSource(dbPath: string, selection: ExportSelection): BundleSource {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true })
  try {
    db.pragma("busy_timeout = 5000")
    // One snapshot for the whole export: the first read below pins it.
    db.exec("BEGIN")
    const count = resolveSelection(db, selection)
    return new SqliteTraceSource(db, count)
  } catch (error) {
    db.close()
    throw error
  }
}

class SqliteTraceSource implements BundleSource {
  private readonly traceBatch
  private readonly eventBatch
  private readonly traceById
  private readonly eventsById
  private readonly expectedSeqs = new Map<number, string>()

  constructor(
    private readonly db: Database.Database,
    readonly count: number,
  ) {
    this.traceBatch = db.prepare(
      `SELECT s.pos AS pos, s.role AS role, ${SUMMARY_COLUMNS} FROM export_selection s JOIN traces t ON t.request_id = s.request_id
       WHERE s.pos > ? ORDER BY s.pos LIMIT ?`,
    )
    this.eventBatch = db.prepare(
      `SELECT s.pos AS pos, ${EVENT_AGGREGATES} FROM export_selection s JOIN traces t ON t.request_id = s.request_id
       JOIN events e ON ${eventsOfTraceSql("e", "t.id")}
       WHERE s.pos > ? AND s.pos <= ? GROUP BY s.pos ORDER BY s.pos`,
    )
    this.traceById = db.prepare(`SELECT ${SUMMARY_COLUMNS} FROM traces t WHERE t.request_id = ?`)
    this.eventsById = db.prepare(`SELECT 0 AS pos, ${EVENT_AGGREGATES} FROM events e WHERE ${eventsOfRequestSql("e", "@requestId")} GROUP BY e.request_id`)
  }

  *batches(batchSize: number): Iterable<SourceTrace[]> {
    let after = 0
    for (;;) {
      const rows = this.traceBatch.all(after, batchSize) as Array<SummaryRow & { pos: number; role: SourceTrace["role"] }>
      const last = rows.at(-1)
      if (last === undefined) return
      const events = new Map<number, EventsRow>()
      for (const row of this.eventBatch.all(after, last.pos) as EventsRow[]) events.set(row.pos, row)
      yield rows.map((row) => this.assemble(row, row.role, events.get(row.pos)))
      after = last.pos
    }
  }

  trace(requestId: string): SourceTrace | null {
    const row = this.traceById.get(requestId) as SummaryRow | undefined
    if (row === undefined) return null
    return this.assemble(row, "base", this.eventsById.get({ requestId }) as EventsRow | undefined)
  }

  packSnapshots(): PackSnapshot[] {
    return this.db
      .prepare(
        `SELECT hash, canonical_json AS canonicalJson FROM rule_pack_snapshots WHERE hash IN
         (SELECT t.pack_hash FROM export_selection s JOIN traces t ON t.request_id = s.request_id) ORDER BY hash`,
      )
      .all() as PackSnapshot[]
  }

  flagLines(): string[] {
    return flagLinesOfSelection(this.db)
  }

  close(): void {
    if (this.db.inTransaction) this.db.exec("COMMIT")
    this.db.close()
  }

  private assemble(row: SummaryRow, role: SourceTrace["role"], events: EventsRow | undefined): SourceTrace {
    const summary = summaryOf(row)
    if (events !== undefined && events.seqs !== this.seqsUpTo(events.n))
      throw new Error(`the events of ${summary.requestId} were not read in chain order`)
    return {
      summary,
      role,
      requestJson: row.requestJson,
      eventsJsonl: events?.jsonl ?? EMPTY,
      eventHashes: events?.hashes ?? "",
      viewedMask: events?.viewed ?? "",
    }
  }

  /** "0,1,…,n-1": the seq list of a whole chain of n events read in order. */
  private seqsUpTo(n: number): string {
    let expected = this.expectedSeqs.get(n)
    if (expected === undefined) {
      expected = Array.from({ length: n }, (_, i) => i).join(",")
      this.expectedSeqs.set(n, expected)
    }
    return expected
  }
}

/**
 * The row as a TraceSummary, mapped field by field like the store's toTraceSummary but without
 * re-validating every row (the store validated what it wrote; at 100,000 rows the validation
 * would cost more than the export). The verifier re-checks everything in the bundle.
 */
function summaryOf(row: SummaryRow): TraceSummary {
  return {
    requestId: row.requestId,
    question: row.question,
    status: row.status,
    outcome: row.outcome,
    domain: row.domain,
    riskTier: row.riskTier,
    confidence: row.confidence,
    // A run interrupted before its language was known: the app's default locale (as the store does).
    locale: (row.locale ?? "hr") as TraceSummary["locale"],
    asOfDate: row.asOfDate,
    clientId: row.clientId,
    sourceCount: row.sourceCount,
    eligibleRuleCount: row.eligibleRuleCount,
    exclusionCount: row.exclusionCount,
    conflictCount: row.conflictCount,
    refusalReason: row.refusalReason,
    durationMs: row.durationMs,
    ttfusMs: row.ttfusMs,
    createdAt: row.createdAt,
    counterfactualOf: row.counterfactualOf,
    packId: row.packId,
    packVersion: row.packVersion,
    packHash: row.packHash,
    chainHead: row.chainHead,
    eventCount: row.eventCount,
  }
}

/** Where each line the report reads is in the trace's events.jsonl: [start, end) without its LF. */
export function viewedLines(trace: SourceTrace): Array<[start: number, end: number]> {
  const lines: Array<[number, number]> = []
  let start = 0
  for (let i = 0; i < trace.viewedMask.length; i++) {
    const end = trace.eventsJsonl.indexOf(LF, start)
    if (end < 0) throw new Error(`the events of ${trace.summary.requestId} do not match their statuses`)
    if (trace.viewedMask.charCodeAt(i) === VIEWED_MARK) lines.push([start, end])
    start = end + 1
  }
  return lines
}

const LF = 0x0a
const VIEWED_MARK = "1".charCodeAt(0)
