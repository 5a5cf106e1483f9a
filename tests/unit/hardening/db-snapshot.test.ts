import Database from "better-sqlite3"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { openStore } from "../../../src-main/store/store"
import { openSnapshotReader, type SnapshotReader } from "./support/db-snapshot"
import { snapshotProblems } from "./support/fuzz-checks"

// The fuzz's "a rejected call changed nothing" check reuses its last snapshot while SQLite's
// data_version stands still. These show that a write from another connection is still seen.

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

function freshDatabase(): { dbPath: string; reader: SnapshotReader; writer: Database.Database } {
  const dir = mkdtempSync(join(tmpdir(), "fiskai-snapshot-"))
  const dbPath = join(dir, "fiskai.sqlite")
  openStore({ path: dbPath }).close()
  const reader = openSnapshotReader(dbPath)
  const writer = new Database(dbPath)
  cleanups.push(() => {
    reader.close()
    writer.close()
    rmSync(dir, { recursive: true, force: true })
  })
  return { dbPath, reader, writer }
}

describe("the snapshot reader", () => {
  it("gives equal snapshots while nobody writes", () => {
    const { reader } = freshDatabase()
    const before = reader.snapshot()
    expect(snapshotProblems("none", {}, before, reader.snapshot())).toEqual([])
  })

  it("sees a row another connection added after an unchanged snapshot was reused", () => {
    const { reader, writer } = freshDatabase()
    const before = reader.snapshot()
    reader.snapshot()
    writer.prepare("INSERT INTO settings (key, value_json, updated_at) VALUES ('fuzz.probe', '1', '2025-06-01T00:00:00Z')").run()
    const problems = snapshotProblems("settings.update", { probe: 1 }, before, reader.snapshot())
    expect(problems.join("\n")).toContain("settings went from")
    expect(problems.join("\n")).toContain("settings or clients changed")
  })

  it("sees a value changed in place (same row count) by another connection", () => {
    const { reader, writer } = freshDatabase()
    writer.prepare("INSERT INTO settings (key, value_json, updated_at) VALUES ('fuzz.probe', '1', '2025-06-01T00:00:00Z')").run()
    const before = reader.snapshot()
    writer.prepare("UPDATE settings SET value_json = '2' WHERE key = 'fuzz.probe'").run()
    expect(snapshotProblems("settings.update", { probe: 2 }, before, reader.snapshot())).toEqual([
      'settings.update {"probe":2}: rejected, yet settings or clients changed',
    ])
  })
})
