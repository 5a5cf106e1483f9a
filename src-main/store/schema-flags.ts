import { sql } from "drizzle-orm"
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core"
import { traces } from "./schema"
import { profiles, ruleChanges } from "./schema-packs"

// Flagged answers (issue 19), read by drizzle-kit with schema.ts. A flag names its run by the
// trace's request id and sits beside the trace: flagging never writes to `traces` or `events`,
// so the trace stays sealed and its chain verifies as before. Rows are never deleted; a flag is
// decided once (a trigger refuses any later change, custom part of migration 0009), and every
// creation and decision writes a row of the append-only flag audit in the same transaction.
// The foreign key also keeps a flagged run from being purged (purge.ts keeps referenced traces).
// A confirmed flag may name the rule change that fixes it (migration 0014): set with the decision,
// final with it; triggers refuse it on a flag that is not confirmed. Who raised and who decided
// it are local profiles (migration 0017): the raiser is fixed at the report, the decider set with
// the decision; flags from before name nobody.

export const flags = sqliteTable(
  "flags",
  {
    id: text("id").primaryKey(),
    runId: text("run_id")
      .notNull()
      .references(() => traces.requestId),
    kind: text("kind").notNull(),
    note: text("note").notNull(),
    createdAt: text("created_at").notNull(),
    status: text("status").notNull().default("open"),
    decidedAt: text("decided_at"),
    decisionNote: text("decision_note"),
    ruleChangeId: text("rule_change_id").references(() => ruleChanges.id),
    /** The local profile that raised it (migration 0017); null for flags raised before, or with no profile chosen. */
    raisedBy: text("raised_by").references(() => profiles.id),
    /** The local profile that decided it, set with the decision (migration 0017). */
    decidedBy: text("decided_by").references(() => profiles.id),
  },
  (t) => [
    // The review queue: open flags, oldest first.
    index("flags_status_idx").on(t.status, t.createdAt),
    index("flags_run_idx").on(t.runId, t.createdAt),
    // A rule change's flags (the change's screen lists them).
    index("flags_rule_change_idx").on(t.ruleChangeId, t.createdAt),
    check("flags_kind", sql`${t.kind} IN ('wrong', 'unclear')`),
    check("flags_status", sql`${t.status} IN ('open', 'confirmed', 'rejected')`),
    check(
      "flags_decision",
      sql`(${t.status} = 'open' AND ${t.decidedAt} IS NULL AND ${t.decisionNote} IS NULL) OR (${t.status} <> 'open' AND ${t.decidedAt} IS NOT NULL AND ${t.decisionNote} IS NOT NULL)`,
    ),
  ],
)

/** Append-only record of what was done to a flag (created, confirmed, rejected), like scenario_audit. */
export const flagAudit = sqliteTable(
  "flag_audit",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    flagId: text("flag_id")
      .notNull()
      .references(() => flags.id),
    action: text("action").notNull(),
    at: text("at").notNull(),
    detailJson: text("detail_json").notNull(),
  },
  (t) => [index("flag_audit_flag_idx").on(t.flagId, t.id)],
)

export type FlagRow = typeof flags.$inferSelect
export type FlagAuditRow = typeof flagAudit.$inferSelect
