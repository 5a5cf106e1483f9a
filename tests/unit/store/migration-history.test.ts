import Database from "better-sqlite3"
import { appendFileSync, cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, test } from "vitest"
import { reportingStoreDamage } from "../../../src-main/cli/store-failures"
import { startupFailureDialog } from "../../../src-main/electron/startup-messages"
import { StoreDamagedError } from "../../../src-main/store/integrity"
import { defaultMigrationsDir, loadMigrations } from "../../../src-main/store/migrator"
import { openStore } from "../../../src-main/store/store"
import { openTestStore, tempDbPath, tempDir } from "./fixtures"

// Issue 21, item 6: the migrator reads back the journal it keeps. At open, every migration the
// database records as applied must be, in order, the migration this app ships for that version:
// same tag, same checksum of the same file. A database whose history was edited, that records a
// migration this app does not ship, or that applied a file since changed, is refused with the
// store's bilingual refusal (StoreDamagedError) before anything is written to it. Every database
// here is a real file in a temporary folder.

const shipped = loadMigrations(defaultMigrationsDir())

/** A database at the newest schema, closed (its WAL checkpointed into the file). */
function goodDatabase(): string {
  const path = tempDbPath()
  openStore({ path }).close()
  return path
}

/** Changes the database's journal through a raw connection, as someone editing the file would. */
function editJournal(path: string, sql: string, ...params: unknown[]): void {
  const raw = new Database(path)
  try {
    raw.prepare(sql).run(...params)
  } finally {
    raw.close()
  }
}

interface FileState {
  bytes: Buffer
  mtimeMs: number
  /** The folder's other files (a -wal or -shm left behind would show here). */
  siblings: string[]
}

function fileState(path: string): FileState {
  const dir = join(path, "..")
  return { bytes: readFileSync(path), mtimeMs: statSync(path).mtimeMs, siblings: readdirSync(dir).sort() }
}

/** Opens the database expecting a refusal; returns it, after checking that the file is as it was. */
function refusedOpen(path: string, migrationsDir?: string): StoreDamagedError {
  const before = fileState(path)
  let refusal: unknown
  try {
    openStore({ path, ...(migrationsDir === undefined ? {} : { migrationsDir }) }).close()
  } catch (error) {
    refusal = error
  }
  expect(refusal).toBeInstanceOf(StoreDamagedError)
  const after = fileState(path)
  expect(after.bytes.equals(before.bytes)).toBe(true)
  expect(after.mtimeMs).toBe(before.mtimeMs)
  expect(after.siblings).toEqual(before.siblings)
  expect(existsSync(`${path}-wal`)).toBe(false)
  return refusal as StoreDamagedError
}

/** What the app's start-up dialog says: Croatian first, then English. */
function dialogTexts(refusal: StoreDamagedError): { hr: string; en: string } {
  const dialog = startupFailureDialog(refusal)
  expect(dialog.title).toMatch(/se ne može pokrenuti.*could not start/)
  const [hr = "", en = "", ...rest] = dialog.message.split("\n\n")
  expect(rest).toEqual([])
  return { hr, en }
}

/** What every CLI command that opens the database prints (one line, exit 1). */
async function cliLine(refusal: StoreDamagedError): Promise<string> {
  let stderr = ""
  const io = { stderr: { write: (text: string) => (stderr += text) } } as never
  const code = await reportingStoreDamage("traces", () => Promise.reject(refusal))([], io)
  expect(code).toBe(1)
  return stderr
}

/** A copy of the shipped migrations folder, to change one file of it. */
function copiedMigrations(): string {
  const dir = join(tempDir(), "migrations")
  cpSync(defaultMigrationsDir(), dir, { recursive: true })
  return dir
}

function expectHistoryMismatch(refusal: StoreDamagedError, path: string, detail: RegExp): void {
  expect(refusal.kind).toBe("schema-mismatch")
  const { hr, en } = dialogTexts(refusal)
  expect(hr).toMatch(/^Povijest nadogradnji zapisana u bazi podataka .* ne odgovara ovoj verziji FiskAI-ja/)
  expect(hr).toContain(path)
  expect(hr).toContain("FiskAI u nju nije ništa zapisao")
  expect(hr).toMatch(/sigurnosnu kopiju/)
  expect(en).toMatch(/^The schema history recorded in the database .* does not match this version of FiskAI/)
  expect(en).toContain(path)
  expect(en).toContain("FiskAI has written nothing to it")
  expect(en).toMatch(detail)
  expect(hr).toMatch(detail)
  expect(refusal.message).toBe(en)
}

describe("the applied migrations are verified at open", () => {
  test("a good database opens again, and an older one is checked and brought up to date", () => {
    const path = goodDatabase()
    const again = openTestStore(path)
    expect(again.schemaVersion).toBe(shipped.length)
    const journal = again.sqlite.prepare("SELECT version, tag, checksum FROM schema_migrations ORDER BY version").all()
    expect(journal).toEqual(shipped.map((m) => ({ version: m.version, tag: m.tag, checksum: m.checksum })))
    again.close()

    // An older database (two migrations recorded) brought up to date: its rows are checked too.
    const older = tempDbPath()
    const olderDir = copiedMigrations()
    const journalPath = join(olderDir, "meta", "_journal.json")
    const drizzleJournal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: unknown[] }
    drizzleJournal.entries = drizzleJournal.entries.slice(0, 2)
    writeFileSync(journalPath, JSON.stringify(drizzleJournal))
    expect(openTestStore(older).schemaVersion).toBe(shipped.length)
  })

  test("a database whose migrations were applied from CRLF copies of the files opens (Git's autocrlf)", () => {
    const crlf = copiedMigrations()
    for (const name of readdirSync(crlf).filter((n) => n.endsWith(".sql")))
      writeFileSync(join(crlf, name), readFileSync(join(crlf, name), "utf8").replaceAll("\r\n", "\n").replaceAll("\n", "\r\n"))
    const path = tempDbPath()
    openStore({ path, migrationsDir: crlf }).close()
    // Written by a CRLF checkout, opened by the packaged app (LF), and the other way round.
    expect(openTestStore(path).schemaVersion).toBe(shipped.length)
    const lfPath = goodDatabase()
    const store = openStore({ path: lfPath, migrationsDir: crlf })
    expect(store.schemaVersion).toBe(shipped.length)
    store.close()
  })

  test("an edited checksum row is refused, and the file is not touched", async () => {
    const path = goodDatabase()
    editJournal(path, "UPDATE schema_migrations SET checksum = ? WHERE version = 3", "0".repeat(64))
    const refusal = refusedOpen(path)
    expectHistoryMismatch(
      refusal,
      path,
      /schema 3 "0002_scenarios" was applied from a file with checksum 000000000000…, but this app's file has checksum [0-9a-f]{12}…/,
    )
    expect(await cliLine(refusal)).toBe(`fiskai traces: ${refusal.text("en")}\n`)

    // An emptied checksum is no better: no FiskAI ever wrote a row without one.
    editJournal(path, "UPDATE schema_migrations SET checksum = '' WHERE version = 3")
    expectHistoryMismatch(refusedOpen(path), path, /was applied from a file with checksum \(none\)/)
  })

  test("a removed middle migration row is refused, and the file is not touched", () => {
    const path = goodDatabase()
    editJournal(path, "DELETE FROM schema_migrations WHERE version = 4")
    expectHistoryMismatch(refusedOpen(path), path, /the schema journal lists schema 5 where schema 4 should be/)
  })

  test("a tag changed in place is refused, and the file is not touched", () => {
    const path = goodDatabase()
    editJournal(path, "UPDATE schema_migrations SET tag = 'someone_elses_schema' WHERE version = 1")
    expectHistoryMismatch(
      refusedOpen(path),
      path,
      /schema 1 of this database is "someone_elses_schema", but this app's schema 1 is "0000_initial"/,
    )
  })

  test("an extra migration this app does not ship (a newer app's database) is refused, and the file is not touched", async () => {
    const path = goodDatabase()
    editJournal(
      path,
      "INSERT INTO schema_migrations (version, tag, checksum, applied_at) VALUES (?, ?, ?, ?)",
      shipped.length + 1,
      "9999_from_the_future",
      "f".repeat(64),
      "2030-01-01T00:00:00.000Z",
    )
    const refusal = refusedOpen(path)
    expect(refusal.kind).toBe("newer-schema")
    const { hr, en } = dialogTexts(refusal)
    expect(hr).toBe(
      `Bazu podataka ${path} zapisala je novija verzija FiskAI-ja (schema ${shipped.length + 1}; this app knows up to ${shipped.length}). ` +
        "FiskAI u nju nije ništa zapisao. Ažurirajte FiskAI Workstation da biste je otvorili.",
    )
    expect(en).toBe(
      `The database ${path} was written by a newer FiskAI version (schema ${shipped.length + 1}; this app knows up to ${shipped.length}). ` +
        "FiskAI has written nothing to it. Update FiskAI Workstation to open it.",
    )
    expect(await cliLine(refusal)).toBe(`fiskai traces: ${en}\n`)
  })

  test("a shipped migration file changed after the database applied it is refused, and the file is not touched", () => {
    const path = goodDatabase()
    const changed = copiedMigrations()
    appendFileSync(join(changed, "0003_scenario_triggers.sql"), "\n--> statement-breakpoint\nSELECT 1;\n")
    expectHistoryMismatch(
      refusedOpen(path, changed),
      path,
      /schema 4 "0003_scenario_triggers" was applied from a file with checksum [0-9a-f]{12}…, but this app's file has checksum [0-9a-f]{12}…/,
    )
    // The same database still opens with the files it was built from.
    expect(openTestStore(path).schemaVersion).toBe(shipped.length)
  })
})
