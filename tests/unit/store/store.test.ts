import Database from "better-sqlite3"
import { describe, expect, test } from "vitest"
import { NEW_DATABASE_PAGE_SIZE } from "../../../src-main/store/store"
import { AS_OF, CLEAR_QUESTION, realService } from "./engine-fixtures"
import { openTestStore, tempDbPath } from "./fixtures"

// Opening the database: a new file gets the app's page size; a file an earlier version wrote
// keeps its own, and both checkpoint at the same WAL size in bytes.

function pragmaNumber(sqlite: Database.Database, name: string): number {
  return Number(sqlite.pragma(name, { simple: true }))
}

describe("openStore page size", () => {
  test("a new database gets 1 KiB pages and checkpoints at about 4 MB of WAL", () => {
    const store = openTestStore()
    expect(pragmaNumber(store.sqlite, "page_size")).toBe(NEW_DATABASE_PAGE_SIZE)
    expect(NEW_DATABASE_PAGE_SIZE).toBe(1024)
    expect(pragmaNumber(store.sqlite, "wal_autocheckpoint")).toBe(4000)
  })

  test("a database with 4 KiB pages keeps them, keeps its traces and takes new runs", async () => {
    const path = tempDbPath()
    const first = openTestStore(path)
    const before = await realService(first).ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    first.close()
    // What a database written by an earlier version looks like: the same schema on 4 KiB pages.
    const raw = new Database(path)
    raw.pragma("journal_mode = DELETE")
    raw.pragma("page_size = 4096")
    raw.exec("VACUUM")
    raw.close()

    const reopened = openTestStore(path)
    expect(pragmaNumber(reopened.sqlite, "page_size")).toBe(4096)
    expect(pragmaNumber(reopened.sqlite, "wal_autocheckpoint")).toBe(1000)
    expect(reopened.sqlite.pragma("journal_mode", { simple: true })).toBe("wal")
    const service = realService(reopened)
    const after = await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    for (const requestId of [before.requestId, after.requestId]) {
      const verified = await service.verify(requestId)
      expect(verified.ok, JSON.stringify(verified)).toBe(true)
    }
    expect(reopened.sqlite.pragma("integrity_check", { simple: true })).toBe("ok")
  })
})
