import type { SyncedEvent, SyncedTrace, UpKind } from "./contract"
import { inTransaction, type FirmDb } from "./firm-db"
import { itemDigest, type LocalOutbox, type PendingTrace } from "./local-outbox"
import { FLAG_SPEC, PACK_SPEC, REVIEW_SPEC, SCENARIO_SPEC, type PushSpec } from "./up-specs"

// Up-sync: what is finished at this desk goes to the firm in batches, each batch in one server
// transaction, and is marked here only after that transaction committed. Idempotent: an item the
// firm already has is inserted as nothing (ON CONFLICT DO NOTHING) and then compared with what
// the firm holds: the same item from this desk counts as there (a sync cut after its COMMIT
// resumes this way), anything else is a conflict, recorded and not retried.

export interface UpTally {
  sent: number
  alreadyThere: number
  conflicts: { kind: UpKind; id: string; reason: string }[]
}

export interface UpOptions {
  desk: string
  batchSize: number
  now: () => string
}

/** What became of one item: new at the firm, already there (identical), or refused. */
interface Mark {
  kind: UpKind
  id: string
  digest: string
  result: "new" | "there" | "conflict"
  reason?: string
}

const TRACE_COLUMNS: readonly [keyof SyncedTrace, string, string][] = [
  ["requestId", "request_id", "text"],
  ["createdAt", "created_at", "text"],
  ["question", "question", "text"],
  ["asOfDate", "as_of_date", "text"],
  ["requestJson", "request_json", "text"],
  ["clientId", "client_id", "text"],
  ["counterfactualOf", "counterfactual_of", "text"],
  ["locale", "locale", "text"],
  ["packId", "pack_id", "text"],
  ["packVersion", "pack_version", "text"],
  ["packHash", "pack_hash", "text"],
  ["outcome", "outcome", "text"],
  ["domain", "domain", "text"],
  ["riskTier", "risk_tier", "text"],
  ["confidence", "confidence", "float8"],
  ["answerText", "answer_text", "text"],
  ["chainHead", "chain_head", "text"],
  ["eventCount", "event_count", "int4"],
]

const INSERT_TRACES = `INSERT INTO firm.traces (${TRACE_COLUMNS.map(([, c]) => c).join(", ")})
  SELECT * FROM unnest(${TRACE_COLUMNS.map(([, , t], i) => `$${i + 1}::${t}[]`).join(", ")})
  ON CONFLICT (request_id) DO NOTHING RETURNING request_id`

// A batch's events go as one JSON array (V8 writes it natively; PostgreSQL reads it in C), not as
// five array parameters whose every element the driver escapes in JavaScript.
const INSERT_EVENTS = `INSERT INTO firm.events (request_id, seq, event_json, prev_hash, hash)
  SELECT r, s, j, p, h FROM json_to_recordset($1::json) AS e(r text, s int4, j text, p text, h text)`

/** Sends every pending complete trace; returns what happened to them. */
export async function pushTraces(db: FirmDb, outbox: LocalOutbox, options: UpOptions): Promise<UpTally> {
  const tally: UpTally = { sent: 0, alreadyThere: 0, conflicts: [] }
  let batch = outbox.pendingTraces(0, options.batchSize)
  for (;;) {
    const last = batch.at(-1)
    if (last === undefined) return tally
    const sending = batch
    const inFlight = inTransaction(db, () => insertTraceBatch(db, sending, options.desk))
    // The next batch is read from the desk's database while the server works on this one.
    batch = outbox.pendingTraces(last.rowId, options.batchSize)
    const marks = await inFlight
    record(outbox, marks, options.now())
    addToTally(tally, marks)
  }
}

async function insertTraceBatch(db: FirmDb, batch: readonly PendingTrace[], desk: string): Promise<Mark[]> {
  // Only this batch's own new traces get events: a trace the firm has is never written twice.
  const columns = TRACE_COLUMNS.map(([key]) => batch.map(({ trace }) => trace[key]))
  const inserted = new Set((await db.query<{ request_id: string }>(INSERT_TRACES, columns)).rows.map((r) => r.request_id))
  const fresh = batch.filter(({ trace }) => inserted.has(trace.requestId))
  if (fresh.length > 0) await db.query(INSERT_EVENTS, [eventRows(fresh)])
  const existing = await existingTraces(db, batch.filter(({ trace }) => !inserted.has(trace.requestId)))
  return batch.map(({ trace }) => {
    const mark = { kind: "trace" as const, id: trace.requestId, digest: trace.chainHead }
    if (inserted.has(trace.requestId)) return { ...mark, result: "new" }
    const there = existing.get(trace.requestId)
    if (there === undefined) return { ...mark, result: "conflict", reason: "the firm refused it without a row" }
    if (there.desk !== desk) return { ...mark, result: "conflict", reason: `desk ${there.desk} sent a trace with this request id` }
    const same = there.chain_head === trace.chainHead && there.event_count === trace.eventCount
    return same ? { ...mark, result: "there" } : { ...mark, result: "conflict", reason: "the firm holds another chain under this request id" }
  })
}

function eventRows(traces: readonly PendingTrace[]): string {
  const rows: { r: string; s: number; j: string; p: string; h: string }[] = []
  for (const { trace, events } of traces)
    for (const event of events) rows.push(eventRow(trace.requestId, event))
  return JSON.stringify(rows)
}

function eventRow(requestId: string, event: SyncedEvent): { r: string; s: number; j: string; p: string; h: string } {
  return { r: requestId, s: event.seq, j: event.eventJson, p: event.prevHash, h: event.hash }
}

interface ExistingTrace {
  request_id: string
  desk: string
  chain_head: string
  event_count: number
}

async function existingTraces(db: FirmDb, batch: readonly PendingTrace[]): Promise<Map<string, ExistingTrace>> {
  if (batch.length === 0) return new Map()
  const ids = batch.map(({ trace }) => trace.requestId)
  const rows = await db.query<ExistingTrace>(
    "SELECT request_id, desk, chain_head, event_count FROM firm.traces WHERE request_id = ANY($1::text[])",
    [ids],
  )
  return new Map(rows.rows.map((row) => [row.request_id, row]))
}

/** Sends every pending flag, review, scenario and published pack version. */
export async function pushOthers(db: FirmDb, outbox: LocalOutbox, options: UpOptions): Promise<Map<UpKind, UpTally>> {
  // In this order: a review follows its flag.
  const tallies = new Map<UpKind, UpTally>()
  tallies.set("flag", await pushKind(db, outbox, FLAG_SPEC, options))
  tallies.set("review", await pushKind(db, outbox, REVIEW_SPEC, options))
  tallies.set("scenario", await pushKind(db, outbox, SCENARIO_SPEC, options))
  tallies.set("pack", await pushKind(db, outbox, PACK_SPEC, options))
  return tallies
}

async function pushKind<T extends object>(db: FirmDb, outbox: LocalOutbox, spec: PushSpec<T>, options: UpOptions): Promise<UpTally> {
  const tally: UpTally = { sent: 0, alreadyThere: 0, conflicts: [] }
  for (;;) {
    const batch = spec.pending(outbox, options.batchSize)
    if (batch.length === 0) return tally
    const marks = await inTransaction(db, () => insertBatch(db, spec, batch, options.desk))
    record(outbox, marks, options.now())
    addToTally(tally, marks)
  }
}

async function insertBatch<T extends object>(db: FirmDb, spec: PushSpec<T>, batch: readonly T[], desk: string): Promise<Mark[]> {
  const names = spec.columns.map(([, column]) => column)
  const sql = `INSERT INTO firm.${spec.table} (${names.join(", ")})
    SELECT * FROM unnest(${spec.columns.map(([, , type], i) => `$${i + 1}::${type}[]`).join(", ")})
    ON CONFLICT ${spec.conflictTarget} DO NOTHING RETURNING ${spec.keySql} AS key`
  const values = spec.columns.map(([key]) => batch.map((item) => item[key]))
  const inserted = new Set((await db.query<{ key: string }>(sql, values)).rows.map((r) => r.key))
  const others = batch.filter((item) => !inserted.has(spec.id(item)))
  const existing = new Map<string, Record<string, unknown>>()
  if (others.length > 0) {
    const rows = await db.query<Record<string, unknown> & { key: string }>(
      `SELECT ${spec.keySql} AS key, * FROM firm.${spec.table} WHERE ${spec.keySql} = ANY($1::text[])`,
      [others.map((item) => spec.id(item))],
    )
    for (const row of rows.rows) existing.set(row.key, row)
  }
  return batch.map((item) => {
    const id = spec.id(item)
    const mark = { kind: spec.kind, id, digest: itemDigest(item) }
    if (inserted.has(id)) return { ...mark, result: "new" }
    const there = existing.get(id)
    if (there === undefined) return { ...mark, result: "conflict", reason: "the firm refused it without a row" }
    const same = there.desk === desk && spec.columns.every(([key, column]) => there[column] === item[key])
    return same ? { ...mark, result: "there" } : { ...mark, result: "conflict", reason: spec.conflictReason(there, desk) }
  })
}

function record(outbox: LocalOutbox, marks: readonly Mark[], at: string): void {
  outbox.mark(
    marks.map(({ kind, id, digest, result }) => ({ kind, id, digest, outcome: result === "conflict" ? "conflict" : "sent" })),
    at,
  )
}

function addToTally(tally: UpTally, marks: readonly Mark[]): void {
  for (const mark of marks) {
    if (mark.result === "new") tally.sent += 1
    else if (mark.result === "there") tally.alreadyThere += 1
    else tally.conflicts.push({ kind: mark.kind, id: mark.id, reason: mark.reason ?? "the firm holds different content under this id" })
  }
}
