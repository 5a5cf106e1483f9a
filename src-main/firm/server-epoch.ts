import type Database from "better-sqlite3"
import type { FirmDb } from "./firm-db"

// Which incarnation of the firm's server a desk syncs with (issue 25). The firm's id
// (firm-identity.ts) survives a restore: a pg_dump restored into a new database or a new cluster,
// or a file-level backup brought back to an earlier point, is the same firm. What changes is the
// server under it: the cluster's system identifier (a new cluster, or one made by pg_upgrade),
// its timeline (a point-in-time recovery or a promoted standby, which may lack the last
// transactions the old primary took) and the database's oid (the database dropped and restored).
// The desk remembers the epoch it last synced with per firm (desk migration 0018, firm_seen);
// when the server shows another, the desk stops trusting what it believed the firm held: every
// mark is checked against the firm (not only counted, reconcile.ts) and down-sync reads the
// firm's history again from its start (rows already here are kept as they are). A restored
// cluster is so noticed by the desk's next sync, with no `firm init` or any other step at the firm.

/** The server's epoch as one string; parts a server does not let a desk read are left empty. */
export async function serverEpoch(db: FirmDb): Promise<string> {
  const database = await db.query<{ oid: string }>("SELECT oid::text AS oid FROM pg_database WHERE datname = current_database()")
  const cluster = await optional(db, "SELECT system_identifier::text AS value FROM pg_control_system()")
  const timeline = await optional(db, "SELECT timeline_id::text AS value FROM pg_control_checkpoint()")
  return [cluster, timeline, database.rows[0]?.oid ?? ""].join("/")
}

/** A control value, or "" when the firm's IT revoked the function from desks (the rest still tells). */
async function optional(db: FirmDb, sql: string): Promise<string> {
  try {
    return (await db.query<{ value: string }>(sql)).rows[0]?.value ?? ""
  } catch {
    return ""
  }
}

/**
 * True when this desk synced with `firmId` before under another epoch: the server was restored or
 * replaced since. A firm synced with before epochs were recorded has none to compare: its marks
 * and positions are trusted as before (and checked by counting, reconcile.ts).
 */
export function epochChanged(sqlite: Database.Database, firmId: string, epoch: string): boolean {
  const before = sqlite.prepare("SELECT server_epoch FROM firm_seen WHERE firm_id = ?").pluck().get(firmId)
  return typeof before === "string" && before !== epoch
}

/**
 * Records the epoch, once the desk has caught up with it (every mark checked, positions reset):
 * a sync cut before then checks again next time.
 */
export function saveEpoch(sqlite: Database.Database, firmId: string, epoch: string): void {
  sqlite.prepare("UPDATE firm_seen SET server_epoch = ? WHERE firm_id = ?").run(epoch, firmId)
}

/** Down-sync reads this firm's history again from its start (local-mirror.ts keeps what it has). */
export function forgetPositions(sqlite: Database.Database, firmId: string): void {
  sqlite.prepare("DELETE FROM firm_cursor WHERE firm_id = ?").run(firmId)
}
