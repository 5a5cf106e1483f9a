import { z } from "zod"
import { TerminalOutcome } from "./events/stages"
import { typedText } from "./text"

// Flagged answers (issue 19, the first slice of the truth loop): a user reports a stored run's
// answer as wrong or unclear with a note; a reviewer confirms the report (the answer was wrong) or
// rejects it, with a note naming what must change (e.g. the rule id). A flag lives beside the
// run's trace and never alters it.

/** The longest note a report or a decision may carry. */
export const FLAG_NOTE_MAX_LENGTH = 2000

export const FlagKind = z.enum(["wrong", "unclear"])
export const FlagStatus = z.enum(["open", "confirmed", "rejected"])
/** What a reviewer decides: one of the statuses a flag can leave "open" for. */
export const FlagDecisionKind = z.enum(["confirmed", "rejected"])

/** A note as typed: trimmed, 1..2000 characters, no broken characters (the question's rules). */
export const FlagNote = typedText("note", FLAG_NOTE_MAX_LENGTH)

/** A local profile (the people of a desk, by name) who raised or decided a flag. */
export const FlagPerson = z.object({ id: z.string(), name: z.string() })

export const FlagDecision = z.object({
  decidedAt: z.string(),
  /** What must change (e.g. the rule id), or why the report was rejected. */
  note: z.string(),
  /** Who decided it; null when no profile was chosen, or for decisions made before profiles were recorded. */
  decidedBy: FlagPerson.nullable(),
})

export const Flag = z
  .object({
    id: z.string(),
    /** The flagged run: its trace's request id. */
    runId: z.string(),
    kind: FlagKind,
    note: z.string(),
    createdAt: z.string(),
    status: FlagStatus,
    /** Null while the flag is open. */
    decision: FlagDecision.nullable(),
    /** The rule change that fixes what was reported, named when the flag was confirmed (migration 0014). */
    ruleChangeId: z.string().nullable(),
    /** Who raised it (migration 0017); null when no profile was chosen, or for flags raised before. */
    raisedBy: FlagPerson.nullable(),
  })
  .refine((flag) => (flag.status === "open") === (flag.decision === null), {
    message: "an open flag has no decision, and a decided one has",
    path: ["decision"],
  })
  .refine((flag) => flag.ruleChangeId === null || flag.status === "confirmed", {
    message: "only a confirmed flag names a rule change",
    path: ["ruleChangeId"],
  })

/** What the queue shows of the flagged run, read from the trace's summary columns. */
export const FlaggedRun = z.object({
  question: z.string(),
  clientId: z.string().nullable(),
  /** The client's name when the profile still exists. */
  clientName: z.string().nullable(),
  /** The first line of the run's terminal text (an answer's headline, a refusal's message). */
  headline: z.string().nullable(),
  outcome: TerminalOutcome.nullable(),
  confidence: z.number().nullable(),
  createdAt: z.string(),
})

/** The rule change a confirmed flag names: which rule, and how far the change has come. */
export const LinkedRuleChange = z.object({
  id: z.string(),
  ruleId: z.string(),
  status: z.enum(["DRAFT", "IN_REVIEW", "PUBLISHED", "RETIRED"]),
})

/** One row of the review queue. */
export const FlagQueueItem = z.object({
  flag: Flag,
  run: FlaggedRun,
  /** The rule change the flag names (flag.ruleChangeId), null when it names none. */
  linkedChange: LinkedRuleChange.nullable(),
  /** Milliseconds from the flag's creation to the moment the list was read (the reader's clock). */
  ageMs: z.number().int().nonnegative(),
})

const Id = z.string().min(1).max(200)

export const CreateFlagInput = z.strictObject({
  runId: Id,
  kind: FlagKind,
  note: FlagNote,
  /** The local profile raising it (the window's current profile); omitted when none is chosen. */
  profileId: Id.optional(),
})

export const FlagListFilter = z.strictObject({
  /** "open" (the review queue, the default) or "all". */
  status: z.enum(["open", "all"]).optional(),
  /** Only the flags of this run. */
  runId: Id.optional(),
  /** Only the flags linked to this rule change. */
  ruleChangeId: Id.optional(),
})

export const DecideFlagInput = z
  .strictObject({
    id: Id,
    decision: FlagDecisionKind,
    note: FlagNote,
    /** The rule change that fixes the answer: only with "confirmed". */
    ruleChangeId: Id.optional(),
    /** The local profile deciding it; omitted when none is chosen. */
    profileId: Id.optional(),
  })
  .refine((input) => input.ruleChangeId === undefined || input.decision === "confirmed", {
    message: "only a confirmed flag names a rule change",
    path: ["ruleChangeId"],
  })

export type FlagKind = z.infer<typeof FlagKind>
export type FlagStatus = z.infer<typeof FlagStatus>
export type FlagDecisionKind = z.infer<typeof FlagDecisionKind>
export type FlagPerson = z.infer<typeof FlagPerson>
export type FlagDecision = z.infer<typeof FlagDecision>
export type Flag = z.infer<typeof Flag>
export type FlaggedRun = z.infer<typeof FlaggedRun>
export type FlagQueueItem = z.infer<typeof FlagQueueItem>
export type LinkedRuleChange = z.infer<typeof LinkedRuleChange>
export type CreateFlagInput = z.infer<typeof CreateFlagInput>
export type FlagListFilter = z.infer<typeof FlagListFilter>
export type DecideFlagInput = z.infer<typeof DecideFlagInput>
