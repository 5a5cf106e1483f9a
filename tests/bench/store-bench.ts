import type Database from "better-sqlite3"
import { mkdtempSync, rmSync } from "node:fs"
import { loadavg, tmpdir } from "node:os"
import { join } from "node:path"
import { eventId, isTerminal, type ReasoningEvent } from "../../src-shared/events/event"
import { buildAnswerWithReasoning } from "../../src-main/engine/pipeline"
import { EngineThread } from "../../src-main/engine-thread/engine-thread"
import { loadPackFile, type LoadedPack } from "../../src-main/knowledge/loader"
import { AuditSink } from "../../src-main/sinks/audit-sink"
import { eventKey } from "../../src-main/store/event-keys"
import { chainEvent, GENESIS_HASH } from "../../src-main/trace/hash-chain"
import { listTraces } from "../../src-main/store/history"
import { RunService } from "../../src-main/runs/run-service"
import { openStore, type Store } from "../../src-main/store/store"
import { TraceWriter, type NewTrace } from "../../src-main/store/trace-writer"
import type { BenchRow } from "./types"

// The trace store's figures (issue 3):
//  - persisting complete runs through the audit sink, as traces/s and events/s, each as a ratio
//    to raw better-sqlite3 doing the same rows with the same hashing and the same durability
//    (same schema, same batches as a run with the engine in process: the trace row as the run
//    starts and every stage boundary at synchronous=NORMAL, the terminal at synchronous=FULL), in
//    the same run;
//  - a complete persisted run, engine and store together (p50), composed as the app composes it
//    (services.ts: the engine on its own thread, the store on the main thread);
//  - history queries over 1,000,000 traces (p95).

const ROOT = join(import.meta.dirname, "..", "..")
const QUESTIONS = ["Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?", "Kolika je opća stopa PDV-a?", "asdf qwer zxcv"]
const AS_OF = "2025-06-01"

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN
}

async function engineEvents(pack: LoadedPack, question: string): Promise<ReasoningEvent[]> {
  const events: ReasoningEvent[] = []
  for await (const e of buildAnswerWithReasoning({ requestId: "template", question, asOfDate: AS_OF }, { pack, clock: () => new Date() })) events.push(e)
  return events
}

/** Copies of a template run under a new request id (what the engine would have yielded for it). */
function renamed(template: readonly ReasoningEvent[], requestId: string): ReasoningEvent[] {
  return template.map((e) => ({ ...e, requestId, id: eventId(requestId, e.seq) }))
}

function newTrace(requestId: string, pack: LoadedPack, question: string): NewTrace {
  return { requestId, createdAt: new Date().toISOString(), question, asOfDate: AS_OF, requestJson: JSON.stringify({ requestId, question, asOfDate: AS_OF }), clientId: null, counterfactualOf: null, locale: null, pack }
}

/**
 * The same rows, hashes and commit schedule as the audit sink (opened as RunService.start opens
 * it: the trace row in a commit of its own), written with plain statements; or,
 * with `oneCommit`, all of a run's rows in one durable commit at its terminal (the "durable
 * commit of 30 hashed rows", which leaves out the stage-boundary commits the same issue asks for).
 */
function rawWriter(sqlite: Database.Database, pack: LoadedPack, oneCommit = false): (trace: NewTrace, events: readonly ReasoningEvent[]) => void {
  sqlite.prepare("INSERT OR IGNORE INTO rule_pack_snapshots (hash, pack_id, version, canonical_json, created_at) VALUES (?, ?, ?, ?, ?)").run(pack.hash, pack.id, pack.version, pack.canonicalJson, new Date().toISOString())
  const insertTrace = sqlite.prepare(
    "INSERT INTO traces (request_id, created_at, updated_at, question, as_of_date, request_json, pack_id, pack_version, pack_hash, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'running')",
  )
  const insertEvent = sqlite.prepare("INSERT INTO events (id, request_id, seq, stage, status, ts, event_json, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
  const settle = sqlite.prepare("UPDATE traces SET status = 'complete', updated_at = ?, chain_head = ?, event_count = ? WHERE request_id = ?")
  type Row = { e: ReasoningEvent; json: string; prev: string; hash: string }
  const createRow = (trace: NewTrace, now: string) =>
    Number(insertTrace.run(trace.requestId, trace.createdAt, now, trace.question, trace.asOfDate, trace.requestJson, pack.id, pack.version, pack.hash).lastInsertRowid)
  const openRow = sqlite.transaction((trace: NewTrace) => createRow(trace, new Date().toISOString()))
  // Stage boundaries append events (in one commit, that one also creates the row); the terminal settles the row.
  const batch = sqlite.transaction((trace: NewTrace, rows: Row[], traceId: number | null, total: number, terminal: boolean) => {
    const now = new Date().toISOString()
    const id = traceId ?? createRow(trace, now)
    for (const r of rows) insertEvent.run(eventKey(id, r.e.seq), trace.requestId, r.e.seq, r.e.stage, r.e.status, r.e.ts, r.json, r.prev, r.hash)
    if (terminal) settle.run(now, rows.at(-1)?.hash ?? null, total, trace.requestId)
    return id
  })
  return (trace, events) => {
    let head = GENESIS_HASH
    let pending: Row[] = []
    let traceId: number | null = null
    if (!oneCommit) {
      sqlite.pragma("synchronous = NORMAL")
      traceId = openRow.immediate(trace)
      sqlite.pragma("synchronous = FULL")
    }
    let total = 0
    for (const e of events) {
      const chained = chainEvent(head, e)
      pending.push({ e, json: chained.eventJson, prev: head, hash: chained.hash })
      head = chained.hash
      total += 1
      const terminal = isTerminal(e)
      if (!terminal && (oneCommit || e.status !== "complete")) continue
      if (!terminal) sqlite.pragma("synchronous = NORMAL")
      traceId = batch.immediate(trace, pending, traceId, total, terminal)
      if (!terminal) sqlite.pragma("synchronous = FULL")
      pending = []
    }
  }
}

interface Throughput {
  tracesPerSecond: number
  eventsPerSecond: number
}

function measure(count: number, templates: ReasoningEvent[][], write: (trace: NewTrace, events: ReasoningEvent[]) => void, pack: LoadedPack, prefix: string): Throughput {
  const work = Array.from({ length: count }, (_, i) => {
    const template = templates[i % templates.length] ?? []
    const requestId = `${prefix}-${i}`
    return { trace: newTrace(requestId, pack, QUESTIONS[i % QUESTIONS.length] ?? ""), events: renamed(template, requestId) }
  })
  const eventCount = work.reduce((sum, w) => sum + w.events.length, 0)
  const start = performance.now()
  for (const w of work) write(w.trace, w.events)
  const seconds = (performance.now() - start) / 1000
  return { tracesPerSecond: count / seconds, eventsPerSecond: eventCount / seconds }
}

async function persistenceRows(dir: string, pack: LoadedPack): Promise<BenchRow[]> {
  const templates = await Promise.all(QUESTIONS.map((q) => engineEvents(pack, q)))
  const sinkStore = openStore({ path: join(dir, "sink.sqlite") })
  const rawStore = openStore({ path: join(dir, "raw.sqlite") })
  try {
    const writer = new TraceWriter(sinkStore)
    const viaSink = (trace: NewTrace, events: readonly ReasoningEvent[]) => {
      const sink = new AuditSink(writer, trace, undefined)
      sink.open()
      for (const e of events) sink.write(e)
    }
    const viaRaw = rawWriter(rawStore.sqlite, pack)
    // Warm both paths, then alternate rounds so that neither gets the quieter moment.
    measure(50, templates, viaSink, pack, "warm-sink")
    measure(50, templates, viaRaw, pack, "warm-raw")
    const sink: Throughput[] = []
    const raw: Throughput[] = []
    for (let round = 0; round < 3; round++) {
      sink.push(measure(300, templates, viaSink, pack, `sink-${round}`))
      raw.push(measure(300, templates, viaRaw, pack, `raw-${round}`))
    }
    const best = (xs: Throughput[], k: keyof Throughput) => Math.max(...xs.map((x) => x[k]))
    const tracesRatio = best(sink, "tracesPerSecond") / best(raw, "tracesPerSecond")
    const eventsRatio = best(sink, "eventsPerSecond") / best(raw, "eventsPerSecond")
    return [
      { name: "store: complete traces persisted (audit sink)", value: best(sink, "tracesPerSecond"), unit: "traces/s" },
      { name: "store: raw better-sqlite3, same rows/hashing/durability", value: best(raw, "tracesPerSecond"), unit: "traces/s" },
      { name: "store: traces/s ratio to raw", value: tracesRatio, unit: "x", goal: ">= 0.5", pass: tracesRatio >= 0.5 },
      { name: "store: events persisted (audit sink)", value: best(sink, "eventsPerSecond"), unit: "events/s" },
      { name: "store: events/s ratio to raw", value: eventsRatio, unit: "x", goal: ">= 0.5", pass: eventsRatio >= 0.5 },
    ]
  } finally {
    sinkStore.close()
    rawStore.close()
  }
}

async function persistedRunRows(dir: string, pack: LoadedPack): Promise<BenchRow[]> {
  const store = openStore({ path: join(dir, "runs.sqlite") })
  // For scale, in the same window: the same runs with the engine on the main thread (one thread
  // does it all), on an in-memory database (the store's CPU without the disk), the engine alone,
  // and a run's events hashed and written in one durable commit (what the goal assumes;
  // the audit sink commits at stage boundaries too). The five take turns in blocks of 25
  // runs, so that each block runs with its own code and pages warm in the caches.
  const sameThreadStore = openStore({ path: join(dir, "same-thread.sqlite") })
  const memory = openStore({ path: ":memory:" })
  const oneCommitStore = openStore({ path: join(dir, "one-commit.sqlite") })
  const engineThread = new EngineThread()
  try {
    const engineDefaults = { deliberatePauseMs: 0 }
    const service = new RunService({ store, engine: engineThread.engine, pack, engineDefaults })
    const sameThread = new RunService({ store: sameThreadStore, engine: buildAnswerWithReasoning, pack, engineDefaults })
    const inMemory = new RunService({ store: memory, engine: buildAnswerWithReasoning, pack, engineDefaults })
    const question = QUESTIONS[0] ?? ""
    const engineAlone = () => engineEvents(pack, question)
    const template = await engineAlone()
    const writeInOneCommit = rawWriter(oneCommitStore.sqlite, pack, true)
    let oneCommitRuns = 0
    const oneCommit = async () => {
      const requestId = `one-commit-${oneCommitRuns++}`
      writeInOneCommit(newTrace(requestId, pack, question), renamed(template, requestId))
    }
    for (let i = 0; i < 30; i++) {
      await service.ask({ question, asOfDate: AS_OF })
      await sameThread.ask({ question, asOfDate: AS_OF })
      await inMemory.ask({ question, asOfDate: AS_OF })
      await engineAlone()
      await oneCommit()
    }
    const times: number[] = []
    const sameThreadTimes: number[] = []
    const memoryTimes: number[] = []
    const engineTimes: number[] = []
    const oneCommitTimes: number[] = []
    const timed = async (into: number[], run: () => Promise<unknown>) => {
      const start = performance.now()
      await run()
      into.push(performance.now() - start)
    }
    // The machine is shared: its load says how far to trust a sub-millisecond figure.
    const loadBefore = loadavg()[0] ?? 0
    for (let block = 0; block < 12; block++) {
      for (let i = 0; i < 25; i++) await timed(times, () => service.ask({ question, asOfDate: AS_OF }))
      for (let i = 0; i < 25; i++) await timed(sameThreadTimes, () => sameThread.ask({ question, asOfDate: AS_OF }))
      for (let i = 0; i < 25; i++) await timed(memoryTimes, () => inMemory.ask({ question, asOfDate: AS_OF }))
      for (let i = 0; i < 25; i++) await timed(engineTimes, engineAlone)
      for (let i = 0; i < 25; i++) await timed(oneCommitTimes, oneCommit)
    }
    const p50 = percentile(times, 0.5)
    const mean = times.reduce((a, b) => a + b, 0) / times.length
    return [
      { name: "store: complete persisted run, engine + store, p50", value: p50, unit: "ms", goal: "< 2 ms", pass: p50 < 2 },
      { name: "store: complete persisted run, p90", value: percentile(times, 0.9), unit: "ms" },
      // The mean carries the WAL checkpoints (one run in about twenty pays for one) and the
      // search index's batches (one run in 64).
      { name: "store: complete persisted run, mean", value: mean, unit: "ms" },
      { name: "  (same runs, engine on the main thread too, p50, for scale)", value: percentile(sameThreadTimes, 0.5), unit: "ms" },
      // On the main thread the engine computes each event only when the store asks for it, so its
      // runs commit at every stage boundary; on the engine thread, boundaries that arrive together
      // share a commit (group commit, see the store README). Measured so far (2026-11-22), the
      // engine thread shortens the median run on an idle machine (1.42-1.68 against 1.89-2.20 ms),
      // not while another process keeps one of the two cores busy (2.46 against 2.17 ms), and it
      // lengthens the slow tenth.
      { name: "  (same runs, engine on the main thread too, p90)", value: percentile(sameThreadTimes, 0.9), unit: "ms" },
      { name: "  (same runs, that way, on an in-memory database, p50)", value: percentile(memoryTimes, 0.5), unit: "ms" },
      { name: "  (the engine alone, p50, for scale)", value: percentile(engineTimes, 0.5), unit: "ms" },
      { name: "  (its events hashed, in one durable commit, p50, for scale)", value: percentile(oneCommitTimes, 0.5), unit: "ms" },
      { name: "  (machine load average, 1 min, before the runs)", value: loadBefore, unit: "" },
    ]
  } finally {
    await engineThread.close()
    store.close()
    sameThreadStore.close()
    memory.close()
    oneCommitStore.close()
  }
}

const OUTCOMES = ["ANSWER", "ANSWER", "ANSWER", "QUALIFIED_ANSWER", "CONDITIONAL_ANSWER", "REFUSAL", "REFUSAL", "ERROR"]
const TIERS = ["T0", "T1", "T2", "T3"]
const DOMAINS = ["TAX", "TAX", "LABOR", "COMPANY", "FINANCE"]
const WORDS = ["pdv", "porez", "dobit", "prag", "stopa", "obrt", "paušal", "fiskalizacija", "račun", "plaća", "doprinos", "rok", "prijava", "joppd", "dohodak"]

/** A history of `count` traces, written fast: one transaction of raw inserts, indexes built after. */
export function buildHistory(store: Store, pack: LoadedPack, count: number): void {
  const { sqlite } = store
  // The unique request_id index stays: foreign keys refer to it.
  const secondary = "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'traces' AND sql IS NOT NULL AND name != 'traces_request_id_unique'"
  const indexes = sqlite.prepare(secondary).all() as { name: string; sql: string }[]
  const queueInsert = sqlite.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'traces_search_queue_after_insert'").get() as { sql: string }
  sqlite.transaction(() => {
    sqlite.prepare("INSERT INTO rule_pack_snapshots (hash, pack_id, version, canonical_json, created_at) VALUES (?, ?, ?, ?, ?)").run(pack.hash, pack.id, pack.version, pack.canonicalJson, new Date().toISOString())
    for (const index of indexes) sqlite.exec(`DROP INDEX "${index.name}"`)
    sqlite.exec("DROP TRIGGER traces_search_queue_after_insert")
    const insert = sqlite.prepare(
      `INSERT INTO traces (request_id, created_at, updated_at, question, as_of_date, request_json, client_id, pack_id, pack_version, pack_hash,
        status, outcome, domain, risk_tier, confidence, refusal_reason, ttfus_ms, answer_text, chain_head, event_count)
       VALUES (?, ?, ?, ?, '2025-06-01', '{}', ?, ?, ?, ?, 'complete', ?, ?, ?, ?, ?, ?, ?, ?, 20)`,
    )
    const start = Date.parse("2023-01-01T00:00:00Z")
    for (let i = 0; i < count; i++) {
      const created = new Date(start + i * 60_000).toISOString()
      const outcome = OUTCOMES[i % OUTCOMES.length] ?? "ANSWER"
      const w = (k: number) => WORDS[(i * 7 + k * 13) % WORDS.length] ?? ""
      insert.run(`bench-${i}`, created, created, `Pitanje o ${w(1)} i ${w(2)} broj ${i}?`, i % 50 === 0 ? `client-${i % 200}` : null, pack.id, pack.version, pack.hash,
        outcome, DOMAINS[i % DOMAINS.length] ?? "TAX", TIERS[(i >> 3) % TIERS.length] ?? "T2", (i % 100) / 100, outcome === "REFUSAL" ? "NO_CITABLE_RULES" : null, 20 + (i % 400), `Odgovor o ${w(3)}.`, "0".repeat(64))
    }
    for (const index of indexes) sqlite.exec(index.sql)
    sqlite.exec(queueInsert.sql)
    sqlite.exec("INSERT INTO traces_fts (rowid, question, answer_text) SELECT id, question, answer_text FROM traces")
  })()
}

function historyRows(dir: string, pack: LoadedPack): BenchRow[] {
  const store = openStore({ path: join(dir, "history.sqlite") })
  try {
    const count = 1_000_000
    const buildStart = performance.now()
    buildHistory(store, pack, count)
    const buildSeconds = (performance.now() - buildStart) / 1000
    const firstPage = listTraces(store, { limit: 50 })
    const firstSearch = listTraces(store, { search: "pdv", limit: 50 })
    // What the history screen asks: pages, filters, searches (alone and with a filter), next pages.
    const queries = [
      {},
      { cursor: firstPage.nextCursor ?? undefined },
      { outcome: "REFUSAL" as const },
      { riskTier: "T0" as const },
      { outcome: "QUALIFIED_ANSWER" as const, riskTier: "T1" as const },
      { domain: "LABOR" },
      { clientId: "client-150" },
      { since: "2024-03-01", until: "2024-03-31" },
      { status: "complete" as const },
      { search: "fiskalizacija" },
      { search: "plaća" },
      { search: "joppd rok" },
      { search: "broj 777777" },
      { search: "pdv", outcome: "REFUSAL" as const },
      { search: "pdv", cursor: firstSearch.nextCursor ?? undefined },
    ]
    const times: number[] = []
    for (let round = 0; round < 25; round++)
      for (const q of queries) {
        const start = performance.now()
        listTraces(store, { ...q, limit: 50 })
        times.push(performance.now() - start)
      }
    const p95 = percentile(times, 0.95)
    // The worst case, shown apart: two words each in a fifth of all traces that never meet, so
    // FTS5 must read both doclists whole to find nothing.
    const worst: number[] = []
    for (let round = 0; round < 10; round++) {
      const start = performance.now()
      listTraces(store, { search: "joppd dohodak", limit: 50 })
      worst.push(performance.now() - start)
    }
    return [
      { name: "store: history DB build, 1,000,000 traces (one transaction)", value: buildSeconds, unit: "s" },
      { name: "store: history page (50) over 1,000,000 traces, p95", value: p95, unit: "ms", goal: "< 20 ms", pass: p95 < 20 },
      { name: "store: search, 2 frequent words never together (worst), p50", value: percentile(worst, 0.5), unit: "ms" },
    ]
  } finally {
    store.close()
  }
}

export async function runStoreBench(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), "fiskai-store-bench-"))
  try {
    const pack = loadPackFile(join(ROOT, "resources", "packs", "hr-core.json"))
    return [...(await persistenceRows(dir, pack)), ...(await persistedRunRows(dir, pack)), ...historyRows(dir, pack)]
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
