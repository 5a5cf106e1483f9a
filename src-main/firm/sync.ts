import type Database from "better-sqlite3"
import type { KindCounts, SyncReport, UpKind } from "./contract"
import type { FirmConnection, FirmDb } from "./firm-db"
import type { Store } from "../store/store"
import { enterFirm, firmIdOf } from "./firm-identity"
import { adoptFirmPackVersions, type AdoptedVersion } from "./firm-packs"
import { LocalMirror } from "./local-mirror"
import { LocalOutbox } from "./local-outbox"
import { pullAll } from "./down-sync"
import { reconcileMarks } from "./reconcile"
import { serverSchemaVersion } from "./server-schema"
import { epochChanged, forgetPositions, saveEpoch, serverEpoch } from "./server-epoch"
import { pushOthers, pushTraces, type UpOptions, type UpTally } from "./up-sync"

// One sync between this desk's database and the firm's server: up first (this desk's finished
// traces, then flags, reviews, scenarios and pack versions), then down (other desks' work).
// Every step is a batch that either completes on both sides or is taken again next time, so
// a sync may be cut anywhere and simply run again. What went up and where down-sync stands are
// kept per firm (firm-identity.ts), and checked against the firm before sending (reconcile.ts).

export interface SyncOptions {
  batchSize?: number
  now?: () => string
  /**
   * Opens another connection to the firm for trace batches in parallel (up-traces.ts). The sync
   * ends every connection it opened this way before it returns; without it, one connection.
   */
  openLane?: () => Promise<FirmConnection>
  /** Connections for trace batches at most, the main one included (default TRACE_LANES). */
  lanes?: number
  /**
   * The desk's store: when given, pack versions other desks published are put into force here
   * after down-sync (firm-packs.ts), and `onPacksAdopted` is told which.
   */
  store?: Store
  onPacksAdopted?: (adopted: AdoptedVersion[]) => void
}

const EMPTY: KindCounts = { trace: 0, flag: 0, review: 0, scenario: 0, pack: 0 }

export async function syncOnce(db: FirmDb, sqlite: Database.Database, options: SyncOptions = {}): Promise<SyncReport> {
  const now = options.now ?? (() => new Date().toISOString())
  const batchSize = options.batchSize ?? 200
  const desk = await currentDesk(db)
  const firmId = await firmIdOf(db)
  enterFirm(sqlite, firmId, now())
  const epoch = await serverEpoch(db)
  const restored = epochChanged(sqlite, firmId, epoch)
  if (restored) forgetPositions(sqlite, firmId)
  await reconcileMarks(db, sqlite, firmId, restored)
  saveEpoch(sqlite, firmId, epoch)
  const outbox = new LocalOutbox(sqlite, firmId)
  const serverSchema = await serverSchemaVersion(db)
  const up = { desk, batchSize, now, serverSchema }
  const tallies = new Map<UpKind, UpTally>([["trace", await pushTracesOverLanes(db, outbox, up, options)]])
  for (const [kind, tally] of await pushOthers(db, outbox, up)) tallies.set(kind, tally)
  const received = await pullAll(db, new LocalMirror(sqlite, firmId), { pageSize: batchSize, now, serverSchema })
  // From the whole mirror, not only this sync's pages: a sync cut after storing a page adopts next time.
  if (options.store !== undefined) {
    const { adopted } = adoptFirmPackVersions(options.store)
    if (adopted.length > 0) options.onPacksAdopted?.(adopted)
  }
  const sent = { ...EMPTY }
  const alreadyThere = { ...EMPTY }
  const conflicts: SyncReport["conflicts"] = []
  for (const [kind, tally] of tallies) {
    sent[kind] = tally.sent
    alreadyThere[kind] = tally.alreadyThere
    conflicts.push(...tally.conflicts)
  }
  return { desk, sent, alreadyThere, conflicts, received, serverRestored: restored }
}

/** Up-sync of traces, over the extra connections `options.openLane` opens; ends each one it opened. */
async function pushTracesOverLanes(db: FirmDb, outbox: LocalOutbox, up: UpOptions, options: SyncOptions): Promise<UpTally> {
  const opened: FirmConnection[] = []
  const { openLane, lanes } = options
  const laneOptions = {
    ...(lanes === undefined ? {} : { lanes }),
    ...(openLane === undefined
      ? {}
      : {
          openLane: async () => {
            const connection = await openLane()
            opened.push(connection)
            return connection
          },
        }),
  }
  try {
    return await pushTraces(db, outbox, { ...up, ...laneOptions })
  } finally {
    await Promise.all(opened.map((connection) => connection.end()))
  }
}

async function currentDesk(db: FirmDb): Promise<string> {
  const row = (await db.query<{ desk: string }>("SELECT current_user AS desk")).rows[0]
  if (row === undefined) throw new Error("the firm's server did not say which desk this is")
  return row.desk
}
