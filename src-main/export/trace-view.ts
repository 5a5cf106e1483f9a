import type { ReasoningEvent, TerminalEvent } from "../../src-shared/events/event"
import { isTerminal } from "../../src-shared/events/event"
import type {
  AnalysisCheckpointPayload,
  AnalysisPayload,
  ApplicabilityPayload,
  ClarificationAnswerPayload,
  ClarificationPayload,
  ConfidencePayload,
  ConflictsPayload,
  ContextResolutionPayload,
  QuestionIntakePayload,
  RetrievalPayload,
  SourcesPayload,
} from "../../src-shared/events/payloads"

// One trace's events, gathered by what they say: the report renders from this, and the verifier
// derives the traces.csv summary columns from it.

export interface ClarificationRound {
  asked: ClarificationPayload
  answer: ClarificationAnswerPayload | null
}

export interface TraceView {
  intake: QuestionIntakePayload | null
  context: ContextResolutionPayload | null
  clarifications: ClarificationRound[]
  sources: SourcesPayload | null
  retrieval: RetrievalPayload | null
  applicability: ApplicabilityPayload | null
  conflicts: ConflictsPayload | null
  checkpoints: AnalysisCheckpointPayload[]
  analysis: AnalysisPayload | null
  confidence: ConfidencePayload | null
  terminal: TerminalEvent | null
}

/**
 * The statuses of the events viewTrace reads (a terminal event is "complete" as well): "started"
 * and "progress" events say nothing the view keeps, so the export does not hand them to the report.
 */
export const VIEWED_STATUSES = ["complete", "awaiting_input", "checkpoint"] as const

export function viewTrace(events: readonly ReasoningEvent[]): TraceView {
  const view: TraceView = {
    intake: null,
    context: null,
    clarifications: [],
    sources: null,
    retrieval: null,
    applicability: null,
    conflicts: null,
    checkpoints: [],
    analysis: null,
    confidence: null,
    terminal: null,
  }
  for (const event of events) {
    if (isTerminal(event)) {
      view.terminal = event
      continue
    }
    if (event.status === "complete") collectComplete(view, event)
    else if (event.stage === "CLARIFICATION" && event.status === "awaiting_input")
      view.clarifications.push({ asked: event.data, answer: null })
    else if (event.stage === "ANALYSIS" && event.status === "checkpoint") view.checkpoints.push(event.data)
  }
  return view
}

function collectComplete(view: TraceView, event: ReasoningEvent): void {
  switch (event.stage) {
    case "QUESTION_INTAKE":
      if (event.status === "complete") view.intake = event.data
      break
    case "CONTEXT_RESOLUTION":
      if (event.status === "complete") view.context = event.data
      break
    case "CLARIFICATION": {
      const open = view.clarifications.at(-1)
      if (event.status === "complete" && open && open.answer === null) open.answer = event.data
      break
    }
    case "SOURCES":
      if (event.status === "complete") view.sources = event.data
      break
    case "RETRIEVAL":
      if (event.status === "complete") view.retrieval = event.data
      break
    case "APPLICABILITY":
      if (event.status === "complete") view.applicability = event.data
      break
    case "CONFLICTS":
      if (event.status === "complete") view.conflicts = event.data
      break
    case "ANALYSIS":
      if (event.status === "complete") view.analysis = event.data
      break
    case "CONFIDENCE":
      if (event.status === "complete") view.confidence = event.data
      break
    default:
      break
  }
}
