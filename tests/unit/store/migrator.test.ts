import Database from "better-sqlite3"
import { cpSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, test } from "vitest"
import { StoreDamagedError } from "../../../src-main/store/integrity"
import { defaultMigrationsDir, loadMigrations } from "../../../src-main/store/migrator"
import { openStore } from "../../../src-main/store/store"
import { sha256Hex } from "../../../src-main/util/canonical-json"
import { AS_OF, realService } from "./engine-fixtures"
import { openTestStore, tempDbPath, tempDir } from "./fixtures"

const shipped = loadMigrations(defaultMigrationsDir())

/** A copy of the shipped migrations cut down to the first `count` (an older app's folder). */
function olderMigrationsDir(count: number): string {
  const dir = join(tempDir(), "migrations")
  cpSync(defaultMigrationsDir(), dir, { recursive: true })
  const journalPath = join(dir, "meta", "_journal.json")
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: unknown[] }
  journal.entries = journal.entries.slice(0, count)
  writeFileSync(journalPath, JSON.stringify(journal))
  return dir
}

/**
 * Copies every trace, event and pack snapshot into a database at an older schema, in the columns
 * that schema has (what an older app wrote: its own triggers, e.g. its search index, fire as then).
 */
function copyRowsAsOlderAppWould(from: Database.Database, to: Database.Database): void {
  const columnsOf = (db: Database.Database, table: string) => (db.prepare(`SELECT name FROM pragma_table_info('${table}')`).pluck().all() as string[])
  for (const table of ["rule_pack_snapshots", "traces", "events"]) {
    const kept = new Set(columnsOf(to, table))
    const columns = columnsOf(from, table).filter((c) => kept.has(c) && !(table === "traces" && c === "id"))
    const insert = to.prepare(`INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map((c) => `@${c}`).join(", ")})`)
    for (const row of from.prepare(`SELECT ${columns.join(", ")} FROM ${table} ORDER BY rowid`).all() as Record<string, unknown>[]) insert.run(row)
  }
}

function objectNames(path: string): string[] {
  const db = new Database(path, { readonly: true })
  try {
    return (db.prepare("SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]).map((r) => r.name)
  } finally {
    db.close()
  }
}

describe("migrations", () => {
  test("an empty file is brought to the newest schema, with the journal recording each step", () => {
    const store = openTestStore()
    expect(store.schemaVersion).toBe(shipped.length)
    const journal = store.sqlite.prepare("SELECT version, tag FROM schema_migrations ORDER BY version").all()
    expect(journal).toEqual(shipped.map((m) => ({ version: m.version, tag: m.tag })))
    const names = objectNames(store.path)
    for (const name of ["traces", "events", "rule_pack_snapshots", "clients", "settings", "purge_audit", "purged_traces", "traces_fts", "events_no_update", "traces_frozen_context"])
      expect(names).toContain(name)
    expect(store.sqlite.pragma("journal_mode", { simple: true })).toBe("wal")
    expect(store.sqlite.pragma("synchronous", { simple: true })).toBe(2) // FULL
    expect(store.sqlite.pragma("foreign_keys", { simple: true })).toBe(1)
  })

  test("reopening an up-to-date database changes nothing", () => {
    const path = tempDbPath()
    openStore({ path }).close()
    const before = objectNames(path)
    const again = openStore({ path })
    expect(again.schemaVersion).toBe(shipped.length)
    again.close()
    expect(objectNames(path)).toEqual(before)
  })

  test("every earlier schema version upgrades, keeping its traces and indexing them for search", async () => {
    // A run as this app records it; each older database gets the same rows in its own layout.
    const source = openTestStore()
    const run = await realService(source).ask({ question: "Kolika je minimalna plaća?", asOfDate: AS_OF })
    for (let version = 1; version < shipped.length; version++) {
      const path = tempDbPath()
      const old = openStore({ path, migrationsDir: olderMigrationsDir(version) })
      expect(old.schemaVersion).toBe(version)
      copyRowsAsOlderAppWould(source.sqlite, old.sqlite)
      old.close()

      const upgraded = openTestStore(path)
      expect(upgraded.schemaVersion).toBe(shipped.length)
      const service2 = realService(upgraded)
      expect(service2.list({ search: "placa" }).items.map((t) => t.requestId)).toEqual([run.requestId])
      expect(await service2.verify(run.requestId)).toMatchObject({ ok: true })
      expect(() => upgraded.sqlite.prepare("DELETE FROM events").run()).toThrow(/append-only/)
    }
  })

  test("a database written by a newer app is refused with a clear message and left untouched", () => {
    const path = tempDbPath()
    openStore({ path }).close()
    const raw = new Database(path)
    raw.prepare("INSERT INTO schema_migrations (version, tag, checksum, applied_at) VALUES (?, ?, ?, ?)").run(shipped.length + 1, "9999_from_the_future", "x", "2030-01-01T00:00:00.000Z")
    raw.close()
    const before = sha256Hex(readFileSync(path))

    let refusal: unknown
    try {
      openStore({ path })
    } catch (error) {
      refusal = error
    }
    expect(refusal).toBeInstanceOf(StoreDamagedError)
    expect(refusal).toMatchObject({ kind: "newer-schema" })
    expect((refusal as Error).message).toContain(
      `written by a newer FiskAI version (schema ${shipped.length + 1}; this app knows up to ${shipped.length})`,
    )
    expect(sha256Hex(readFileSync(path))).toBe(before)
  })

  test("an older app refuses a database that a newer one migrated", () => {
    const path = tempDbPath()
    openStore({ path }).close()
    expect(() => openStore({ path, migrationsDir: olderMigrationsDir(1) })).toThrow(/written by a newer FiskAI version/)
  })

  test("a database whose journal disagrees with the app's migrations is refused", () => {
    const path = tempDbPath()
    openStore({ path }).close()
    const raw = new Database(path)
    raw.prepare("UPDATE schema_migrations SET tag = 'someone_elses_schema' WHERE version = 1").run()
    raw.close()
    expect(() => openStore({ path })).toThrow(/schema history recorded in the database .* does not match/)
  })

  test("a migration that fails is rolled back whole and the database stays at the previous version", () => {
    const dir = olderMigrationsDir(shipped.length)
    const journalPath = join(dir, "meta", "_journal.json")
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { idx: number; tag: string }[] }
    journal.entries.push({ idx: shipped.length, tag: "9999_broken" })
    writeFileSync(journalPath, JSON.stringify(journal))
    writeFileSync(join(dir, "9999_broken.sql"), "CREATE TABLE half_done (x);\n--> statement-breakpoint\nTHIS IS NOT SQL;")
    const path = tempDbPath()
    expect(() => openStore({ path, migrationsDir: dir })).toThrow()
    expect(objectNames(path)).not.toContain("half_done")
    const store = openTestStore(path)
    expect(store.schemaVersion).toBe(shipped.length)
  })
})
