import type Database from "better-sqlite3"
import type { TraceStatus } from "../../src-shared/traces"
import type { TracePatch } from "../trace/summary"
import { RunSummaryWriter } from "./run-summary"

// Bringing a trace row up to date with its events: status, owner, chain position and the summary
// columns. The audit sink does it when a run ends, suspends or is aborted (stage boundaries in
// between only append events); opening the store does it for runs a crash left running.

export interface Settlement {
  /** The new status, or null when it does not change (an indexed column: left untouched). */
  status: TraceStatus | null
  /** The process that owns a running trace (ignored unless status is given). */
  owner: string | null
  /** Summary columns learnt since the last settlement; only those set are written. */
  patch: TracePatch
  /** The hash of the trace's last event (null: no events) and how many events it has. */
  chainHead: string | null
  eventCount: number
}

// Only the columns a settlement actually sets are named in its UPDATE: several are indexed, and
// naming one rewrites its index page into the WAL even when the value is unchanged.
const PATCH_COLUMNS = {
  locale: "locale",
  userContextSnapshot: "user_context_snapshot",
  evaluationContext: "evaluation_context",
  outcome: "outcome",
  domain: "domain",
  riskTier: "risk_tier",
  confidence: "confidence",
  sourceCount: "source_count",
  eligibleRuleCount: "eligible_rule_count",
  exclusionCount: "exclusion_count",
  conflictCount: "conflict_count",
  refusalReason: "refusal_reason",
  errorCode: "error_code",
  answerText: "answer_text",
  evaluatedAsOf: "evaluated_as_of",
  durationMs: "duration_ms",
  ttfusMs: "ttfus_ms",
} as const satisfies Record<keyof TracePatch, string>

type PatchKey = keyof typeof PATCH_COLUMNS

export class TraceSettler {
  /** UPDATE statements by the set of columns they name (a handful of shapes in practice). */
  private readonly statements = new Map<string, Database.Statement>()
  private readonly summaries: RunSummaryWriter

  constructor(private readonly sqlite: Database.Database) {
    this.summaries = new RunSummaryWriter(sqlite)
  }

  /** Applies `settlement` to the trace; returns how many rows changed (1, or 0 for an unknown trace). */
  settle(requestId: string, now: string, settlement: Settlement, onlyIfStatus?: TraceStatus): number {
    const { patch } = settlement
    const keys = (Object.keys(patch) as PatchKey[]).filter((key) => patch[key] !== undefined).sort()
    const values: unknown[] = [now, settlement.chainHead, settlement.eventCount]
    if (settlement.status !== null) values.push(settlement.status, settlement.status === "running" ? settlement.owner : null)
    for (const key of keys) values.push(patch[key])
    values.push(requestId)
    if (onlyIfStatus !== undefined) values.push(onlyIfStatus)
    const changed = this.statement(settlement.status !== null, keys, onlyIfStatus !== undefined).run(...values).changes
    // The dashboard's summary of the run (run-summary.ts), from the events as settled, in the same transaction.
    if (changed === 1) this.summaries.write(requestId)
    return changed
  }

  private statement(withStatus: boolean, keys: readonly PatchKey[], guarded: boolean): Database.Statement {
    const signature = `${withStatus}/${guarded}/${keys.join(",")}`
    let statement = this.statements.get(signature)
    if (statement === undefined) {
      const sets = ["updated_at = ?", "chain_head = ?", "event_count = ?"]
      if (withStatus) sets.push("status = ?", "owner = ?")
      for (const key of keys) sets.push(`${PATCH_COLUMNS[key]} = ?`)
      const where = guarded ? "request_id = ? AND status = ?" : "request_id = ?"
      statement = this.sqlite.prepare(`UPDATE traces SET ${sets.join(", ")} WHERE ${where}`)
      this.statements.set(signature, statement)
    }
    return statement
  }
}
