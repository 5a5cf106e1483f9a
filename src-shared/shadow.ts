import { z } from "zod"
import { TerminalOutcome } from "./events/stages"
import { Localized } from "./whatif"

// The shadow run's impact report (issue 19, "shadow run before publishing"): a candidate rule pack
// run over every stored run's question and frozen context, and which answers would change. The
// CLI prints it (`fiskai pack shadow`); the window shows it before a publication.

/** How a re-run ended: a terminal outcome, or stopped at a clarification the run never had. */
export const ShadowOutcome = z.union([TerminalOutcome, z.literal("AWAITING_INPUT")])

/** A pack by its identity. */
export const ShadowPackRef = z.object({ id: z.string(), version: z.string(), hash: z.string() })

/** One side of a comparison: what the run answered (recorded or re-run). */
export const ShadowSide = z.object({
  outcome: ShadowOutcome,
  /** The answer's headline, or the refusal's or error's message. */
  headline: z.string(),
  primaryRuleId: z.string().nullable(),
})

/** A value the answer states (the rules it cites, keyed by concept and value key), before and after. */
export const ShadowValueChange = z.object({
  /** `conceptSlug:valueKey`. */
  key: z.string(),
  label: Localized,
  /** Null: the side states no value under this key. */
  before: Localized.nullable(),
  after: Localized.nullable(),
  /** Both sides state a yes/no value under this key and it turned around. */
  yesNoFlip: z.boolean(),
})

/**
 * How the outcome turned: an answer (of any kind) became a refusal or a question back, or the
 * reverse; a yes became a no or the reverse; or the outcome changed otherwise (e.g. ANSWER to
 * CONDITIONAL_ANSWER, or to ERROR).
 */
export const ShadowFlip = z.enum(["ANSWER_TO_REFUSAL", "REFUSAL_TO_ANSWER", "YES_TO_NO", "NO_TO_YES", "OUTCOME_CHANGED"])

/** One stored run whose answer would change. */
export const ShadowEntry = z.object({
  requestId: z.string(),
  question: z.string(),
  /** The date the run evaluated the rules on. */
  asOfDate: z.string(),
  clientId: z.string().nullable(),
  createdAt: z.string(),
  /** What the candidate is compared with: the recorded answer, or a re-run with the baseline pack. */
  baseline: z.enum(["recorded", "rerun"]),
  before: ShadowSide,
  after: ShadowSide,
  flip: ShadowFlip.nullable(),
  values: z.array(ShadowValueChange),
  obligations: z.object({ added: z.array(z.string()), removed: z.array(z.string()) }),
  /** Both sides rest on a primary rule and it is another one. */
  primaryRuleChanged: z.boolean(),
  /** The rules the run met (retrieved, eligible or cited, on either side) that the candidate changes, adds or removes. */
  ruleIds: z.array(z.string()),
})

export const ShadowCounts = z.object({
  /** Runs shadowed (compared). */
  runs: z.number().int().nonnegative(),
  /** Runs whose answer would change in any of the ways below. */
  changed: z.number().int().nonnegative(),
  answerToRefusal: z.number().int().nonnegative(),
  refusalToAnswer: z.number().int().nonnegative(),
  yesNoFlips: z.number().int().nonnegative(),
  otherOutcomeChanges: z.number().int().nonnegative(),
  valueChanges: z.number().int().nonnegative(),
  obligationChanges: z.number().int().nonnegative(),
  primaryRuleChanges: z.number().int().nonnegative(),
})

export const ShadowClient = z.object({
  /** Null: runs asked without a client. */
  clientId: z.string().nullable(),
  clientName: z.string().nullable(),
  counts: ShadowCounts,
  entries: z.array(ShadowEntry),
})

export const ShadowSkipReason = z.enum([
  /** The run ended in TIMEOUT, CAPACITY or CANCELLED: the machine or the user ended it, it has no answer to compare. */
  "NO_ANSWER_RECORDED",
])

export const ShadowReport = z.object({
  /** "stopped": the user stopped it; the figures cover the runs done until then. */
  status: z.enum(["complete", "stopped"]),
  candidate: ShadowPackRef,
  /** "as-recorded": each run's recorded answer (re-run with its own pack when another engine version recorded it). */
  baseline: z.union([z.literal("as-recorded"), ShadowPackRef]),
  engineVersion: z.number().int().positive(),
  /** The clients the shadow was limited to; null: every run. */
  clientIds: z.array(z.string()).nullable(),
  /** Stored finished runs selected. */
  total: z.number().int().nonnegative(),
  /** Of them, how many were looked at (compared, skipped or failed). */
  done: z.number().int().nonnegative(),
  workers: z.number().int().positive(),
  startedAt: z.string(),
  durationMs: z.number().nonnegative(),
  counts: ShadowCounts,
  skipped: z.array(z.object({ reason: ShadowSkipReason, count: z.number().int().positive() })),
  /** Runs that could not be shadowed (e.g. an unreadable request or a missing pack snapshot), at most 100 listed. */
  failures: z.array(z.object({ requestId: z.string(), message: z.string() })),
  failureCount: z.number().int().nonnegative(),
  /** Clients with changes, runs without a client last. */
  clients: z.array(ShadowClient),
})

/** Progress while a shadow runs. */
export const ShadowProgress = z.object({
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  changed: z.number().int().nonnegative(),
})

export type ShadowOutcome = z.infer<typeof ShadowOutcome>
export type ShadowPackRef = z.infer<typeof ShadowPackRef>
export type ShadowSide = z.infer<typeof ShadowSide>
export type ShadowValueChange = z.infer<typeof ShadowValueChange>
export type ShadowFlip = z.infer<typeof ShadowFlip>
export type ShadowEntry = z.infer<typeof ShadowEntry>
export type ShadowCounts = z.infer<typeof ShadowCounts>
export type ShadowClient = z.infer<typeof ShadowClient>
export type ShadowSkipReason = z.infer<typeof ShadowSkipReason>
export type ShadowReport = z.infer<typeof ShadowReport>
export type ShadowProgress = z.infer<typeof ShadowProgress>
