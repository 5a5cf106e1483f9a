import type Database from "better-sqlite3"
import type { UpKind } from "./contract"
import type { FirmDb } from "./firm-db"

// The desk's marks against what the firm holds (issue 25). A mark says "the firm has this item";
// a firm's server restored from a backup older than the mark no longer has it, and the item
// would never go up again. Before sending, each kind is counted on both sides: this desk's rows
// at the firm, and this desk's marks for the firm. When the firm holds fewer, the marks of the
// items it lacks are taken away, and the items go up in the same sync. The counts agree in every
// other case, so the usual cost is one count per kind.

const SOURCES: Record<UpKind, { table: string; key: string }> = {
  trace: { table: "traces", key: "request_id" },
  flag: { table: "flags", key: "flag_id" },
  review: { table: "reviews", key: "flag_id" },
  scenario: { table: "scenarios", key: "scenario_id" },
  pack: { table: "pack_versions", key: "pack_id || '@' || version" },
}

const PAGE = 5_000

/**
 * Takes away the marks of items the firm lacks; returns how many, by kind (none: all there).
 * `everyMark`: look each mark up, whatever the counts say (the server was restored or replaced,
 * server-epoch.ts, and counts that agree prove nothing about which items it holds).
 */
export async function reconcileMarks(
  db: FirmDb,
  sqlite: Database.Database,
  firmId: string,
  everyMark = false,
): Promise<Partial<Record<UpKind, number>>> {
  const forgotten: Partial<Record<UpKind, number>> = {}
  for (const [kind, source] of Object.entries(SOURCES) as [UpKind, (typeof SOURCES)[UpKind]][]) {
    const marked = Number(
      sqlite.prepare("SELECT count(*) FROM firm_sent WHERE firm_id = ? AND kind = ? AND outcome = 'sent'").pluck().get(firmId, kind),
    )
    if (marked === 0) continue
    if (!everyMark && (await heldHere(db, source.table)) >= marked) continue
    const lost = await lostItems(db, sqlite, firmId, kind, source)
    if (lost > 0) forgotten[kind] = lost
  }
  return forgotten
}

/** This desk's rows in one of the firm's tables. */
async function heldHere(db: FirmDb, table: string): Promise<number> {
  const held = await db.query<{ n: string }>(`SELECT count(*) AS n FROM firm.${table} WHERE desk = current_user`)
  return Number(held.rows[0]?.n ?? 0)
}

async function lostItems(db: FirmDb, sqlite: Database.Database, firmId: string, kind: UpKind, source: { table: string; key: string }): Promise<number> {
  const page = sqlite.prepare(
    "SELECT item_id FROM firm_sent WHERE firm_id = ? AND kind = ? AND outcome = 'sent' AND item_id > ? ORDER BY item_id LIMIT ?",
  )
  const forget = sqlite.prepare("DELETE FROM firm_sent WHERE firm_id = ? AND kind = ? AND item_id = ?")
  let after = ""
  let lost = 0
  for (;;) {
    const ids = page.pluck().all(firmId, kind, after, PAGE) as string[]
    const last = ids.at(-1)
    if (last === undefined) return lost
    const missing = await db.query<{ id: string }>(
      `SELECT x AS id FROM unnest($1::text[]) AS x
       WHERE NOT EXISTS (SELECT 1 FROM firm.${source.table} t WHERE ${source.key} = x AND t.desk = current_user)`,
      [ids],
    )
    sqlite.transaction(() => {
      for (const { id } of missing.rows) forget.run(firmId, kind, id)
    })()
    lost += missing.rows.length
    after = last
  }
}
