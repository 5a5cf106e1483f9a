import Database from "better-sqlite3"
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3"
import { randomUUID } from "node:crypto"
import { constants, copyFileSync, existsSync, linkSync, mkdirSync, renameSync, rmSync } from "node:fs"
import { dirname } from "node:path"
import {
  checkIntegrity,
  describeDamage,
  inspectDatabaseFile,
  isDamageError,
  StoreDamagedError,
  type IntegrityResult,
  type KeptFile,
} from "./integrity"
import { markInterruptedRuns } from "./interrupted"
import {
  appliedMigrations,
  checkCompatible,
  defaultMigrationsDir,
  loadMigrations,
  migrate,
  SchemaMismatchError,
  SchemaTooNewError,
} from "./migrator"
import { endSession, startSession } from "./owner"
import * as schema from "./schema"
import { SearchIndex, type SearchIndexOptions } from "./search-index"
import { systemClock } from "../util/clock"

// Opening the database: what lies at the path first (integrity.ts), the one writer connection of a
// process, SQLite's quick check, its pragmas, the migrations, and the clean-up of runs a crash
// left `running`. A damaged file is never written to (README.md, "A damaged database file").

export type StoreDb = BetterSQLite3Database<typeof schema>

export interface OpenStoreOptions {
  path: string
  /** Defaults to resources/migrations at the app root. */
  migrationsDir?: string
  clock?: () => Date
  /** When the search index catches up between searches (defaults in search-index.ts). */
  searchIndex?: SearchIndexOptions
  /**
   * A database that fails the quick check at open: "refuse" (the default) throws
   * StoreDamagedError; "read-only" opens it read-only (no migrations, nothing written, `readOnly`
   * set), so that `fiskai traces` can still tell what is readable.
   */
  ifDamaged?: "refuse" | "read-only"
}

export interface Store {
  readonly path: string
  readonly sqlite: Database.Database
  readonly db: StoreDb
  /** Marks the running traces this connection writes (see owner.ts). */
  readonly owner: string
  readonly clock: () => Date
  readonly schemaVersion: number
  /** Runs left `running` by a crashed writer, marked interrupted at open. */
  readonly interruptedAtOpen: readonly string[]
  /** The history search index, kept up to date in batches (search-index.ts). */
  readonly searchIndex: SearchIndex
  /** The quick check at open. Not ok only when opened with `ifDamaged: "read-only"`. */
  readonly integrityAtOpen: IntegrityResult
  /** Opened read-only because the file is damaged: nothing can be written through this store. */
  readonly readOnly: boolean
  /** An empty file found at the path, kept beside the new database created in its place. */
  readonly keptAtOpen: KeptFile | null
  close(): void
}

export function openStore(options: OpenStoreOptions): Store {
  const clock = options.clock ?? systemClock
  const known = loadMigrations(options.migrationsDir ?? defaultMigrationsDir())
  let keptAtOpen: KeptFile | null = null
  if (options.path !== ":memory:") {
    mkdirSync(dirname(options.path), { recursive: true })
    const state = inspectDatabaseFile(options.path)
    if (state === "empty")
      keptAtOpen = { path: options.path, keptAs: keepBeside(options.path, "empty", clock), reason: "empty" }
    if (state !== "sqlite") createDatabaseFile(options.path)
  }
  const sqlite = new Database(options.path)
  let owner: string | null = null
  try {
    // Connection-level settings first: they do not write to the file.
    sqlite.pragma("busy_timeout = 5000")
    sqlite.pragma("foreign_keys = ON")
    // A damaged file is found before anything writes to it (reads the whole file: README.md).
    const integrityAtOpen = checkIntegrity(sqlite, "quick")
    if (!integrityAtOpen.ok) {
      sqlite.close()
      if (options.ifDamaged !== "read-only")
        throw new StoreDamagedError(options.path, "corrupt", integrityAtOpen.problems)
      return openReadOnly(options, known, clock, integrityAtOpen)
    }
    // Refuse a database from a newer app, or whose migration history is not this app's (rows or
    // shipped files changed), before anything (even journal_mode) changes the file.
    checkCompatible(appliedMigrations(sqlite), known)
    sqlite.pragma("journal_mode = WAL")
    sqlite.pragma("synchronous = FULL")
    const schemaVersion = migrate(sqlite, known, clock)
    const session = startSession()
    owner = session
    const interruptedAtOpen = markInterruptedRuns(sqlite, clock)
    return assemble(sqlite, options, {
      owner: session,
      clock,
      schemaVersion,
      interruptedAtOpen,
      integrityAtOpen,
      readOnly: false,
      keptAtOpen,
    })
  } catch (error) {
    if (owner !== null) endSession(owner)
    if (sqlite.open) sqlite.close()
    throw asDamage(options.path, error)
  }
}

/** A damaged file, read-only: its schema journal is read (never migrated), nothing is written. */
function openReadOnly(
  options: OpenStoreOptions,
  known: ReturnType<typeof loadMigrations>,
  clock: () => Date,
  integrityAtOpen: IntegrityResult,
): Store {
  const sqlite = new Database(options.path, { readonly: true, fileMustExist: true })
  try {
    sqlite.pragma("busy_timeout = 5000")
    const applied = appliedMigrations(sqlite)
    checkCompatible(applied, known)
    return assemble(sqlite, options, {
      owner: startSession(),
      clock,
      schemaVersion: applied.length,
      interruptedAtOpen: [],
      integrityAtOpen,
      readOnly: true,
      keptAtOpen: null,
    })
  } catch (error) {
    sqlite.close()
    throw asDamage(options.path, error)
  }
}

type StoreState = Pick<
  Store,
  "owner" | "clock" | "schemaVersion" | "interruptedAtOpen" | "integrityAtOpen" | "readOnly" | "keptAtOpen"
>

function assemble(sqlite: Database.Database, options: OpenStoreOptions, state: StoreState): Store {
  const db = drizzle(sqlite, { schema })
  const searchIndex = new SearchIndex(sqlite, { ...options.searchIndex, readOnly: state.readOnly })
  let open = true
  return {
    path: options.path,
    sqlite,
    db,
    searchIndex,
    ...state,
    close() {
      if (!open) return
      open = false
      searchIndex.close()
      endSession(state.owner)
      sqlite.close()
    },
  }
}

/**
 * SQLite's damage errors met while opening (after the quick check passed), and the migrator's
 * refusals (a newer app's database, a journal that is not this app's history), as
 * StoreDamagedError: the refusal every host shows in both languages, naming the file.
 */
function asDamage(path: string, error: unknown): unknown {
  if (isDamageError(error)) return new StoreDamagedError(path, "corrupt", [describeDamage(error)])
  if (error instanceof SchemaTooNewError)
    return new StoreDamagedError(path, "newer-schema", [
      `schema ${error.databaseVersion}; this app knows up to ${error.appVersion}`,
    ])
  if (error instanceof SchemaMismatchError)
    return new StoreDamagedError(path, "schema-mismatch", [error.message])
  return error
}

/**
 * Moves the file at `path` to `<path>.<tag>-<timestamp>` (a free name: an earlier one is never
 * overwritten) and returns where it went.
 */
function keepBeside(path: string, tag: string, clock: () => Date): string {
  const stamp = clock().toISOString().replace(/[:.]/g, "-")
  for (let n = 0; ; n += 1) {
    const target = `${path}.${tag}-${stamp}${n === 0 ? "" : `-${n}`}`
    if (existsSync(target)) continue
    renameSync(path, target)
    return target
  }
}

/**
 * Creates an empty database at `path` in one step: it is made (with its WAL header written) under
 * a temporary name and linked into place, so no other process ever sees a 0-byte file here
 * that it would take for an emptied database and move aside. Another process that created it
 * first wins (the link fails; its file is used). A file system without hard links gets a copy.
 */
function createDatabaseFile(path: string): void {
  const temp = `${path}.new-${process.pid}-${randomUUID()}`
  try {
    const fresh = new Database(temp)
    try {
      fresh.pragma("journal_mode = WAL")
    } finally {
      fresh.close()
    }
    try {
      linkSync(temp, path)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === "EEXIST") return
      if (code !== "EPERM" && code !== "ENOTSUP" && code !== "ENOSYS" && code !== "EXDEV") throw error
      try {
        copyFileSync(temp, path, constants.COPYFILE_EXCL)
      } catch (copyError) {
        if ((copyError as NodeJS.ErrnoException).code !== "EEXIST") throw copyError
      }
    }
  } finally {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${temp}${suffix}`, { force: true })
  }
}
