import { createHash } from "node:crypto"
import Database from "better-sqlite3"

// The database as an outside reader sees it (a second, read-only connection, as a forensic check
// would open it): rows per table, every trace's chain head and status, and the content of the
// small mutable tables (settings, clients). Two equal snapshots mean nothing was written.

export interface DbSnapshot {
  counts: Record<string, number>
  /** sha256 of (request_id, status, chain_head, event_count) over all traces. */
  chainHeads: string
  /** sha256 of the settings and clients rows. */
  mutableRows: string
}

export interface SnapshotReader {
  snapshot(): DbSnapshot
  /** Chain heads per trace, for reporting. */
  heads(): Map<string, string | null>
  /** A trace's status, or null when it has no row (yet). */
  statusOf(requestId: string): string | null
  close(): void
}

export function openSnapshotReader(dbPath: string): SnapshotReader {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true })
  const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as Array<{ name: string }>).map(
    (row) => row.name,
  )
  const countAll = db.prepare(`SELECT ${tables.map((name, i) => `(SELECT count(*) FROM "${name}") AS c${i}`).join(", ")}`)
  const traceRows = db.prepare("SELECT request_id, status, chain_head, event_count FROM traces ORDER BY request_id")
  const settingsRows = db.prepare("SELECT key, value_json FROM settings ORDER BY key")
  const clientRows = db.prepare("SELECT id, name, oib, context_json, updated_at FROM clients ORDER BY id")
  const statusRow = db.prepare("SELECT status FROM traces WHERE request_id = ?")
  const dataVersion = db.prepare("PRAGMA data_version").pluck()
  const digest = (rows: unknown[]) => createHash("sha256").update(JSON.stringify(rows)).digest("hex")
  const readSnapshot = (): DbSnapshot => {
    const row = countAll.get() as Record<string, number>
    const counts: Record<string, number> = {}
    tables.forEach((name, i) => (counts[name] = row[`c${i}`] ?? -1))
    return {
      counts,
      chainHeads: digest(traceRows.all()),
      mutableRows: digest([...settingsRows.all(), ...clientRows.all()]),
    }
  }
  // SQLite changes this connection's data_version whenever another connection (the app's, a
  // worker's, another process's) commits. While it stands still the file holds exactly what the
  // last snapshot read, so that snapshot is returned again: counting every table twice per payload
  // was a large part of the fuzz's time. It is read before the tables, so a commit in between
  // only makes the next call read them again.
  let last: { version: unknown; snapshot: DbSnapshot } | null = null
  return {
    snapshot() {
      const version = dataVersion.get()
      if (last !== null && last.version === version) return last.snapshot
      last = { version, snapshot: readSnapshot() }
      return last.snapshot
    },
    heads() {
      const rows = traceRows.all() as Array<{ request_id: string; chain_head: string | null }>
      return new Map(rows.map((row) => [row.request_id, row.chain_head]))
    },
    statusOf(requestId) {
      const row = statusRow.get(requestId) as { status: string } | undefined
      return row?.status ?? null
    },
    close: () => db.close(),
  }
}
