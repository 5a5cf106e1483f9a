import type Database from "better-sqlite3"
import { z } from "zod"

// The desk's one firm connection (migration 0013's firm_link): the URL without its password, and
// how the last sync went. Kept in the desk's database so the app and the CLI find it.

export const FirmLink = z.object({
  url: z.string(),
  lastSyncAt: z.string().nullable(),
  lastError: z.string().nullable(),
})
export type FirmLink = z.infer<typeof FirmLink>

export function readFirmLink(sqlite: Database.Database): FirmLink | null {
  const row = sqlite.prepare("SELECT url, last_sync_at AS lastSyncAt, last_error AS lastError FROM firm_link WHERE id = 1").get()
  return row === undefined ? null : FirmLink.parse(row)
}

/** Remembers the firm's URL (the redacted form: never a password). */
export function saveFirmUrl(sqlite: Database.Database, redactedUrl: string, at: string): void {
  sqlite
    .prepare(
      `INSERT INTO firm_link (id, url, updated_at) VALUES (1, ?, ?)
       ON CONFLICT (id) DO UPDATE SET url = excluded.url, updated_at = excluded.updated_at`,
    )
    .run(redactedUrl, at)
}

export function recordSyncResult(sqlite: Database.Database, at: string, error: string | null): void {
  const set = error === null ? "last_sync_at = ?, last_error = NULL" : "last_error = ?"
  sqlite.prepare(`UPDATE firm_link SET ${set}, updated_at = ? WHERE id = 1`).run(error ?? at, at)
}

/** Forgets the firm (Settings → Unlink): what went up and came down stays recorded, read-only. */
export function forgetFirmLink(sqlite: Database.Database): void {
  sqlite.prepare("DELETE FROM firm_link WHERE id = 1").run()
}
