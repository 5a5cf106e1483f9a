import type { EvaluationContext, FactSource } from "../../src-shared/context"
import { isTerminal, type ReasoningEvent, type TerminalEvent } from "../../src-shared/events/event"
import type {
  ApplicabilityPayload,
  ConfidencePayload,
  ConflictsPayload,
  RetrievalPayload,
} from "../../src-shared/events/payloads"
import type { Locale } from "../../src-shared/events/stages"
import type { TraceSummary } from "../../src-shared/traces"
import type { LoadedPack } from "../knowledge/loader"
import type { TraceReader } from "../store/trace-reader"
import { TraceNotFoundError } from "../store/errors"
import { counterfactualRequestOf, type BaseCache } from "./base-run"

// A trace as the diff reads it: its summary, what its stages concluded, the evaluation context it
// ran on (a hypothetical trace has no CONTEXT_RESOLUTION: its context is in its request) and its
// pack snapshot (for rule titles in both languages).

export interface ComparableTrace {
  summary: TraceSummary
  locale: Locale
  context: EvaluationContext | null
  factSources: Record<string, FactSource>
  retrieval: RetrievalPayload | null
  applicability: ApplicabilityPayload | null
  conflicts: ConflictsPayload | null
  confidence: ConfidencePayload | null
  terminal: TerminalEvent | null
  pack: LoadedPack | null
}

export function comparableFromEvents(
  summary: TraceSummary,
  events: readonly ReasoningEvent[],
  pack: LoadedPack | null,
  hypothetical: { context: EvaluationContext; factSources: Record<string, FactSource> } | null,
): ComparableTrace {
  const view: ComparableTrace = {
    summary,
    locale: summary.locale,
    context: hypothetical?.context ?? null,
    factSources: hypothetical?.factSources ?? {},
    retrieval: null,
    applicability: null,
    conflicts: null,
    confidence: null,
    terminal: null,
    pack,
  }
  for (const event of events) {
    if (isTerminal(event)) view.terminal = event
    else if (event.status !== "complete") continue
    else if (event.stage === "CONTEXT_RESOLUTION" && hypothetical === null) {
      view.context = event.data.evaluationContext
      view.factSources = event.data.factSources
      view.locale = event.data.language
    } else if (event.stage === "RETRIEVAL") view.retrieval = event.data
    else if (event.stage === "APPLICABILITY") view.applicability = event.data
    else if (event.stage === "CONFLICTS") view.conflicts = event.data
    else if (event.stage === "CONFIDENCE") view.confidence = event.data
  }
  return view
}

export function loadComparable(reader: TraceReader, requestId: string, cache?: BaseCache): ComparableTrace {
  const row = reader.row(requestId)
  if (row === undefined) throw new TraceNotFoundError(`no trace ${requestId}`)
  const read = () => {
    const detail = reader.detail(requestId)
    if (detail === null) throw new TraceNotFoundError(`no trace ${requestId}`)
    const request = counterfactualRequestOf(row)
    let pack: LoadedPack | null
    try {
      pack = cache ? cache.pack(reader, row.packHash) : reader.packSnapshot(row.packHash)
    } catch {
      // A damaged snapshot only costs the rule titles in both languages: the diff still reads the events.
      pack = null
    }
    return comparableFromEvents(
      detail.trace,
      detail.events,
      pack,
      request === null ? null : { context: request.context, factSources: request.factSources },
    )
  }
  // A complete trace is sealed: what it says is read once.
  return cache ? cache.sealedValue(`comparable:${requestId}`, row.status === "complete", read) : read()
}
