import { newRequestId } from "../util/request-id"
import { isTerminal, type ReasoningEvent, type TerminalEvent } from "../../src-shared/events/event"
import type { CounterfactualRequest, WhatIfChange } from "../../src-shared/whatif"
import { continueFromRetrieval } from "../engine/pipeline"
import type { RetrievalState } from "../engine/state"
import type { EngineDeps } from "../engine/types"
import { AuditSink } from "../sinks/audit-sink"
import { consumeReasoning } from "../sinks/consumer"
import { MetricsSink, type RunMetrics } from "../sinks/metrics-sink"
import type { ReasoningSink } from "../sinks/types"
import type { Store } from "../store/store"
import type { NewTrace, TraceWriter } from "../store/trace-writer"
import { canonicalJson } from "../util/canonical-json"
import type { BaseRun } from "./base-run"
import type { ResolvedChanges } from "./changes"

// One counterfactual run: APPLICABILITY, CONFLICTS, ANALYSIS, CONFIDENCE and the terminal on the
// changed context, reusing the base run's SOURCES and RETRIEVAL and its rule-pack snapshot. Every
// event carries counterfactualOf; the run is stored as a trace of its own (hash-chained like any
// other) whose request_json is the CounterfactualRequest it ran, so it can be replayed.

export interface CounterfactualRunDeps {
  store: Store
  writer: TraceWriter
  /** Capacity gate and time limits shared with live runs. */
  engineDefaults?: Pick<EngineDeps, "stageTimeoutMs" | "gate">
}

export interface CounterfactualRun {
  requestId: string
  request: CounterfactualRequest
  terminal: TerminalEvent
  events: ReasoningEvent[]
  metrics: RunMetrics
}

export function counterfactualRequest(
  requestId: string,
  base: BaseRun,
  changes: readonly WhatIfChange[],
  resolved: ResolvedChanges,
): CounterfactualRequest {
  return {
    kind: "counterfactual",
    requestId,
    counterfactualOf: base.requestId,
    changes: [...changes],
    applied: resolved.applied,
    context: resolved.context,
    factSources: resolved.factSources,
    assumedDefaults: resolved.assumedDefaults,
  }
}

/** The state after RETRIEVAL with the counterfactual's context: what the re-run stages read. */
export function counterfactualState(base: RetrievalState, request: CounterfactualRequest): RetrievalState {
  return {
    ...base,
    context: request.context,
    factSources: request.factSources,
    assumedDefaults: request.assumedDefaults,
  }
}

/** The engine's events for a counterfactual request (no store): used by runs, replay and benches. */
export function counterfactualEvents(
  base: RetrievalState,
  request: CounterfactualRequest,
  deps: Omit<EngineDeps, "counterfactualOf">,
) {
  const state = counterfactualState(base, request)
  return continueFromRetrieval(
    { requestId: request.requestId, state, context: request.context, factSources: request.factSources },
    { ...deps, counterfactualOf: request.counterfactualOf },
  )
}

export async function runCounterfactual(
  deps: CounterfactualRunDeps,
  base: BaseRun,
  changes: readonly WhatIfChange[],
  resolved: ResolvedChanges,
  options: { requestId?: string; sinks?: readonly ReasoningSink[] } = {},
): Promise<CounterfactualRun> {
  const requestId = options.requestId ?? newRequestId()
  const request = counterfactualRequest(requestId, base, changes, resolved)
  const trace: NewTrace = {
    requestId,
    createdAt: deps.store.clock().toISOString(),
    question: base.row.question,
    asOfDate: request.context.asOf,
    requestJson: canonicalJson(request),
    clientId: base.row.clientId,
    counterfactualOf: base.requestId,
    locale: base.row.locale,
    pack: base.pack,
  }
  const audit = new AuditSink(deps.writer, trace, base.row.locale ?? undefined)
  const metrics = new MetricsSink()
  const events: ReasoningEvent[] = []
  const recorder: ReasoningSink = { mode: "nonBlocking", write: (event) => void events.push(event) }
  // A hypothetical is shown at once: no deliberate pause.
  const generator = counterfactualEvents(base.state, request, {
    pack: base.pack,
    clock: deps.store.clock,
    deliberatePauseMs: 0,
    ...deps.engineDefaults,
  })
  let last: ReasoningEvent
  try {
    last = await consumeReasoning(generator, [audit, metrics, recorder, ...(options.sinks ?? [])])
  } catch (error) {
    try {
      audit.abort()
    } catch {
      // The run's own failure is the one to report.
    }
    throw error
  }
  if (!isTerminal(last))
    throw new Error(`counterfactual ${requestId} stopped at ${last.stage} ${last.status} without a terminal`)
  return { requestId, request, terminal: last, events, metrics: metrics.snapshot() }
}
