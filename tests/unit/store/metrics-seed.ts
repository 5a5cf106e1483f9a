import { RunSummaryWriter } from "../../../src-main/store/run-summary"
import type { Store } from "../../../src-main/store/store"

// Seeds a store with runs whose figures are known, row by row (the dashboard's SQL reads only the
// stored columns and the run summaries derived from the events; the engine's own runs are tested elsewhere). Hashes are placeholders:
// these tests never verify chains.

const PACK_HASH = "f".repeat(64)
const SHIFT = 1_048_576

export interface SeedEvent {
  stage: string
  status: string
  /** Milliseconds after the run's creation. */
  atMs: number
  data?: unknown
}

export interface SeedRun {
  requestId: string
  createdAt: string
  status?: "complete" | "awaiting_input" | "running" | "interrupted"
  outcome?: string | null
  riskTier?: string | null
  clientId?: string | null
  eligible?: number | null
  ttfusMs?: number | null
  durationMs?: number | null
  counterfactualOf?: string
  events?: SeedEvent[]
}

/** A terminal answer's data: its as-of date, the fail-closed witness and the top citation's fetch date. */
export function answerData(fetchedAt: string | null, appliesWhenEvaluated = true): Record<string, unknown> {
  return {
    asOfDate: "2026-03-01",
    answerHr: "Odgovor.",
    headline: "Naslov",
    appliesWhenEvaluated,
    eligibleRuleCount: 1,
    citations: fetchedAt === null ? [] : [{ evidenceId: "ev", ruleId: "r", role: "primary", title: "t", sourceName: "s", authority: "LAW", url: "https://example.test", quote: "q", fetchedAt }],
  }
}

export function seedPack(store: Store): void {
  store.sqlite
    .prepare("INSERT OR IGNORE INTO rule_pack_snapshots (hash, pack_id, version, canonical_json, created_at) VALUES (?, 'p', '1', '{}', '2026-01-01')")
    .run(PACK_HASH)
}

/** `summarize: false` leaves the run summary out (a database older than migration 0015 has none). */
export function seedRun(store: Store, run: SeedRun, { summarize = true }: { summarize?: boolean } = {}): void {
  seedPack(store)
  const events = run.events ?? []
  const created = Date.parse(run.createdAt)
  const status = run.status ?? "complete"
  const info = store.sqlite
    .prepare(
      `INSERT INTO traces (request_id, created_at, updated_at, question, as_of_date, request_json, client_id, pack_id, pack_version,
        pack_hash, counterfactual_of, status, outcome, risk_tier, eligible_rule_count, ttfus_ms, duration_ms, event_count)
       VALUES (@requestId, @createdAt, @createdAt, 'q', '2026-03-01', '{}', @clientId, 'p', '1', @packHash, @counterfactualOf,
        @status, @outcome, @riskTier, @eligible, @ttfusMs, @durationMs, @eventCount)`,
    )
    .run({
      requestId: run.requestId,
      createdAt: run.createdAt,
      clientId: run.clientId ?? null,
      packHash: PACK_HASH,
      counterfactualOf: run.counterfactualOf ?? null,
      status,
      outcome: run.outcome ?? null,
      riskTier: run.riskTier ?? null,
      eligible: run.eligible ?? null,
      ttfusMs: run.ttfusMs ?? null,
      durationMs: run.durationMs ?? null,
      eventCount: events.length,
    })
  const traceId = Number(info.lastInsertRowid)
  const insert = store.sqlite.prepare(
    "INSERT INTO events (id, request_id, seq, stage, status, ts, event_json, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, 'x', 'y')",
  )
  events.forEach((event, seq) => {
    const ts = new Date(created + event.atMs).toISOString()
    const json = JSON.stringify({ requestId: run.requestId, seq, stage: event.stage, status: event.status, ts, data: event.data })
    insert.run(traceId * SHIFT + seq, run.requestId, seq, event.stage, event.status, ts, json)
  })
  // The row is inserted as settled, so its summary is written as the settlement writes it.
  if (summarize && status !== "running") new RunSummaryWriter(store.sqlite).write(run.requestId)
}

export function seedFlag(
  store: Store,
  flag: { id: string; runId: string; kind: "wrong" | "unclear"; createdAt: string; status?: "open" | "confirmed" | "rejected"; decidedAt?: string },
): void {
  const decided = flag.status !== undefined && flag.status !== "open"
  store.sqlite
    .prepare(
      "INSERT INTO flags (id, run_id, kind, note, created_at, status, decided_at, decision_note) VALUES (?, ?, ?, 'n', ?, ?, ?, ?)",
    )
    .run(flag.id, flag.runId, flag.kind, flag.createdAt, flag.status ?? "open", decided ? (flag.decidedAt ?? null) : null, decided ? "d" : null)
}

export function seedThread(store: Store, threadId: string, requestIds: readonly string[]): void {
  store.sqlite
    .prepare("INSERT INTO threads (id, title, client_id, as_of_date, state_json, created_at, updated_at) VALUES (?, 't', NULL, NULL, '{}', '2026-03-01', '2026-03-01')")
    .run(threadId)
  const insert = store.sqlite.prepare("INSERT INTO thread_turns (thread_id, seq, request_id, created_at) VALUES (?, ?, ?, '2026-03-01')")
  requestIds.forEach((requestId, i) => insert.run(threadId, i + 1, requestId))
}
