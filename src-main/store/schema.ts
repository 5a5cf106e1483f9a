import { isNotNull, sql } from "drizzle-orm"
import { type AnySQLiteColumn, check, index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core"

// The store's tables, as drizzle-kit reads them to generate resources/migrations/.
// Triggers (append-only events, frozen trace context, purge gate) and the FTS5 index cannot be
// expressed here; they live in a custom migration (resources/migrations/0001_*.sql).
// Audit tables never cascade: a trace or event row disappears only through an audited purge.

export const rulePackSnapshots = sqliteTable("rule_pack_snapshots", {
  /** SHA-256 of the pack's canonical JSON (LoadedPack.hash). */
  hash: text("hash").primaryKey(),
  packId: text("pack_id").notNull(),
  version: text("version").notNull(),
  canonicalJson: text("canonical_json").notNull(),
  createdAt: text("created_at").notNull(),
})

export const traces = sqliteTable(
  "traces",
  {
    /** Stable integer key (survives VACUUM): the FTS5 index and keyset cursors use it. */
    id: integer("id").primaryKey({ autoIncrement: true }),
    requestId: text("request_id").notNull().unique(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    // Frozen at creation (a trigger rejects any change).
    question: text("question").notNull(),
    asOfDate: text("as_of_date").notNull(),
    /** The engine request as given (canonical JSON): what resume and verify replay. */
    requestJson: text("request_json").notNull(),
    clientId: text("client_id"),
    packId: text("pack_id").notNull(),
    packVersion: text("pack_version").notNull(),
    packHash: text("pack_hash")
      .notNull()
      .references(() => rulePackSnapshots.hash),
    counterfactualOf: text("counterfactual_of").references((): AnySQLiteColumn => traces.requestId),
    // Set once, from the run's own events (a trigger rejects a change once set).
    locale: text("locale"),
    userContextSnapshot: text("user_context_snapshot"),
    evaluationContext: text("evaluation_context"),
    // Run state and the seed 001 §8 summary columns, filled in as the run goes.
    status: text("status").notNull(),
    /** `{pid}/{session}` of the process writing a running trace; lets open() tell crashed runs from live ones. */
    owner: text("owner"),
    outcome: text("outcome"),
    domain: text("domain"),
    riskTier: text("risk_tier"),
    confidence: real("confidence"),
    sourceCount: integer("source_count"),
    eligibleRuleCount: integer("eligible_rule_count"),
    exclusionCount: integer("exclusion_count"),
    conflictCount: integer("conflict_count"),
    refusalReason: text("refusal_reason"),
    errorCode: text("error_code"),
    durationMs: real("duration_ms"),
    ttfusMs: real("ttfus_ms"),
    /**
     * The date the run evaluated the rules on (context resolution's, a date given in a
     * clarification, the answer's own); `as_of_date` is the date requested, or the day asked.
     */
    evaluatedAsOf: text("evaluated_as_of"),
    /** Headline and answer text of the terminal event, indexed by FTS5 with the question. */
    answerText: text("answer_text"),
    chainHead: text("chain_head"),
    eventCount: integer("event_count").notNull().default(0),
  },
  (t) => [
    // History pages are ordered by (created_at, id); every index ends in the rowid (= id), so
    // each of these serves "filter = ? ORDER BY created_at DESC, id DESC" without sorting.
    // The summary-column indexes are partial (IS NOT NULL): a run's row is created with them empty
    // and filled when the run ends, so a run adds one entry to each instead of an entry for NULL
    // that it then moves. "column = ?" and "column IS NOT NULL" let the planner use them.
    index("traces_created_idx").on(t.createdAt),
    index("traces_outcome_idx").on(t.outcome, t.createdAt).where(isNotNull(t.outcome)),
    index("traces_risk_tier_idx").on(t.riskTier, t.createdAt).where(isNotNull(t.riskTier)),
    index("traces_domain_idx").on(t.domain, t.createdAt).where(isNotNull(t.domain)),
    index("traces_client_idx").on(t.clientId, t.createdAt).where(isNotNull(t.clientId)),
    index("traces_status_idx").on(t.status, t.createdAt),
    // Partial: the planner must never pick it for "counterfactual_of IS NULL" (every trace).
    index("traces_counterfactual_idx").on(t.counterfactualOf).where(isNotNull(t.counterfactualOf)),
    index("traces_ttfus_idx").on(t.ttfusMs).where(isNotNull(t.ttfusMs)),
  ],
)

export const events = sqliteTable(
  "events",
  {
    /**
     * The trace's id × 2^20 + seq (event-keys.ts): a trace's events lie together in chain order,
     * and a run appends at the end of the table, with no second index to keep up.
     */
    id: integer("id").primaryKey(),
    requestId: text("request_id")
      .notNull()
      .references(() => traces.requestId),
    seq: integer("seq").notNull(),
    stage: text("stage").notNull(),
    status: text("status").notNull(),
    ts: text("ts").notNull(),
    /** canonicalJson(event): the exact bytes the hash covers. */
    eventJson: text("event_json").notNull(),
    prevHash: text("prev_hash").notNull(),
    /** sha256Hex(prevHash + eventJson); see README.md. */
    hash: text("hash").notNull(),
  },
  // The key's low bits are the seq (a trigger checks its high bits name the trace).
  () => [check("events_key_holds_seq", sql.raw("seq >= 0 AND seq < 1048576 AND (id & 1048575) = seq"))],
)

/**
 * Traces that left `running` since the search index last caught up (search-index.ts): the run's
 * settling commit only queues its trace here (a trigger), and the FTS5 index takes the queue in
 * batches, off the run's path. Not a foreign key: a purge removes a queued trace's entry itself.
 */
export const tracesSearchPending = sqliteTable("traces_search_pending", {
  traceId: integer("trace_id").primaryKey(),
})

/**
 * A run as the dashboard counts it (run-summary.ts, migration 0015): the trace row's figures and
 * those only its events tell, one small row written whenever the trace row is settled, so the
 * metrics read neither the events nor the trace rows (whose request and answer texts spill into
 * overflow pages). Derived and rebuildable, not part of the hashed record; as of the trace's last
 * settlement. Not a foreign key: a trigger removes a purged trace's row.
 */
export const runSummaries = sqliteTable(
  "run_summaries",
  {
    traceId: integer("trace_id").primaryKey(),
    /** The trace's own columns, copied at settlement (created_at never changes). */
    createdAt: text("created_at").notNull(),
    status: text("status").notNull(),
    outcome: text("outcome"),
    riskTier: text("risk_tier"),
    /** 1 for a What-if run (counterfactual_of set): the dashboard leaves those out. */
    whatIf: integer("what_if").notNull(),
    eligibleRuleCount: integer("eligible_rule_count"),
    ttfusMs: real("ttfus_ms"),
    durationMs: real("duration_ms"),
    /** 1 when the run asked a clarification (a CLARIFICATION awaiting_input event). */
    clarified: integer("clarified").notNull(),
    /** 1 when the last event carries the as-of date and appliesWhenEvaluated = true. */
    asOfEnforced: integer("as_of_enforced").notNull(),
    /** The last event's top (first) citation's evidence fetch time. */
    topFetchedAt: text("top_fetched_at"),
    /** Stage durations, from the stage's `started` event to its `complete` event. */
    intakeMs: integer("intake_ms"),
    contextMs: integer("context_ms"),
    sourcesMs: integer("sources_ms"),
    retrievalMs: integer("retrieval_ms"),
    applicabilityMs: integer("applicability_ms"),
    conflictsMs: integer("conflicts_ms"),
    analysisMs: integer("analysis_ms"),
    confidenceMs: integer("confidence_ms"),
  },
  (t) => [index("run_summaries_created_idx").on(t.createdAt)],
)

export const clients = sqliteTable(
  "clients",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    oib: text("oib"),
    /** ProfileContext as JSON. */
    contextJson: text("context_json").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("clients_name_idx").on(t.name)],
)

export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  valueJson: text("value_json").notNull(),
  updatedAt: text("updated_at").notNull(),
})

export const purgeAudit = sqliteTable("purge_audit", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  purgedAt: text("purged_at").notNull(),
  /** Traces created before this instant were eligible. */
  olderThan: text("older_than").notNull(),
  traceCount: integer("trace_count").notNull(),
  eventCount: integer("event_count").notNull(),
  /** Traces old enough but kept, because a newer counterfactual still refers to them. */
  keptCount: integer("kept_count").notNull(),
})

/** One row per purged trace: what it was, and the chain head that proved it. */
export const purgedTraces = sqliteTable(
  "purged_traces",
  {
    purgeId: integer("purge_id")
      .notNull()
      .references(() => purgeAudit.id),
    requestId: text("request_id").notNull(),
    createdAt: text("created_at").notNull(),
    outcome: text("outcome"),
    chainHead: text("chain_head"),
    eventCount: integer("event_count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.purgeId, t.requestId] }), index("purged_traces_request_idx").on(t.requestId)],
)

export type TraceRow = typeof traces.$inferSelect
export type EventRow = typeof events.$inferSelect
export type ClientRow = typeof clients.$inferSelect
