import { z } from "zod"
import { IsoDate, ProfileContext } from "./context"
import { ReasoningEvent } from "./events/event"
import { oibProblem } from "./oib"
import { RefusalCode } from "./events/refusals"
import { Locale, RiskTier, TerminalOutcome } from "./events/stages"

// Shapes of stored traces, clients and history queries, shared by store, IPC and renderer.

export const TraceStatus = z.enum(["running", "awaiting_input", "complete", "interrupted"])

export const TraceSummary = z.object({
  requestId: z.string(),
  question: z.string(),
  status: TraceStatus,
  outcome: TerminalOutcome.nullable(),
  domain: z.string().nullable(),
  riskTier: RiskTier.nullable(),
  confidence: z.number().nullable(),
  locale: Locale,
  asOfDate: z.string(),
  clientId: z.string().nullable(),
  sourceCount: z.number().int().nullable(),
  eligibleRuleCount: z.number().int().nullable(),
  exclusionCount: z.number().int().nullable(),
  conflictCount: z.number().int().nullable(),
  refusalReason: z.string().nullable(),
  durationMs: z.number().nullable(),
  ttfusMs: z.number().nullable(),
  createdAt: z.string(),
  counterfactualOf: z.string().nullable(),
  packId: z.string(),
  packVersion: z.string(),
  packHash: z.string(),
  chainHead: z.string().nullable(),
  eventCount: z.number().int(),
})

export const TraceFilter = z.strictObject({
  outcome: TerminalOutcome.optional(),
  riskTier: RiskTier.optional(),
  domain: z.string().max(40).optional(),
  clientId: z.string().max(64).optional(),
  status: TraceStatus.optional(),
  since: IsoDate.optional(),
  until: IsoDate.optional(),
  search: z.string().max(200).optional(),
  includeHypothetical: z.boolean().optional(),
  /** Only runs someone reported (issue 19), whatever the decision (issue 23). */
  flagged: z.boolean().optional(),
})

export const TracePageRequest = TraceFilter.extend({
  cursor: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(200).optional(),
})

/**
 * A history row (issue 23): the run's summary with its answer's headline (null without an answer)
 * and how many reports it has, open and decided.
 */
export const HistoryItem = TraceSummary.extend({
  headline: z.string().nullable(),
  flags: z.object({ open: z.number().int().nonnegative(), decided: z.number().int().nonnegative() }),
})

export const TracePage = z.object({ items: z.array(HistoryItem), nextCursor: z.string().nullable() })

export const TraceDetail = z.object({ trace: TraceSummary, events: z.array(ReasoningEvent) })

export const VerifyResult = z.object({
  requestId: z.string(),
  ok: z.boolean(),
  chainOk: z.boolean(),
  replayOk: z.boolean(),
  /** Why the run was not replayed: it was recorded by another engine version (ok then rests on
   *  the hash chain and the pack snapshot). */
  replaySkipped: z.string().optional(),
  /** First event that differs or breaks the chain, with why. */
  firstProblem: z.object({ seq: z.number().int().nullable(), reason: z.string() }).optional(),
})

export const TraceStats = z.object({
  total: z.number().int(),
  outcomeByTier: z.array(z.object({ riskTier: z.string().nullable(), outcome: z.string().nullable(), count: z.number().int() })),
  confidenceHistogram: z.array(z.object({ bucket: z.string(), count: z.number().int() })),
  ttfusPercentiles: z.object({ p50: z.number().nullable(), p95: z.number().nullable(), p99: z.number().nullable() }),
  refusalReasons: z.array(z.object({ reason: RefusalCode.or(z.string()), count: z.number().int() })),
})

export const Client = z.object({
  id: z.string(),
  name: z.string(),
  oib: z.string().nullable(),
  context: ProfileContext,
  createdAt: z.string(),
  updatedAt: z.string(),
})

export const ClientInput = z.strictObject({
  id: z.string().max(64).optional(),
  name: z.string().trim().min(1, "name is required").max(200),
  oib: z
    .string()
    .regex(/^\d{11}$/, "OIB must be 11 digits")
    // Only the check digit here: a wrong length already has its own issue above (one issue per problem).
    .refine((oib) => oibProblem(oib) !== "checkDigit", "OIB check digit does not match")
    .optional(),
  context: ProfileContext,
})

export type TraceStatus = z.infer<typeof TraceStatus>
export type TraceSummary = z.infer<typeof TraceSummary>
export type HistoryItem = z.infer<typeof HistoryItem>
export type TraceFilter = z.infer<typeof TraceFilter>
export type TracePageRequest = z.infer<typeof TracePageRequest>
export type TracePage = z.infer<typeof TracePage>
export type TraceDetail = z.infer<typeof TraceDetail>
export type VerifyResult = z.infer<typeof VerifyResult>
export type TraceStats = z.infer<typeof TraceStats>
export type Client = z.infer<typeof Client>
export type ClientInput = z.infer<typeof ClientInput>
