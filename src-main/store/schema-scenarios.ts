import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core"
import { traces } from "./schema"

// Saved what-if scenarios (issue 5), read by drizzle-kit with schema.ts. A scenario names its
// base trace and its hypothetical result trace; both are ordinary traces and stay in the store.
// Rows are never deleted: deleting a scenario sets deleted_at and writes an audit row. What a
// scenario compared (its traces, changes and diff) is frozen by triggers (custom migration).

export const scenarios = sqliteTable(
  "scenarios",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    notes: text("notes").notNull().default(""),
    clientId: text("client_id"),
    /** The original run the hypothetical was derived from. */
    baseRequestId: text("base_request_id")
      .notNull()
      .references(() => traces.requestId),
    /** The hypothetical trace (traces.counterfactual_of = base_request_id). */
    resultRequestId: text("result_request_id")
      .notNull()
      .references(() => traces.requestId),
    /** { changes: WhatIfChange[], applied: AppliedChange[] } as canonical JSON. */
    changesJson: text("changes_json").notNull(),
    /** The WhatIfDiff shown when it was saved: reopening shows exactly this. */
    diffJson: text("diff_json").notNull(),
    baseOutcome: text("base_outcome"),
    resultOutcome: text("result_outcome"),
    duplicatedFrom: text("duplicated_from"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    deletedAt: text("deleted_at"),
  },
  (t) => [
    index("scenarios_created_idx").on(t.createdAt),
    index("scenarios_client_idx").on(t.clientId, t.createdAt),
  ],
)

/** Each explicit "re-check against the current rule pack": the new traces and what changed. */
export const scenarioRechecks = sqliteTable(
  "scenario_rechecks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    scenarioId: text("scenario_id")
      .notNull()
      .references(() => scenarios.id),
    baseRequestId: text("base_request_id")
      .notNull()
      .references(() => traces.requestId),
    resultRequestId: text("result_request_id")
      .notNull()
      .references(() => traces.requestId),
    packVersion: text("pack_version").notNull(),
    packHash: text("pack_hash").notNull(),
    packChanged: integer("pack_changed", { mode: "boolean" }).notNull(),
    /** WhatIfDiff: the saved result against the re-checked result. */
    diffJson: text("diff_json").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("scenario_rechecks_scenario_idx").on(t.scenarioId, t.id)],
)

/** Append-only record of everything done to a scenario (created, renamed, duplicated, deleted, re-checked). */
export const scenarioAudit = sqliteTable(
  "scenario_audit",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    scenarioId: text("scenario_id")
      .notNull()
      .references(() => scenarios.id),
    action: text("action").notNull(),
    at: text("at").notNull(),
    detailJson: text("detail_json").notNull(),
  },
  (t) => [index("scenario_audit_scenario_idx").on(t.scenarioId, t.id)],
)

export type ScenarioRow = typeof scenarios.$inferSelect
export type ScenarioRecheckRow = typeof scenarioRechecks.$inferSelect
export type ScenarioAuditRow = typeof scenarioAudit.$inferSelect
