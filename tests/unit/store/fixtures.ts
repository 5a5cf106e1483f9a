import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach } from "vitest"
import { loadPack, type LoadedPack } from "../../../src-main/knowledge/loader"
import { openStore, type Store } from "../../../src-main/store/store"

// Shared test fixtures: temp folders with real SQLite files, and a tiny, obviously fictional rule
// pack (no regulatory content) for the store's own tests.

const dirs: string[] = []
const stores: Store[] = []

afterEach(() => {
  for (const store of stores.splice(0)) store.close()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "fiskai-store-"))
  dirs.push(dir)
  return dir
}

export function tempDbPath(): string {
  return join(tempDir(), "fiskai.sqlite")
}

/** Opens a store that is closed after the test. */
export function openTestStore(path = tempDbPath(), clock?: () => Date): Store {
  const store = openStore({ path, ...(clock === undefined ? {} : { clock }) })
  stores.push(store)
  return store
}

export function fixturePack(version = "1.0.0"): LoadedPack {
  return loadPack({
    id: "fixture-pack",
    version,
    jurisdiction: "HR",
    publishedAt: "2025-01-01",
    sources: [{ id: "src-a", name: "Fixture Source", authority: "LAW" }],
    evidence: [
      {
        id: "ev-a",
        sourceId: "src-a",
        url: "https://example.test/fixture",
        title: "Fixture evidence",
        quote: "Fixture quote.",
        fetchedAt: "2025-01-01",
        language: "en",
      },
    ],
    topics: [{ id: "topic-a", nameHr: "Tema", nameEn: "Topic" }],
    concepts: [{ slug: "fixture", nameHr: "Fiks", nameEn: "Fixture", keywords: ["fixture"], topic: "topic-a" }],
    rules: [
      {
        id: "rule.a",
        conceptSlug: "fixture",
        valueKey: "k",
        titleHr: "Pravilo",
        titleEn: "Rule",
        authority: "LAW",
        effectiveFrom: "2020-01-01",
        effectiveUntil: null,
        value: { type: "boolean", value: true },
        statement: { hr: "Izjava.", en: "Statement." },
        kind: "fact",
        evidenceIds: ["ev-a"],
        status: "PUBLISHED",
      },
    ],
  })
}
