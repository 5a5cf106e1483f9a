import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { loadPack, type LoadedPack } from "../../../src-main/knowledge/loader"
import { defaultMigrationsDir } from "../../../src-main/store/migrator"
import { openStore, type Store } from "../../../src-main/store/store"
import { cleanPackRaw } from "../../fixtures/packs/clean-pack"
import { tempDir } from "../store/fixtures"

// Stores for the packs room's tests: real SQLite files in temp folders, migrated with the shipped
// migrations. The migrations are copied with their journal numbered without gaps, so that these
// tests run whether or not the migration before 0011 (another change in flight) is there yet;
// once it is, the copy is the shipped journal unchanged.

const OWN_TAG = "0011_pack_versions"

interface JournalEntry {
  idx: number
  tag: string
  [key: string]: unknown
}

function migrationsCopy(): string {
  const from = defaultMigrationsDir()
  const to = join(tempDir(), "migrations")
  mkdirSync(join(to, "meta"), { recursive: true })
  for (const name of readdirSync(from)) if (name.endsWith(".sql")) copyFileSync(join(from, name), join(to, name))
  const journal = JSON.parse(readFileSync(join(from, "meta", "_journal.json"), "utf8")) as { entries: JournalEntry[] }
  const entries = [...journal.entries].sort((a, b) => a.idx - b.idx)
  if (!entries.some((e) => e.tag === OWN_TAG)) entries.push({ idx: entries.length, tag: OWN_TAG, version: "6", when: 0, breakpoints: true })
  journal.entries = entries.map((entry, idx) => ({ ...entry, idx }))
  writeFileSync(join(to, "meta", "_journal.json"), JSON.stringify(journal))
  return to
}

let migrations: string | null = null

/** A clock that moves a minute each time it is read: every publication gets its own time. */
export function tickingClock(start = "2026-03-02T09:00:00.000Z"): () => Date {
  let now = Date.parse(start)
  return () => {
    now += 60_000
    return new Date(now)
  }
}

const opened: Store[] = []

export function openPackStore(path = join(tempDir(), "fiskai.sqlite"), clock: () => Date = tickingClock()): Store {
  migrations = migrationsCopy()
  const store = openStore({ path, migrationsDir: migrations, clock })
  opened.push(store)
  return store
}

/** The file at `path` opened again, with the migrations of the last openPackStore (same test). */
export function reopenPackStore(path: string, clock: () => Date = tickingClock("2026-03-03T09:00:00.000Z")): Store {
  if (migrations === null) throw new Error("openPackStore first")
  const store = openStore({ path, migrationsDir: migrations, clock })
  opened.push(store)
  return store
}

/** The stores opened by this file's tests, to close after each. */
export function closeOpenedStores(): void {
  for (const store of opened.splice(0)) if (store.sqlite.open) store.close()
}

/** The lint-clean synthetic 2.0 pack (no regulatory content) at `version`. */
export function basePack(version = "2.0.0"): LoadedPack {
  return loadPack({ ...cleanPackRaw(), version })
}

/** A copy of one of the base pack's rules with `change` applied. */
export function ruleOf(pack: LoadedPack, id: string, change: Record<string, unknown> = {}): Record<string, unknown> {
  const rule = pack.pack.rules.find((r) => r.id === id)
  if (rule === undefined) throw new Error(`no rule ${id} in the fixture pack`)
  return { ...structuredClone(rule), ...change }
}
