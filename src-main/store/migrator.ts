import type Database from "better-sqlite3"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { z } from "zod"
import { sha256Hex } from "../util/canonical-json"

// Applies the drizzle-kit migrations in resources/migrations/ at open. Our own runner (not
// drizzle's migrator) so that it is monotonic, runs each migration in its own transaction, keeps a
// journal we control (schema_migrations), and refuses a database written by a newer app before
// touching it in any way.

/** One migration as shipped: schema version N is the N-th entry of drizzle-kit's journal. */
export interface Migration {
  version: number
  tag: string
  statements: string[]
  /** SHA-256 of the file as read: what `migrate` records in the journal. */
  checksum: string
  /**
   * The checksums a database may have recorded for this same file: its own, and those of the
   * file with LF or CRLF line endings. A checkout with Git's autocrlf (the default on Windows)
   * has CRLF files, the packaged app LF ones, and both may open the same database in the
   * default folder; the line endings change no statement (the runner trims each one).
   */
  acceptedChecksums: readonly string[]
}

export class SchemaTooNewError extends Error {
  constructor(
    readonly databaseVersion: number,
    readonly appVersion: number,
  ) {
    super(
      `this database was written by a newer FiskAI version (schema ${databaseVersion}); ` +
        `this app knows up to ${appVersion}. Update FiskAI Workstation to open it.`,
    )
  }
}

/**
 * The database's journal is not this app's history: a row edited, removed or out of order, a tag
 * this app gives another schema, or a migration file that changed after the database applied it.
 * store.ts reports it (and SchemaTooNewError) as StoreDamagedError, with the file's path.
 */
export class SchemaMismatchError extends Error {}

const JOURNAL_TABLE = "schema_migrations"

const DrizzleJournal = z.object({
  entries: z.array(z.object({ idx: z.number().int().nonnegative(), tag: z.string().min(1) })),
})

/** The folder holding the shipped migrations: resources/migrations at the app root. */
export function defaultMigrationsDir(): string {
  // src-main/store/ in development and tests; out/main/ in the built app. Both are two levels
  // below the root that holds resources/.
  const here = fileURLToPath(new URL(".", import.meta.url))
  return join(here, "..", "..", "resources", "migrations")
}

export function loadMigrations(dir: string): Migration[] {
  const journalPath = join(dir, "meta", "_journal.json")
  if (!existsSync(journalPath)) throw new Error(`migrations not found: ${journalPath} is missing`)
  const journal = DrizzleJournal.parse(JSON.parse(readFileSync(journalPath, "utf8")))
  const entries = [...journal.entries].sort((a, b) => a.idx - b.idx)
  return entries.map((entry, position) => {
    if (entry.idx !== position) throw new Error(`migration journal has a gap before ${entry.tag}`)
    const sql = readFileSync(join(dir, `${entry.tag}.sql`), "utf8")
    const statements = sql
      .split("--> statement-breakpoint")
      .map((s) => s.trim())
      .filter((s) => s.length > 0)
    const checksum = sha256Hex(sql)
    return { version: entry.idx + 1, tag: entry.tag, statements, checksum, acceptedChecksums: sameFileChecksums(sql) }
  })
}

function sameFileChecksums(sql: string): string[] {
  const lf = sql.replaceAll("\r\n", "\n")
  return [...new Set([sql, lf, lf.replaceAll("\n", "\r\n")].map((text) => sha256Hex(text)))]
}

interface AppliedRow {
  version: number
  tag: string
  /** NOT NULL since the first runner; null only if someone rebuilt the table by hand. */
  checksum: string | null
}

/** Reads the journal without writing anything; empty for a new database. */
export function appliedMigrations(sqlite: Database.Database): AppliedRow[] {
  const table = sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?").get(JOURNAL_TABLE)
  if (table === undefined) return []
  return sqlite.prepare(`SELECT version, tag, checksum FROM ${JOURNAL_TABLE} ORDER BY version`).all() as AppliedRow[]
}

/**
 * Throws SchemaTooNewError / SchemaMismatchError when the database cannot be opened by this app:
 * every applied row must be, in order, the shipped migration of its version, with the same tag
 * and the checksum of the same file. Called before any pragma that would write to the file.
 *
 * Every journal row any version of this runner wrote carries a checksum (the column was NOT NULL
 * from the start, and each shipped file is unchanged since it was added: `git log` of
 * resources/migrations/), so no good database lacks one. A row without a checksum was therefore
 * written by hand, and is refused like any other edit of the history rather than trusted.
 */
export function checkCompatible(applied: AppliedRow[], known: Migration[]): void {
  const newest = applied.at(-1)
  if (newest !== undefined && newest.version > known.length) throw new SchemaTooNewError(newest.version, known.length)
  applied.forEach((row, position) => {
    if (row.version !== position + 1)
      throw new SchemaMismatchError(
        `the schema journal lists schema ${row.version} where schema ${position + 1} should be`,
      )
    const shipped = known[position]
    if (shipped === undefined || shipped.tag !== row.tag)
      throw new SchemaMismatchError(
        `schema ${row.version} of this database is "${row.tag}", but this app's schema ${row.version} is "${shipped?.tag ?? "?"}"`,
      )
    if (row.checksum === null || !shipped.acceptedChecksums.includes(row.checksum))
      throw new SchemaMismatchError(
        `schema ${row.version} "${row.tag}" was applied from a file with checksum ${short(row.checksum)}, ` +
          `but this app's file has checksum ${short(shipped.checksum)}`,
      )
  })
}

function short(checksum: string | null): string {
  if (checksum === null || checksum === "") return "(none)"
  return checksum.length > 12 ? `${checksum.slice(0, 12)}…` : checksum
}

/** Applies every shipped migration newer than the database, each in its own transaction. Returns the new version. */
export function migrate(sqlite: Database.Database, known: Migration[], now: () => Date = () => new Date()): number {
  sqlite.exec(
    `CREATE TABLE IF NOT EXISTS ${JOURNAL_TABLE} (
      version INTEGER PRIMARY KEY,
      tag TEXT NOT NULL,
      checksum TEXT NOT NULL,
      applied_at TEXT NOT NULL
    )`,
  )
  const record = sqlite.prepare(`INSERT INTO ${JOURNAL_TABLE} (version, tag, checksum, applied_at) VALUES (?, ?, ?, ?)`)
  for (const migration of known) {
    const apply = sqlite.transaction(() => {
      // Re-read inside the write transaction: another process may have migrated meanwhile.
      const applied = appliedMigrations(sqlite)
      checkCompatible(applied, known)
      if (applied.length >= migration.version) return
      for (const statement of migration.statements) sqlite.exec(statement)
      record.run(migration.version, migration.tag, migration.checksum, now().toISOString())
    })
    apply.immediate()
  }
  return appliedMigrations(sqlite).length
}
