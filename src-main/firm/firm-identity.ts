import type Database from "better-sqlite3"
import { schemaTooOld } from "./firm-errors"
import type { FirmDb } from "./firm-db"

// Which firm a desk syncs with (issue 25): the id the firm's server states (firm.identity, server
// migration 0003). The desk keeps its marks of what went up and its down-sync positions under
// it (desk migration 0016), so a desk linked to another firm sends everything again to that firm
// and reads its history from the start, and linked back, takes up where it was.

/** Marks and positions from before firm ids, taken over by the first firm this desk syncs with. */
export const LEGACY_FIRM = ""

/** The firm's id, as its server states it. */
export async function firmIdOf(db: FirmDb, where = "the firm's server"): Promise<string> {
  const present = await db.query<{ present: boolean }>("SELECT to_regclass('firm.identity') IS NOT NULL AS present")
  if (present.rows[0]?.present !== true) throw schemaTooOld(where)
  const row = (await db.query<{ id: string }>("SELECT firm_id::text AS id FROM firm.identity")).rows[0]
  if (row === undefined) throw schemaTooOld(where)
  return row.id
}

/**
 * Records that this desk syncs with `firmId` now. The first firm ever synced with takes over the
 * marks and positions kept before firm ids (they were made with the firm the desk was linked to).
 */
export function enterFirm(sqlite: Database.Database, firmId: string, at: string): void {
  sqlite.transaction(() => {
    const first = sqlite.prepare("SELECT count(*) FROM firm_seen").pluck().get() === 0
    if (first) {
      sqlite.prepare("UPDATE firm_sent SET firm_id = ? WHERE firm_id = ?").run(firmId, LEGACY_FIRM)
      sqlite.prepare("UPDATE firm_cursor SET firm_id = ? WHERE firm_id = ?").run(firmId, LEGACY_FIRM)
    }
    sqlite
      .prepare(
        `INSERT INTO firm_seen (firm_id, first_sync_at, last_sync_at) VALUES (?, ?, ?)
         ON CONFLICT (firm_id) DO UPDATE SET last_sync_at = excluded.last_sync_at`,
      )
      .run(firmId, at, at)
  })()
}

/** The firm this desk synced with last (what waits to go up is counted against it). */
export function lastFirmId(sqlite: Database.Database): string {
  const id = sqlite.prepare("SELECT firm_id FROM firm_seen ORDER BY last_sync_at DESC, rowid DESC LIMIT 1").pluck().get()
  return typeof id === "string" ? id : LEGACY_FIRM
}
