import type Database from "better-sqlite3"
import type { KindCounts, SyncReport, UpKind } from "./contract"
import type { FirmDb } from "./firm-db"
import { LocalMirror } from "./local-mirror"
import { LocalOutbox } from "./local-outbox"
import { pullAll } from "./down-sync"
import { pushOthers, pushTraces, type UpTally } from "./up-sync"

// One sync between this desk's database and the firm's server: up first (this desk's finished
// traces, then flags, reviews, scenarios and pack versions), then down (other desks' work).
// Every step is a batch that either completes on both sides or is taken again next time, so
// a sync may be cut anywhere and simply run again.

export interface SyncOptions {
  batchSize?: number
  now?: () => string
}

const EMPTY: KindCounts = { trace: 0, flag: 0, review: 0, scenario: 0, pack: 0 }

export async function syncOnce(db: FirmDb, sqlite: Database.Database, options: SyncOptions = {}): Promise<SyncReport> {
  const now = options.now ?? (() => new Date().toISOString())
  const batchSize = options.batchSize ?? 200
  const desk = await currentDesk(db)
  const outbox = new LocalOutbox(sqlite)
  const up = { desk, batchSize, now }
  const tallies = new Map<UpKind, UpTally>([["trace", await pushTraces(db, outbox, up)]])
  for (const [kind, tally] of await pushOthers(db, outbox, up)) tallies.set(kind, tally)
  const received = await pullAll(db, new LocalMirror(sqlite), { pageSize: batchSize, now })
  const sent = { ...EMPTY }
  const alreadyThere = { ...EMPTY }
  const conflicts: SyncReport["conflicts"] = []
  for (const [kind, tally] of tallies) {
    sent[kind] = tally.sent
    alreadyThere[kind] = tally.alreadyThere
    conflicts.push(...tally.conflicts)
  }
  return { desk, sent, alreadyThere, conflicts, received }
}

async function currentDesk(db: FirmDb): Promise<string> {
  const row = (await db.query<{ desk: string }>("SELECT current_user AS desk")).rows[0]
  if (row === undefined) throw new Error("the firm's server did not say which desk this is")
  return row.desk
}
