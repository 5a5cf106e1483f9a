import { chainHash, GENESIS_HASH } from "../trace/hash-chain"
import { SyncedEvent, SyncedFlag, SyncedPackVersion, SyncedReview, SyncedTrace, type DownCursor, type DownSource } from "./contract"
import type { FirmDb } from "./firm-db"
import { START, type LocalMirror, type MirroredTrace, type Page, type Position } from "./local-mirror"
import { PERSONS_SINCE } from "./up-specs"

// Down-sync: other desks' traces, flags, reviews and published pack versions, page by page in
// the server's (transaction id, row id) order. Only rows written by transactions older than the
// oldest one still running are read, so a row that commits late under a lower id is never
// passed by the cursor. Each trace's chain is checked again here before it is kept: the desk
// trusts the server's check, and verifies it.

export interface DownOptions {
  pageSize: number
  now: () => string
  /** The firm's server schema version: who raised and decided flags is read from 0005 on. */
  serverSchema: number
}

type Row = Record<string, unknown>

/**
 * A page of one table after a position: below the oldest running transaction (the position moves
 * only over rows no later commit can go below), or, `ahead`, the committed rows at or above it.
 */
function pageQuery(table: string, columns: string): (ahead: boolean) => string {
  return (ahead) => `SELECT id, tx::text AS tx, desk, ${columns} FROM firm.${table}
    WHERE (tx, id) > ($1::xid8, $2::bigint) AND tx ${ahead ? ">=" : "<"} pg_snapshot_xmin(pg_current_snapshot()) AND desk <> current_user
    ORDER BY tx, id LIMIT $3`
}

const tracePage = pageQuery(
  "traces",
  `request_id AS "requestId", created_at AS "createdAt", question, as_of_date AS "asOfDate", request_json AS "requestJson",
   client_id AS "clientId", counterfactual_of AS "counterfactualOf", locale, pack_id AS "packId", pack_version AS "packVersion",
   pack_hash AS "packHash", outcome, domain, risk_tier AS "riskTier", confidence, answer_text AS "answerText",
   chain_head AS "chainHead", event_count AS "eventCount"`,
)
// A server before schema 0005 names nobody: its pages read the persons as NULL.
const flagPage = (persons: boolean) =>
  pageQuery(
    "flags",
    `flag_id AS "flagId", run_id AS "runId", kind, note, created_at AS "createdAt",
     ${persons ? "raised_by" : "NULL::text"} AS "raisedBy", ${persons ? "raised_by_name" : "NULL::text"} AS "raisedByName"`,
  )
const reviewPage = (persons: boolean) =>
  pageQuery(
    "reviews",
    `flag_id AS "flagId", decision, decided_at AS "decidedAt", note,
     ${persons ? "decided_by" : "NULL::text"} AS "decidedBy", ${persons ? "decided_by_name" : "NULL::text"} AS "decidedByName"`,
  )
const packPage = pageQuery(
  "pack_versions",
  `pack_id AS "packId", version, content_hash AS "contentHash", prev_hash AS "prevHash", hash, published_at AS "publishedAt",
   publisher_name AS "publisherName", canonical_json AS "canonicalJson"`,
)

async function readPage(db: FirmDb, sql: string, cursor: DownCursor, size: number): Promise<{ rows: Row[]; cursor: DownCursor }> {
  const rows = (await db.query<Row>(sql, [cursor.tx, cursor.rowId, size])).rows
  const last = rows.at(-1)
  return { rows, cursor: last === undefined ? cursor : { tx: String(last.tx), rowId: Number(last.id) } }
}

interface Source<T> {
  source: DownSource
  sql: (ahead: boolean) => string
  keep: (rows: Row[], cursor: DownCursor) => Promise<Page<T>> | Page<T>
  store: (page: Page<T>, at: string, position: Position) => void
}

/**
 * Takes every new row of one source; returns how many came down. First below the oldest running
 * transaction, moving the position; then the rows committed at or above it, under a position of
 * their own. Those are usually none or a few (committed while an older transaction still ran),
 * and they come down again, kept as they are, once the first position passes them. But a firm's
 * rows restored into a new cluster keep the old cluster's transaction ids, above every id the new
 * one gives for a long while: without this second pass, a desk that lacks them would wait that long.
 */
async function drainBoth<T>(db: FirmDb, mirror: LocalMirror, source: Source<T>, options: DownOptions): Promise<number> {
  const below = await drain(db, source, options, await stillThere(db, source.source, mirror.cursor(source.source)), source.source)
  const ahead = `${source.source}:ahead` as const
  const aheadFrom = mirror.cursor(ahead)
  // The second position never trails the first (what the first took is here), nor names a lost row.
  const from = (await exists(db, source.source, aheadFrom)) && after(aheadFrom, mirror.cursor(source.source)) ? aheadFrom : mirror.cursor(source.source)
  return below + (await drain(db, source, options, from, ahead))
}

function after(a: DownCursor, b: DownCursor): boolean {
  const ax = BigInt(a.tx)
  const bx = BigInt(b.tx)
  return ax > bx || (ax === bx && a.rowId > b.rowId)
}

async function drain<T>(db: FirmDb, source: Source<T>, options: DownOptions, from: DownCursor, position: Position): Promise<number> {
  const { keep } = source
  const store = (page: Page<T>, at: string) => source.store(page, at, position)
  const sql = source.sql(position.endsWith(":ahead"))
  let received = 0
  let page = await readPage(db, sql, from, options.pageSize)
  while (page.rows.length > 0) {
    const kept = await keep(page.rows, page.cursor)
    // The server reads the next page while this one is written to the desk's SQLite. A failure
    // is taken from `next` below; the catch only keeps it from counting as unhandled meanwhile.
    const next = readPage(db, sql, page.cursor, options.pageSize)
    next.catch(() => undefined)
    store(kept, options.now())
    received += page.rows.length
    page = await next
  }
  return received
}

/** The firm still holds the row a position names (the beginning names none). */
async function exists(db: FirmDb, source: DownSource, cursor: DownCursor): Promise<boolean> {
  if (cursor.rowId === START.rowId) return true
  const row = await db.query<{ present: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM firm.${source} WHERE tx = $1::xid8 AND id = $2::bigint) AS present`,
    [cursor.tx, cursor.rowId],
  )
  return row.rows[0]?.present === true
}

/**
 * The position, or the beginning when the firm no longer holds the row it names (the firm's
 * server was restored from a backup older than this desk's last page, and rows written since
 * may sit below the position), or when the position is not below the oldest transaction still
 * running: the firm's rows were restored into a server whose transaction ids run lower (a new
 * cluster), and every row it writes would sit below the position. Pages read again leave the
 * rows this desk has as they are.
 */
async function stillThere(db: FirmDb, source: DownSource, cursor: DownCursor): Promise<DownCursor> {
  if (cursor.rowId === START.rowId) return cursor
  const row = await db.query<{ present: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM firm.${source} WHERE tx = $1::xid8 AND id = $2::bigint)
       AND $1::xid8 < pg_snapshot_xmin(pg_current_snapshot()) AS present`,
    [cursor.tx, cursor.rowId],
  )
  return row.rows[0]?.present === true ? cursor : START
}

export interface Received {
  traces: number
  flags: number
  reviews: number
  packVersions: number
}

export async function pullAll(db: FirmDb, mirror: LocalMirror, options: DownOptions): Promise<Received> {
  const withDesk = <K extends string, T>(key: K, parse: (row: Row) => T) => (rows: Row[], cursor: DownCursor) => ({
    cursor,
    rows: rows.map((row) => ({ desk: String(row.desk), [key]: parse(row) }) as { desk: string } & Record<K, T>),
  })
  const persons = options.serverSchema >= PERSONS_SINCE
  const traces = await drainBoth(db, mirror, {
    source: "traces",
    sql: tracePage,
    keep: (rows, cursor) => tracesWithEvents(db, rows, cursor),
    store: (page, at, position) => mirror.storeTraces(page, at, position),
  }, options)
  const flags = await drainBoth<{ desk: string; flag: SyncedFlag }>(db, mirror, {
    source: "flags",
    sql: flagPage(persons),
    keep: withDesk("flag", (r) => SyncedFlag.parse(r)),
    store: (page, at, position) => mirror.storeFlags(page, at, position),
  }, options)
  const reviews = await drainBoth<{ desk: string; review: SyncedReview }>(db, mirror, {
    source: "reviews",
    sql: reviewPage(persons),
    keep: withDesk("review", (r) => SyncedReview.parse(r)),
    store: (page, at, position) => mirror.storeReviews(page, at, position),
  }, options)
  const packVersions = await drainBoth<{ desk: string; pack: SyncedPackVersion }>(db, mirror, {
    source: "pack_versions",
    sql: packPage,
    keep: withDesk("pack", (r) => SyncedPackVersion.parse(r)),
    store: (page, at, position) => mirror.storePackVersions(page, at, position),
  }, options)
  return { traces, flags, reviews, packVersions }
}

async function tracesWithEvents(db: FirmDb, rows: Row[], cursor: DownCursor): Promise<Page<MirroredTrace>> {
  const traces = rows.map((row) => ({ desk: String(row.desk), trace: SyncedTrace.parse({ ...row, confidence: row.confidence ?? null }) }))
  const events = await db.query<Row>(
    `SELECT request_id AS "requestId", seq, event_json AS "eventJson", prev_hash AS "prevHash", hash
     FROM firm.events WHERE request_id = ANY($1::text[]) ORDER BY request_id, seq`,
    [traces.map(({ trace }) => trace.requestId)],
  )
  const byTrace = new Map<string, SyncedEvent[]>()
  for (const row of events.rows) {
    const list = byTrace.get(String(row.requestId)) ?? []
    list.push(SyncedEvent.parse(row))
    byTrace.set(String(row.requestId), list)
  }
  const mirrored = traces.map(({ desk, trace }) => ({ desk, trace, events: byTrace.get(trace.requestId) ?? [] }))
  for (const item of mirrored) checkChain(item)
  return { rows: mirrored, cursor }
}

/** The chain rule of src-main/store/README.md over a trace that came down; throws when it fails. */
export function checkChain({ trace, events }: MirroredTrace): void {
  let prev = GENESIS_HASH
  events.forEach((event, index) => {
    if (event.seq !== index || event.prevHash !== prev || chainHash(prev, event.eventJson) !== event.hash)
      throw new Error(`firm trace ${trace.requestId}: its chain breaks at event ${index}; nothing of this page was kept`)
    prev = event.hash
  })
  if (events.length !== trace.eventCount || prev !== trace.chainHead)
    throw new Error(`firm trace ${trace.requestId}: its events do not end at its chain head; nothing of this page was kept`)
}
