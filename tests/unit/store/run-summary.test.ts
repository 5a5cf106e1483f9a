import type Database from "better-sqlite3"
import { cpSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, test } from "vitest"
import { toRate, type DashboardMetrics } from "../../../src-shared/metrics"
import { dashboardMetrics } from "../../../src-main/store/metrics"
import { defaultMigrationsDir, loadMigrations } from "../../../src-main/store/migrator"
import { rebuildRunSummaries } from "../../../src-main/store/run-summary"
import { openStore, type Store } from "../../../src-main/store/store"
import { AS_OF, CLEAR_QUESTION, realService, VAGUE_QUESTION } from "./engine-fixtures"
import { openTestStore, tempDbPath, tempDir } from "./fixtures"
import { answerData, seedRun, type SeedRun } from "./metrics-seed"

// The run summary (migration 0015, run-summary.ts): the dashboard reads one row per run instead of
// its events. The figures must be the same whether the summary was written when the run was
// settled or derived by the migration from a database that had none.

const shipped = loadMigrations(defaultMigrationsDir())
const SUMMARY_VERSION = shipped.findIndex((m) => m.tag === "0015_run_summaries") + 1
const NOW = new Date("2026-03-10T12:00:00.000Z")
const ZONE = "Europe/Zagreb"

/** A copy of the shipped migrations cut down to those before 0015 (the app that had no summary). */
function migrationsBeforeSummary(): string {
  const dir = join(tempDir(), "migrations")
  cpSync(defaultMigrationsDir(), dir, { recursive: true })
  const journalPath = join(dir, "meta", "_journal.json")
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: unknown[] }
  journal.entries = journal.entries.slice(0, SUMMARY_VERSION - 1)
  writeFileSync(journalPath, JSON.stringify(journal))
  return dir
}

function openBeforeSummary(path: string): Store {
  const store = openStore({ path, migrationsDir: migrationsBeforeSummary() })
  expect(store.schemaVersion).toBe(SUMMARY_VERSION - 1)
  return store
}

const started = (stage: string, atMs: number) => ({ stage, status: "started", atMs })
const complete = (stage: string, atMs: number) => ({ stage, status: "complete", atMs })
const answer = (atMs: number, fetchedAt: string | null, applies = true) => ({ stage: "ANSWER", status: "complete", atMs, data: answerData(fetchedAt, applies) })

/**
 * Five runs of the period whose figures are known, and a What-if run left out. QUESTION_INTAKE
 * lasts 100, 300, 50, 200, 400 ms (nearest rank over 5: p50 = 200, p95 = 400); CONTEXT_RESOLUTION
 * 200, 50, 600 (p50 200, p95 600); SOURCES 400 once. One of five asked a clarification; of three
 * answers two carry the as-of witness; of two cited answers one citation was fetched 5 days
 * before (fresh) and one 40 days before.
 */
const KNOWN_RUNS: SeedRun[] = [
  {
    requestId: "r1",
    createdAt: "2026-03-09T08:00:00.000Z",
    outcome: "ANSWER",
    riskTier: "T1",
    eligible: 1,
    events: [started("QUESTION_INTAKE", 0), complete("QUESTION_INTAKE", 100), started("CONTEXT_RESOLUTION", 100), complete("CONTEXT_RESOLUTION", 300),
      started("SOURCES", 300), { stage: "SOURCES", status: "progress", atMs: 400 }, complete("SOURCES", 700), answer(900, "2026-03-04T08:00:00.000Z")],
  },
  {
    requestId: "r2",
    createdAt: "2026-03-08T08:00:00.000Z",
    outcome: "ANSWER",
    riskTier: "T1",
    eligible: 1,
    events: [started("QUESTION_INTAKE", 0), complete("QUESTION_INTAKE", 300), answer(500, "2026-01-27T08:00:00.000Z")],
  },
  {
    requestId: "r3",
    createdAt: "2026-03-07T08:00:00.000Z",
    status: "awaiting_input",
    events: [started("QUESTION_INTAKE", 0), complete("QUESTION_INTAKE", 50), { stage: "CLARIFICATION", status: "awaiting_input", atMs: 60 }],
  },
  {
    requestId: "r4",
    createdAt: "2026-03-06T08:00:00.000Z",
    outcome: "REFUSAL",
    riskTier: "T2",
    eligible: 0,
    events: [started("QUESTION_INTAKE", 0), complete("QUESTION_INTAKE", 200), started("CONTEXT_RESOLUTION", 200), complete("CONTEXT_RESOLUTION", 250),
      { stage: "REFUSAL", status: "complete", atMs: 300, data: { reason: "NO_RULES" } }],
  },
  {
    requestId: "r5",
    createdAt: "2026-03-05T08:00:00.000Z",
    outcome: "ANSWER",
    riskTier: "T0",
    eligible: 1,
    events: [started("QUESTION_INTAKE", 0), complete("QUESTION_INTAKE", 400), started("CONTEXT_RESOLUTION", 400), complete("CONTEXT_RESOLUTION", 1000), answer(1100, null, false)],
  },
  {
    requestId: "w1",
    createdAt: "2026-03-09T09:00:00.000Z",
    outcome: "ANSWER",
    counterfactualOf: "r1",
    events: [started("QUESTION_INTAKE", 0), complete("QUESTION_INTAKE", 9999), answer(10_000, "2026-03-09T08:00:00.000Z")],
  },
]

function figures(store: Store): DashboardMetrics {
  return dashboardMetrics(store, { days: 30, bucket: "day" }, NOW, ZONE)
}

function expectKnownFigures(metrics: DashboardMetrics): void {
  const stage = (name: string) => metrics.timings.find((t) => t.stage === name)?.ms
  expect(stage("QUESTION_INTAKE")).toEqual({ count: 5, p50: 200, p95: 400 })
  expect(stage("CONTEXT_RESOLUTION")).toEqual({ count: 3, p50: 200, p95: 600 })
  expect(stage("SOURCES")).toEqual({ count: 1, p50: 400, p95: 400 })
  expect(stage("RETRIEVAL")).toBeUndefined()
  expect(metrics.rates.clarification).toEqual(toRate(1, 5))
  expect(metrics.rates.temporal).toEqual(toRate(2, 3))
  expect(metrics.rates.freshness).toEqual(toRate(1, 2))
  expect(metrics.freshnessAgeDays).toEqual({ count: 2, p50: 5, p95: 40 })
}

function summaries(sqlite: Database.Database): unknown[] {
  return sqlite.prepare("SELECT * FROM run_summaries ORDER BY trace_id").all()
}

/** Copies traces, events and pack snapshots as an app before 0015 wrote them (same order, same ids). */
function copyRuns(from: Database.Database, to: Database.Database): void {
  const columnsOf = (db: Database.Database, table: string) => db.prepare(`SELECT name FROM pragma_table_info('${table}')`).pluck().all() as string[]
  for (const table of ["rule_pack_snapshots", "traces", "events"]) {
    const kept = new Set(columnsOf(to, table))
    const columns = columnsOf(from, table).filter((c) => kept.has(c))
    const insert = to.prepare(`INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map((c) => `@${c}`).join(", ")})`)
    for (const row of from.prepare(`SELECT ${columns.join(", ")} FROM ${table} ORDER BY rowid`).all() as Record<string, unknown>[]) insert.run(row)
  }
}

describe("run summaries", () => {
  test("runs settled with their summary give the known percentiles and shares", () => {
    const store = openTestStore()
    for (const run of KNOWN_RUNS) seedRun(store, run)
    expectKnownFigures(figures(store))
  })

  test("a database from before 0015 with the same runs gives the same figures once opened (the migration derives the summaries)", () => {
    const path = tempDbPath()
    const old = openBeforeSummary(path)
    for (const run of KNOWN_RUNS) seedRun(old, run, { summarize: false })
    old.close()

    const upgraded = openTestStore(path)
    expect(upgraded.schemaVersion).toBe(shipped.length)
    expect(upgraded.sqlite.prepare("SELECT COUNT(*) FROM run_summaries").pluck().get()).toBe(KNOWN_RUNS.length)
    expectKnownFigures(figures(upgraded))

    const settled = openTestStore()
    for (const run of KNOWN_RUNS) seedRun(settled, run)
    expect(figures(upgraded)).toEqual(figures(settled))
  })

  test("engine runs upgraded from 0014 get exactly the summaries the app writes when it settles them", async () => {
    const source = openTestStore()
    const service = realService(source)
    await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    const suspended = await service.ask({ question: VAGUE_QUESTION, asOfDate: AS_OF })
    const resumedLater = await service.ask({ question: VAGUE_QUESTION, asOfDate: AS_OF })
    if (resumedLater.event.status !== "awaiting_input") throw new Error("the vague question did not ask")
    const option = resumedLater.event.data.options?.[0]?.value
    if (option === undefined) throw new Error("the clarification offers no option")
    await service.resume(resumedLater.requestId, option)
    const written = summaries(source.sqlite)
    expect(written).toHaveLength(3)

    const path = tempDbPath()
    const old = openBeforeSummary(path)
    copyRuns(source.sqlite, old.sqlite)
    old.close()
    const upgraded = openTestStore(path)
    expect(summaries(upgraded.sqlite)).toEqual(written)
    expect(suspended.status).toBe("awaiting_input")
  })

  test("a run's summary follows its settlements: suspended at a clarification, then resumed to an answer", async () => {
    const store = openTestStore()
    const service = realService(store)
    const asked = await service.ask({ question: VAGUE_QUESTION, asOfDate: AS_OF })
    if (asked.event.status !== "awaiting_input") throw new Error("the vague question did not ask")
    const row = () => store.sqlite.prepare("SELECT * FROM run_summaries s JOIN traces t ON t.id = s.trace_id WHERE t.request_id = ?").get(asked.requestId) as Record<string, unknown>
    expect(row()).toMatchObject({ clarified: 1, as_of_enforced: 0, retrieval_ms: null, confidence_ms: null })
    expect(row()["intake_ms"]).toEqual(expect.any(Number))

    const option = asked.event.data.options?.[0]?.value
    if (option === undefined) throw new Error("the clarification offers no option")
    const resumed = await service.resume(asked.requestId, option)
    expect(resumed.status).toBe("complete")
    expect(row()).toMatchObject({ clarified: 1 })
    for (const column of ["intake_ms", "context_ms", "sources_ms", "retrieval_ms", "applicability_ms", "analysis_ms", "confidence_ms"])
      expect(row()[column], column).toBeGreaterThanOrEqual(0)
  })

  test("the summaries rebuild from the events alone, and a purge takes a run's summary with it", async () => {
    const store = openTestStore()
    const service = realService(store)
    await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    await service.ask({ question: VAGUE_QUESTION, asOfDate: AS_OF })
    const written = summaries(store.sqlite)
    store.sqlite.prepare("DELETE FROM run_summaries").run()
    expect(rebuildRunSummaries(store.sqlite)).toBe(2)
    expect(summaries(store.sqlite)).toEqual(written)

    const purged = service.purgeOlderThan(new Date(Date.now() + 86_400_000).toISOString())
    expect(purged.traceCount).toBeGreaterThanOrEqual(1)
    const left = store.sqlite.prepare("SELECT COUNT(*) FROM traces").pluck().get() as number
    expect(store.sqlite.prepare("SELECT COUNT(*) FROM run_summaries").pluck().get()).toBe(left)
  })
})
