import { randomUUID } from "node:crypto"
import { and, asc, eq, sql, type SQL } from "drizzle-orm"
import {
  CreateFlagInput,
  DecideFlagInput,
  Flag,
  FlagListFilter,
  FlagQueueItem,
  type FlagDecisionKind,
  type FlaggedRun,
  type FlagPerson,
} from "../../src-shared/flags"
import { TerminalOutcome } from "../../src-shared/events/stages"
import { canonicalJson } from "../util/canonical-json"
import { TraceNotFoundError } from "./errors"
import { clients, traces } from "./schema"
import { flagAudit, flags, type FlagRow } from "./schema-flags"
import { profiles, ruleChanges } from "./schema-packs"
import type { Store } from "./store"

// Flagged answers (issue 19): a report on a finished run, the review queue, and a reviewer's
// decision. A flag is written beside the run's trace, never into it, so the trace stays sealed
// and verifies as before. The queue reads the run's question, client, headline, outcome and
// confidence from the summary columns the history list uses, never from its events. Every
// creation and decision writes a flag_audit row in the same transaction. The local profile that
// raised a flag, and the one that decided it, are recorded when the window or the CLI names one.

/** A flag on a run that is not stored. A TraceNotFoundError, so every host answers "not found". */
export class FlagRunNotFoundError extends TraceNotFoundError {
  constructor(readonly runId: string) {
    super(`no run ${runId}: only a stored run can be reported`)
  }
}

export class FlagNotFoundError extends Error {
  constructor(readonly flagId: string) {
    super(`no flag ${flagId}`)
  }
}

/** A decision naming a rule change the store does not hold. */
export class FlagRuleChangeNotFoundError extends Error {
  constructor(readonly ruleChangeId: string) {
    super(`no rule change ${ruleChangeId}: a confirmed flag can only name a stored rule change`)
  }
}

/** A report or a decision naming a local profile the store does not hold. */
export class FlagProfileNotFoundError extends Error {
  constructor(readonly profileId: string) {
    super(`no profile ${profileId}: a flag is raised or decided by a stored local profile`)
  }
}

/** Why a report or a decision cannot be made in the state things are in. */
export class FlagStateError extends Error {
  constructor(
    readonly reason: "run-not-finished" | "already-decided",
    message: string,
  ) {
    super(message)
  }
}

/** What a run must be to be reported: ended, with an answer or a refusal (an ERROR answered nothing). */
const REPORTABLE_OUTCOMES: ReadonlySet<string> = new Set<TerminalOutcome>([
  "ANSWER",
  "QUALIFIED_ANSWER",
  "CONDITIONAL_ANSWER",
  "REFUSAL",
])

export class FlagsRepository {
  constructor(private readonly store: Store) {}

  /** Records a report on a finished run. */
  create(input: CreateFlagInput): Flag {
    const { runId, kind, note, profileId = null } = CreateFlagInput.parse(input)
    const id = randomUUID()
    const now = this.store.clock().toISOString()
    this.store.sqlite
      .transaction(() => {
        this.requireReportable(runId)
        if (profileId !== null) this.requireProfile(profileId)
        this.store.db
          .insert(flags)
          .values({ id, runId, kind, note, createdAt: now, status: "open", raisedBy: profileId })
          .run()
        this.audit(id, "created", { runId, kind, ...by(profileId) }, now)
      })
      .immediate()
    return this.require(id)
  }

  get(id: string): Flag | null {
    const row = this.store.db.select().from(flags).where(eq(flags.id, id)).get()
    return row === undefined ? null : toFlag(row, this.profileNames())
  }

  require(id: string): Flag {
    const flag = this.get(id)
    if (flag === null) throw new FlagNotFoundError(id)
    return flag
  }

  /**
   * The review queue (open flags) or every flag, optionally of one run, oldest first: the flag
   * that has waited longest is at the top. `now` is the caller's clock; each row's age is from
   * the flag's creation to it.
   */
  list(input: FlagListFilter, now: Date): FlagQueueItem[] {
    const filter = FlagListFilter.parse(input)
    const where: SQL[] = []
    if ((filter.status ?? "open") === "open") where.push(eq(flags.status, "open"))
    if (filter.runId !== undefined) where.push(eq(flags.runId, filter.runId))
    if (filter.ruleChangeId !== undefined) where.push(eq(flags.ruleChangeId, filter.ruleChangeId))
    const rows = this.store.db
      .select({
        flag: flags,
        question: traces.question,
        clientId: traces.clientId,
        clientName: clients.name,
        answerText: traces.answerText,
        outcome: traces.outcome,
        confidence: traces.confidence,
        runCreatedAt: traces.createdAt,
        changeId: ruleChanges.id,
        changeRuleId: ruleChanges.ruleId,
        changeStatus: ruleChanges.status,
      })
      .from(flags)
      .innerJoin(traces, eq(traces.requestId, flags.runId))
      .leftJoin(clients, eq(clients.id, traces.clientId))
      .leftJoin(ruleChanges, eq(ruleChanges.id, flags.ruleChangeId))
      .where(and(...where))
      // Ids are random: ties in time go in the order the flags were written (the table's rowid).
      .orderBy(asc(flags.createdAt), sql`${flags}.rowid`)
      .all()
    const names = this.profileNames()
    return rows.map((row) =>
      FlagQueueItem.parse({
        flag: toFlag(row.flag, names),
        run: flaggedRun(row),
        linkedChange:
          row.changeId === null ? null : { id: row.changeId, ruleId: row.changeRuleId, status: row.changeStatus },
        ageMs: Math.max(0, now.getTime() - Date.parse(row.flag.createdAt)),
      }),
    )
  }

  /**
   * Confirms (the answer was wrong) or rejects an open flag, with a note; a decision is final. A
   * confirmation may name the rule change that fixes the answer (its column, so that the change
   * lists its flags).
   */
  decide(input: DecideFlagInput): Flag {
    const { id, decision, note, ruleChangeId = null, profileId = null } = DecideFlagInput.parse(input)
    const now = this.store.clock().toISOString()
    this.store.sqlite
      .transaction(() => {
        const before = this.require(id)
        if (before.status !== "open") throw alreadyDecided(before)
        if (ruleChangeId !== null) this.requireRuleChange(ruleChangeId)
        if (profileId !== null) this.requireProfile(profileId)
        const changed = this.store.db
          .update(flags)
          .set({ status: decision, decidedAt: now, decisionNote: note, ruleChangeId, decidedBy: profileId })
          .where(and(eq(flags.id, id), eq(flags.status, "open")))
          .run().changes
        if (changed !== 1) throw alreadyDecided(this.require(id))
        this.audit(id, decision, { note, ...(ruleChangeId === null ? {} : { ruleChangeId }), ...by(profileId) }, now)
      })
      .immediate()
    return this.require(id)
  }

  /** The audit trail of a flag, oldest first. */
  auditTrail(flagId: string): Array<{ action: string; at: string; detail: unknown }> {
    return this.store.db
      .select()
      .from(flagAudit)
      .where(eq(flagAudit.flagId, flagId))
      .orderBy(asc(flagAudit.id))
      .all()
      .map((r) => ({ action: r.action, at: r.at, detail: JSON.parse(r.detailJson) as unknown }))
  }

  /** The local profiles' names by id (a desk has a handful): who raised and decided each flag. */
  private profileNames(): ReadonlyMap<string, string> {
    const rows = this.store.db.select({ id: profiles.id, name: profiles.displayName }).from(profiles).all()
    return new Map(rows.map((r) => [r.id, r.name]))
  }

  private requireProfile(profileId: string): void {
    const found = this.store.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profileId)).get()
    if (found === undefined) throw new FlagProfileNotFoundError(profileId)
  }

  private requireRuleChange(ruleChangeId: string): void {
    const found = this.store.db
      .select({ id: ruleChanges.id })
      .from(ruleChanges)
      .where(eq(ruleChanges.id, ruleChangeId))
      .get()
    if (found === undefined) throw new FlagRuleChangeNotFoundError(ruleChangeId)
  }

  private requireReportable(runId: string): void {
    const run = this.store.db
      .select({ status: traces.status, outcome: traces.outcome })
      .from(traces)
      .where(eq(traces.requestId, runId))
      .get()
    if (run === undefined) throw new FlagRunNotFoundError(runId)
    if (run.status !== "complete" || run.outcome === null || !REPORTABLE_OUTCOMES.has(run.outcome))
      throw new FlagStateError(
        "run-not-finished",
        `run ${runId} has no answer to report (${run.status}${run.outcome ? `, ${run.outcome}` : ""})`,
      )
  }

  private audit(flagId: string, action: "created" | FlagDecisionKind, detail: unknown, at: string): void {
    this.store.db
      .insert(flagAudit)
      .values({ flagId, action, at, detailJson: canonicalJson(detail) })
      .run()
  }
}

function alreadyDecided(flag: Flag): FlagStateError {
  return new FlagStateError(
    "already-decided",
    `flag ${flag.id} was already ${flag.status}${flag.decision ? ` on ${flag.decision.decidedAt}` : ""}: a decision is final`,
  )
}

/** The audit detail naming the profile, when one acted. */
function by(profileId: string | null): { profileId?: string } {
  return profileId === null ? {} : { profileId }
}

function person(id: string | null, names: ReadonlyMap<string, string>): FlagPerson | null {
  return id === null ? null : { id, name: names.get(id) ?? id }
}

function toFlag(row: FlagRow, names: ReadonlyMap<string, string>): Flag {
  return Flag.parse({
    id: row.id,
    runId: row.runId,
    kind: row.kind,
    note: row.note,
    createdAt: row.createdAt,
    status: row.status,
    decision:
      row.decidedAt === null || row.decisionNote === null
        ? null
        : { decidedAt: row.decidedAt, note: row.decisionNote, decidedBy: person(row.decidedBy, names) },
    ruleChangeId: row.ruleChangeId,
    raisedBy: person(row.raisedBy, names),
  })
}

function flaggedRun(row: {
  question: string
  clientId: string | null
  clientName: string | null
  answerText: string | null
  outcome: string | null
  confidence: number | null
  runCreatedAt: string
}): FlaggedRun {
  // The terminal's headline is the first line of the summary's answer text (trace/summary.ts).
  const headline = row.answerText?.split("\n")[0]?.trim() ?? ""
  return {
    question: row.question,
    clientId: row.clientId,
    clientName: row.clientName,
    headline: headline === "" ? null : headline,
    outcome: TerminalOutcome.nullable().parse(row.outcome),
    confidence: row.confidence,
    createdAt: row.runCreatedAt,
  }
}
