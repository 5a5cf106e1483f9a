import type { UpKind } from "./contract"
import { inTransaction, type FirmDb } from "./firm-db"
import { itemDigest, type LocalOutbox } from "./local-outbox"
import { addToTally, emptyTally, record, type Mark, type UpTally } from "./up-marks"
import { pushTraceBatches } from "./up-traces"
import { FLAG_SPEC, PACK_SPEC, REVIEW_SPEC, SCENARIO_SPEC, type PushSpec } from "./up-specs"

// Up-sync: what is finished at this desk goes to the firm in batches, each batch in one server
// transaction, and is marked here only after that transaction committed. Idempotent: an item the
// firm already has is inserted as nothing (ON CONFLICT DO NOTHING) and then compared with what
// the firm holds: the same item from this desk counts as there (a sync cut after its COMMIT
// resumes this way), anything else is a conflict, recorded and not retried.

export interface UpOptions {
  desk: string
  batchSize: number
  now: () => string
  /** Another connection for trace batches in parallel (up-traces.ts); none: one connection. */
  openLane?: () => Promise<FirmDb>
  lanes?: number
  /** The firm's server schema version: columns it lacks are not sent (up-specs.ts, laterColumns). */
  serverSchema: number
}

/** Sends every pending complete trace (see up-traces.ts); returns what happened to them. */
export async function pushTraces(db: FirmDb, outbox: LocalOutbox, options: UpOptions): Promise<UpTally> {
  const tally = emptyTally()
  await pushTraceBatches(db, outbox, options, (marks) => {
    record(outbox, marks, options.now())
    addToTally(tally, marks)
  })
  return tally
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
  const tally = emptyTally()
  for (;;) {
    const batch = spec.pending(outbox, options.batchSize)
    if (batch.length === 0) return tally
    const marks = await inTransaction(db, () => insertBatch(db, spec, batch, options))
    record(outbox, marks, options.now())
    addToTally(tally, marks)
  }
}

async function insertBatch<T extends object>(db: FirmDb, spec: PushSpec<T>, batch: readonly T[], options: UpOptions): Promise<Mark[]> {
  const { desk } = options
  const later = spec.laterColumns !== undefined && options.serverSchema >= spec.laterColumns.since ? spec.laterColumns.columns : []
  const sent = [...spec.columns, ...later]
  const sql = `INSERT INTO firm.${spec.table} (${sent.map(([, column]) => column).join(", ")})
    SELECT * FROM unnest(${sent.map(([, , type], i) => `$${i + 1}::${type}[]`).join(", ")})
    ON CONFLICT ${spec.conflictTarget} DO NOTHING RETURNING ${spec.keySql} AS key`
  const values = sent.map(([key]) => batch.map((item) => item[key]))
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

export type { UpTally } from "./up-marks"
