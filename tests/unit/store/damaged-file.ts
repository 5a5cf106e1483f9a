import { createHash } from "node:crypto"
import { closeSync, openSync, readFileSync, readSync, writeSync } from "node:fs"
import Database from "better-sqlite3"
import { EVENT_SEQ_BITS } from "../../../src-main/store/event-keys"

// Damage done to a real database file the way a failing disk or a bad copy does it: one page in the
// middle of a table overwritten with garbage. The page is found from the file itself (SQLite's
// dbstat table: which pages belong to which b-tree) and read before it is overwritten, so a test
// knows which runs had rows on it. No vitest imports: the helpers only touch the given file.

export interface TablePage {
  pageno: number
  /** dbstat's path of the page in its b-tree: leaves in key order sort by it. */
  path: string
}

/** The leaf pages of `table`, in key order (read-only; the file is not changed). */
export function leafPages(dbPath: string, table: string): TablePage[] {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true })
  try {
    return db
      .prepare("SELECT pageno, path FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY path")
      .all(table) as TablePage[]
  } finally {
    db.close()
  }
}

/** A leaf page in the middle of `table`'s b-tree (well after page 1, with leaves on both sides). */
export function middleLeafPage(dbPath: string, table: string): number {
  const leaves = leafPages(dbPath, table)
  const middle = leaves[Math.floor(leaves.length / 2)]
  if (middle === undefined || leaves.length < 3)
    throw new Error(`${table} has only ${leaves.length} leaf pages`)
  return middle.pageno
}

/** The one value a test needs from a list, or a clear failure. */
export function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`no ${what}`)
  return value
}

/** The root page of `table` (its whole b-tree hangs from it). */
export function rootPage(dbPath: string, table: string): number {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true })
  try {
    return db
      .prepare("SELECT rootpage FROM sqlite_schema WHERE type = 'table' AND name = ?")
      .pluck()
      .get(table) as number
  } finally {
    db.close()
  }
}

export function pageSize(dbPath: string): number {
  // Bytes 16-17 of the header; 1 means 65536.
  const header = readFileSync(dbPath).subarray(16, 18)
  const size = header.readUInt16BE(0)
  return size === 1 ? 65536 : size
}

function readPage(dbPath: string, pageno: number): Buffer {
  const size = pageSize(dbPath)
  const page = Buffer.alloc(size)
  const fd = openSync(dbPath, "r")
  try {
    readSync(fd, page, 0, size, (pageno - 1) * size)
  } finally {
    closeSync(fd)
  }
  return page
}

function varint(buffer: Buffer, offset: number): { value: number; next: number } {
  let value = 0
  for (let i = 0; i < 9; i += 1) {
    const byte = buffer[offset + i] ?? 0
    if (i === 8) return { value: value * 256 + byte, next: offset + 9 }
    value = value * 128 + (byte & 0x7f)
    if ((byte & 0x80) === 0) return { value, next: offset + i + 1 }
  }
  return { value, next: offset + 9 }
}

/** The rowids stored on a table b-tree leaf page (type 0x0d; not page 1). */
export function rowidsOnLeaf(dbPath: string, pageno: number): number[] {
  const page = readPage(dbPath, pageno)
  if (page[0] !== 0x0d) throw new Error(`page ${pageno} is not a table leaf (type ${page[0]})`)
  const cells = page.readUInt16BE(3)
  const rowids: number[] = []
  for (let i = 0; i < cells; i += 1) {
    const pointer = page.readUInt16BE(8 + 2 * i)
    const payload = varint(page, pointer)
    rowids.push(varint(page, payload.next).value)
  }
  return rowids
}

/** The request ids of the traces whose events are stored on an events leaf page. */
export function tracesWithEventsOn(dbPath: string, pageno: number): string[] {
  const traceIds = [
    ...new Set(rowidsOnLeaf(dbPath, pageno).map((rowid) => Math.floor(rowid / 2 ** EVENT_SEQ_BITS))),
  ]
  const db = new Database(dbPath, { readonly: true, fileMustExist: true })
  try {
    const requestId = db.prepare("SELECT request_id FROM traces WHERE id = ?").pluck()
    return traceIds.map((id) => requestId.get(id) as string)
  } finally {
    db.close()
  }
}

/** Overwrites one whole page with a byte pattern, as a bad sector or a torn copy leaves it. */
export function overwritePage(dbPath: string, pageno: number, fill = 0xa5): void {
  const size = pageSize(dbPath)
  const fd = openSync(dbPath, "r+")
  try {
    writeSync(fd, Buffer.alloc(size, fill), 0, size, (pageno - 1) * size)
  } finally {
    closeSync(fd)
  }
}

export function sha256OfFile(path: string): string {
  return createHash("sha256").update(readFileSync(path)).digest("hex")
}

/** Which traces' events SQLite can no longer read, asked directly (the oracle for verify). */
export function unreadableTraces(dbPath: string, requestIds: readonly string[]): string[] {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true })
  try {
    const events = db.prepare(
      `SELECT count(*) FROM events WHERE id BETWEEN (SELECT id FROM traces WHERE request_id = @id) << ${EVENT_SEQ_BITS}
         AND ((SELECT id FROM traces WHERE request_id = @id) << ${EVENT_SEQ_BITS}) + ${2 ** EVENT_SEQ_BITS - 1}`,
    )
    return requestIds.filter((id) => {
      try {
        events.pluck().get({ id })
        return false
      } catch (error) {
        if (!String((error as { code?: unknown }).code).startsWith("SQLITE_CORRUPT")) throw error
        return true
      }
    })
  } finally {
    db.close()
  }
}
