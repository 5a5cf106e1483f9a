import Database from "better-sqlite3"
import type { ExportSelection } from "../../src-shared/export"
import type { TraceRow } from "../store/schema"
import type { TraceSummary } from "../../src-shared/traces"
import type { BundleEvent, BundleTrace } from "./bundle-format"

// The export's own read-only view of the store: one connection, one read transaction (so every
// pass over the selection sees the same snapshot while the app keeps writing), the selection
// resolved once into a temp table, and traces read in batches with their events in chain order.
// Read-only SQL against the store's schema (src-main/store/schema.ts); the store is not changed.

export class SelectionError extends Error {}

export interface PackSnapshot {
  hash: string
  canonicalJson: string
}

export type EventLoad = "full" | "hashes" | "none"

export interface SelectedTrace {
  requestId: string
  role: "selected" | "base"
}

/** What the bundle writer reads; the SQLite implementation is below, tests may supply others. */
export interface BundleSource {
  /** Number of traces in the resolved selection (selected plus added bases). */
  readonly count: number
  /**
   * A full pass over the selection, in bundle order, `batchSize` traces at a time. `events`: load
   * each event's JSON and hash ("full"), only its hash ("hashes", json left empty), or none.
   */
  batches(batchSize: number, events?: EventLoad): Iterable<BundleTrace[]>
  roles(): Iterable<SelectedTrace>
  /** One trace by id (a counterfactual's base, for the report), or null. */
  trace(requestId: string): BundleTrace | null
  packSnapshots(): PackSnapshot[]
  close(): void
}

const TRACE_COLUMNS = `t.id AS id, t.request_id AS requestId, t.created_at AS createdAt, t.updated_at AS updatedAt,
  t.question AS question, t.as_of_date AS asOfDate, t.request_json AS requestJson, t.client_id AS clientId,
  t.pack_id AS packId, t.pack_version AS packVersion, t.pack_hash AS packHash, t.counterfactual_of AS counterfactualOf,
  t.locale AS locale, t.user_context_snapshot AS userContextSnapshot, t.evaluation_context AS evaluationContext,
  t.status AS status, t.owner AS owner, t.outcome AS outcome, t.domain AS domain, t.risk_tier AS riskTier,
  t.confidence AS confidence, t.source_count AS sourceCount, t.eligible_rule_count AS eligibleRuleCount,
  t.exclusion_count AS exclusionCount, t.conflict_count AS conflictCount, t.refusal_reason AS refusalReason,
  t.error_code AS errorCode, t.duration_ms AS durationMs, t.ttfus_ms AS ttfusMs, t.answer_text AS answerText,
  t.chain_head AS chainHead, t.event_count AS eventCount`

interface EventLine {
  requestId: string
  seq: number
  json: string
  hash: string
}

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

function resolveSelection(db: Database.Database, selection: ExportSelection): number {
  if (selection.scenarioId !== undefined) {
    const hasScenarios = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'scenarios'").get() !== undefined
    const found = hasScenarios && db.prepare("SELECT 1 FROM scenarios WHERE id = ?").get(selection.scenarioId) !== undefined
    if (!found) throw new SelectionError(`no such scenario: ${selection.scenarioId}`)
    // The scenarios table belongs to the what-if feature (issue 5); until it documents how a
    // scenario names its traces, exporting one is refused rather than guessed.
    throw new SelectionError(`exporting scenario ${selection.scenarioId} is not supported yet`)
  }
  const where: string[] = []
  const params: Record<string, string> = {}
  if (selection.traceIds !== undefined) {
    where.push("request_id IN (SELECT value FROM json_each(@ids))")
    params.ids = JSON.stringify(selection.traceIds)
  } else {
    if (selection.since !== undefined) {
      where.push("created_at >= @since")
      params.since = selection.since
    }
    if (selection.until !== undefined) {
      // Inclusive end date: everything created before the next day began (UTC timestamps).
      where.push("created_at < date(@until, '+1 day')")
      params.until = selection.until
    }
    if (selection.outcome !== undefined) {
      where.push("outcome = @outcome")
      params.outcome = selection.outcome
    }
    if (selection.riskTier !== undefined) {
      where.push("risk_tier = @riskTier")
      params.riskTier = selection.riskTier
    }
    if (selection.clientId !== undefined) {
      where.push("client_id = @clientId")
      params.clientId = selection.clientId
    }
  }
  db.exec("CREATE TEMP TABLE export_selection (pos INTEGER PRIMARY KEY, request_id TEXT NOT NULL UNIQUE, role TEXT NOT NULL)")
  const filter = where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""
  db.prepare(`INSERT INTO export_selection (request_id, role) SELECT request_id, 'selected' FROM traces ${filter} ORDER BY created_at, id`).run(params)
  if (selection.traceIds !== undefined) {
    const found = new Set(db.prepare("SELECT request_id FROM export_selection").pluck().all() as string[])
    const missing = selection.traceIds.filter((id) => !found.has(id))
    if (missing.length > 0) throw new SelectionError(`no such trace: ${missing.slice(0, 5).join(", ")}${missing.length > 5 ? " …" : ""}`)
  }
  // A hypothetical is only meaningful beside the run it was derived from: bring the base along.
  db.exec(`INSERT OR IGNORE INTO export_selection (request_id, role)
    SELECT DISTINCT t.counterfactual_of, 'base' FROM export_selection s JOIN traces t ON t.request_id = s.request_id
    WHERE t.counterfactual_of IS NOT NULL ORDER BY t.counterfactual_of`)
  return db.prepare("SELECT count(*) FROM export_selection").pluck().get() as number
}

class SqliteTraceSource implements BundleSource {
  private readonly traceBatch
  private readonly eventBatch
  private readonly hashBatch
  private readonly traceById
  private readonly eventsById

  constructor(
    private readonly db: Database.Database,
    readonly count: number,
  ) {
    this.traceBatch = db.prepare(
      `SELECT s.pos AS pos, ${TRACE_COLUMNS} FROM export_selection s JOIN traces t ON t.request_id = s.request_id
       WHERE s.pos > ? ORDER BY s.pos LIMIT ?`,
    )
    this.eventBatch = db.prepare(
      `SELECT e.request_id AS requestId, e.seq AS seq, e.event_json AS json, e.hash AS hash
       FROM export_selection s JOIN events e ON e.request_id = s.request_id
       WHERE s.pos > ? AND s.pos <= ? ORDER BY s.pos, e.seq`,
    )
    this.hashBatch = db.prepare(
      `SELECT e.request_id AS requestId, e.seq AS seq, '' AS json, e.hash AS hash
       FROM export_selection s JOIN events e ON e.request_id = s.request_id
       WHERE s.pos > ? AND s.pos <= ? ORDER BY s.pos, e.seq`,
    )
    this.traceById = db.prepare(`SELECT ${TRACE_COLUMNS} FROM traces t WHERE t.request_id = ?`)
    this.eventsById = db.prepare(
      "SELECT request_id AS requestId, seq, event_json AS json, hash FROM events WHERE request_id = ? ORDER BY seq",
    )
  }

  *batches(batchSize: number, events: EventLoad = "full"): Iterable<BundleTrace[]> {
    let after = 0
    for (;;) {
      const rows = this.traceBatch.all(after, batchSize) as Array<TraceRow & { pos: number }>
      const last = rows.at(-1)
      if (last === undefined) return
      const statement = events === "full" ? this.eventBatch : events === "hashes" ? this.hashBatch : null
      const lines = statement === null ? [] : (statement.all(after, last.pos) as EventLine[])
      yield assemble(rows, lines)
      after = last.pos
    }
  }

  *roles(): Iterable<SelectedTrace> {
    yield* this.db.prepare("SELECT request_id AS requestId, role FROM export_selection ORDER BY pos").iterate() as Iterable<SelectedTrace>
  }

  trace(requestId: string): BundleTrace | null {
    const row = this.traceById.get(requestId) as TraceRow | undefined
    if (row === undefined) return null
    return assemble([row], this.eventsById.all(requestId) as EventLine[])[0] ?? null
  }

  packSnapshots(): PackSnapshot[] {
    return this.db
      .prepare(
        `SELECT hash, canonical_json AS canonicalJson FROM rule_pack_snapshots WHERE hash IN
         (SELECT t.pack_hash FROM export_selection s JOIN traces t ON t.request_id = s.request_id) ORDER BY hash`,
      )
      .all() as PackSnapshot[]
  }

  close(): void {
    if (this.db.inTransaction) this.db.exec("COMMIT")
    this.db.close()
  }
}

/** Groups event lines (ordered by trace, then seq) under their trace rows. */
function assemble(rows: TraceRow[], lines: EventLine[]): BundleTrace[] {
  const byId = new Map<string, BundleEvent[]>()
  for (const line of lines) {
    let list = byId.get(line.requestId)
    if (list === undefined) {
      list = []
      byId.set(line.requestId, list)
    }
    list.push({ seq: line.seq, json: line.json, hash: line.hash })
  }
  return rows.map((row) => ({ summary: summaryOf(row), requestJson: row.requestJson, events: byId.get(row.requestId) ?? [] }))
}

/**
 * The row as a TraceSummary, mapped field by field like the store's toTraceSummary but without
 * re-validating every row (the store validated what it wrote; at 100,000 rows a pass the
 * validation would cost more than the export). The verifier re-checks everything in the bundle.
 */
function summaryOf(row: TraceRow): TraceSummary {
  return {
    requestId: row.requestId,
    question: row.question,
    status: row.status as TraceSummary["status"],
    outcome: row.outcome as TraceSummary["outcome"],
    domain: row.domain,
    riskTier: row.riskTier as TraceSummary["riskTier"],
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
