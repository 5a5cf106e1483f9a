import { z } from "zod"
import * as P from "./payloads"
import { ReasoningStage, SCHEMA_VERSION, Severity, TerminalOutcome } from "./stages"

// The event envelope of seed 001 Appendix A, as a union over (stage, status) so that `data`
// is typed by what the event is. Validate at boundaries (IPC, CLI input, store reads), not on
// the engine's hot path.

const Envelope = z.object({
  v: z.literal(SCHEMA_VERSION),
  /** `{requestId}_{seq:000}` */
  id: z.string(),
  requestId: z.string().min(1),
  seq: z.number().int().nonnegative(),
  ts: z.string(),
  message: z.string().optional(),
  severity: Severity.optional(),
  progress: z.object({ current: z.number().int().nonnegative(), total: z.number().int().nonnegative().optional() }).optional(),
  trace: z.object({ runId: z.string(), span: z.string().optional() }).optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
  /** addition: set on every event of a counterfactual run; the request it is a hypothetical of. */
  counterfactualOf: z.string().optional(),
})

function ev<S extends ReasoningStage, T extends "started" | "progress" | "checkpoint" | "complete" | "awaiting_input">(
  stage: S,
  status: T,
) {
  return Envelope.extend({ stage: z.literal(stage), status: z.literal(status) })
}

function evWith<
  S extends ReasoningStage,
  T extends "started" | "progress" | "checkpoint" | "complete" | "awaiting_input",
  D extends z.ZodType,
>(stage: S, status: T, data: D) {
  return Envelope.extend({ stage: z.literal(stage), status: z.literal(status), data })
}

export const QuestionIntakeStarted = ev("QUESTION_INTAKE", "started")
export const QuestionIntakeComplete = evWith("QUESTION_INTAKE", "complete", P.QuestionIntakePayload)
export const ContextStarted = ev("CONTEXT_RESOLUTION", "started")
export const ContextComplete = evWith("CONTEXT_RESOLUTION", "complete", P.ContextResolutionPayload)
export const ClarificationAwaiting = evWith("CLARIFICATION", "awaiting_input", P.ClarificationPayload)
export const ClarificationComplete = evWith("CLARIFICATION", "complete", P.ClarificationAnswerPayload)
export const SourcesStarted = evWith("SOURCES", "started", P.SourcesStartedPayload)
export const SourcesProgress = evWith("SOURCES", "progress", P.SourceFoundPayload)
export const SourcesComplete = evWith("SOURCES", "complete", P.SourcesPayload)
export const RetrievalStarted = ev("RETRIEVAL", "started")
export const RetrievalComplete = evWith("RETRIEVAL", "complete", P.RetrievalPayload)
export const ApplicabilityStarted = ev("APPLICABILITY", "started")
export const ApplicabilityComplete = evWith("APPLICABILITY", "complete", P.ApplicabilityPayload)
export const ConflictsStarted = ev("CONFLICTS", "started")
export const ConflictsComplete = evWith("CONFLICTS", "complete", P.ConflictsPayload)
export const AnalysisStarted = ev("ANALYSIS", "started")
export const AnalysisCheckpoint = evWith("ANALYSIS", "checkpoint", P.AnalysisCheckpointPayload)
export const AnalysisComplete = evWith("ANALYSIS", "complete", P.AnalysisPayload)
export const ConfidenceStarted = ev("CONFIDENCE", "started")
export const ConfidenceComplete = evWith("CONFIDENCE", "complete", P.ConfidencePayload)
export const AnswerEvent = evWith("ANSWER", "complete", P.FinalAnswerPayload)
export const QualifiedAnswerEvent = evWith("QUALIFIED_ANSWER", "complete", P.QualifiedAnswerPayload)
export const ConditionalAnswerEvent = evWith("CONDITIONAL_ANSWER", "complete", P.ConditionalAnswerPayload)
export const RefusalEvent = evWith("REFUSAL", "complete", P.RefusalPayload)
export const ErrorEvent = evWith("ERROR", "complete", P.ErrorPayload)

export const TerminalEvent = z.union([
  AnswerEvent,
  QualifiedAnswerEvent,
  ConditionalAnswerEvent,
  RefusalEvent,
  ErrorEvent,
])

export const ReasoningEvent = z.union([
  QuestionIntakeStarted,
  QuestionIntakeComplete,
  ContextStarted,
  ContextComplete,
  ClarificationAwaiting,
  ClarificationComplete,
  SourcesStarted,
  SourcesProgress,
  SourcesComplete,
  RetrievalStarted,
  RetrievalComplete,
  ApplicabilityStarted,
  ApplicabilityComplete,
  ConflictsStarted,
  ConflictsComplete,
  AnalysisStarted,
  AnalysisCheckpoint,
  AnalysisComplete,
  ConfidenceStarted,
  ConfidenceComplete,
  TerminalEvent,
])

/** What the generator returns (and what wrappers use): the terminal payload tagged with its outcome. */
export const TerminalPayload = z.discriminatedUnion("outcome", [
  P.FinalAnswerPayload.extend({ outcome: z.literal("ANSWER") }),
  P.QualifiedAnswerPayload.extend({ outcome: z.literal("QUALIFIED_ANSWER") }),
  P.ConditionalAnswerPayload.extend({ outcome: z.literal("CONDITIONAL_ANSWER") }),
  P.RefusalPayload.extend({ outcome: z.literal("REFUSAL") }),
  P.ErrorPayload.extend({ outcome: z.literal("ERROR") }),
])

export type ReasoningEvent = z.infer<typeof ReasoningEvent>
export type TerminalEvent = z.infer<typeof TerminalEvent>
export type TerminalPayload = z.infer<typeof TerminalPayload>
/** An event without the envelope fields the emitter fills in (v, id, requestId, seq, ts). */
export type EventBody = ReasoningEvent extends infer E
  ? E extends ReasoningEvent
    ? Omit<E, "v" | "id" | "requestId" | "seq" | "ts">
    : never
  : never

export function isTerminal(event: ReasoningEvent): event is TerminalEvent {
  return (TerminalOutcome.options as readonly string[]).includes(event.stage)
}

export function getTerminalOutcome(event: ReasoningEvent): TerminalOutcome | null {
  return isTerminal(event) ? event.stage : null
}

export function eventId(requestId: string, seq: number): string {
  return `${requestId}_${String(seq).padStart(3, "0")}`
}

/** The payload a terminal event carries, tagged with its outcome (what the engine's generator returns). */
export function terminalPayloadOf(event: TerminalEvent): TerminalPayload {
  switch (event.stage) {
    case "ANSWER":
      return { outcome: event.stage, ...event.data }
    case "QUALIFIED_ANSWER":
      return { outcome: event.stage, ...event.data }
    case "CONDITIONAL_ANSWER":
      return { outcome: event.stage, ...event.data }
    case "REFUSAL":
      return { outcome: event.stage, ...event.data }
    case "ERROR":
      return { outcome: event.stage, ...event.data }
  }
}
