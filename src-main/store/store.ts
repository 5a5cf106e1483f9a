import Database from "better-sqlite3"
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3"
import { mkdirSync } from "node:fs"
import { dirname } from "node:path"
import { markInterruptedRuns } from "./interrupted"
import { appliedMigrations, checkCompatible, defaultMigrationsDir, loadMigrations, migrate } from "./migrator"
import { endSession, startSession } from "./owner"
import * as schema from "./schema"
import { SearchIndex, type SearchIndexOptions } from "./search-index"
import { systemClock } from "../util/clock"

// Opening the database: the one writer connection of a process, its pragmas, the migrations, and
// the clean-up of runs a crash left `running`.

export type StoreDb = BetterSQLite3Database<typeof schema>

export interface OpenStoreOptions {
  path: string
  /** Defaults to resources/migrations at the app root. */
  migrationsDir?: string
  clock?: () => Date
  /** When the search index catches up between searches (defaults in search-index.ts). */
  searchIndex?: SearchIndexOptions
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
  close(): void
}

export function openStore(options: OpenStoreOptions): Store {
  const clock = options.clock ?? systemClock
  const known = loadMigrations(options.migrationsDir ?? defaultMigrationsDir())
  if (options.path !== ":memory:") mkdirSync(dirname(options.path), { recursive: true })
  const sqlite = new Database(options.path)
  let owner: string | null = null
  try {
    // Connection-level settings first: they do not write to the file.
    sqlite.pragma("busy_timeout = 5000")
    sqlite.pragma("foreign_keys = ON")
    // Refuse a database from a newer app before anything (even journal_mode) changes the file.
    checkCompatible(appliedMigrations(sqlite), known)
    sqlite.pragma("journal_mode = WAL")
    sqlite.pragma("synchronous = FULL")
    const schemaVersion = migrate(sqlite, known, clock)
    const db = drizzle(sqlite, { schema })
    const session = startSession()
    owner = session
    const interruptedAtOpen = markInterruptedRuns(sqlite, clock)
    const searchIndex = new SearchIndex(sqlite, options.searchIndex)
    let open = true
    return {
      path: options.path,
      sqlite,
      db,
      owner: session,
      clock,
      schemaVersion,
      interruptedAtOpen,
      searchIndex,
      close() {
        if (!open) return
        open = false
        searchIndex.close()
        endSession(session)
        sqlite.close()
      },
    }
  } catch (error) {
    if (owner !== null) endSession(owner)
    sqlite.close()
    throw error
  }
}
