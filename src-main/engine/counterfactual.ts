import type { ReasoningEvent, TerminalPayload } from "../../src-shared/events/event"
import type { CounterfactualRequest } from "../../src-shared/whatif"
import { continueFromRetrieval } from "./pipeline"
import { retrievalStateFromEvents } from "./replay-state"
import type { RetrievalState } from "./state"
import type { EngineDeps } from "./types"

// The engine's what-if entry (seed 001 §10): a stored run's state after RETRIEVAL, rebuilt from
// its events and pack snapshot, with the context a CounterfactualRequest records, through the same
// APPLICABILITY..CONFIDENCE and terminal as every run (continueFromRetrieval). The run service,
// the engine thread, replay and the bundle verifier all call this one function.

/** The state after RETRIEVAL with the counterfactual's context: what the re-run stages read. */
export function counterfactualState(base: RetrievalState, request: CounterfactualRequest): RetrievalState {
  return {
    ...base,
    context: request.context,
    factSources: request.factSources,
    assumedDefaults: request.assumedDefaults,
  }
}

/** A counterfactual's events from its base run's state after RETRIEVAL. */
export function counterfactualEvents(
  base: RetrievalState,
  request: CounterfactualRequest,
  deps: Omit<EngineDeps, "counterfactualOf">,
): AsyncGenerator<ReasoningEvent, TerminalPayload> {
  const state = counterfactualState(base, request)
  return continueFromRetrieval(
    { requestId: request.requestId, state, context: request.context, factSources: request.factSources },
    { ...deps, counterfactualOf: request.counterfactualOf },
  )
}

/**
 * A counterfactual's events from its base run's stored events (the base's state after RETRIEVAL
 * is rebuilt from them against `deps.pack`, the base's snapshot). A base that did not reach
 * RETRIEVAL fails the run with ReplayStateError at its first step.
 */
export async function* counterfactualFromEvents(
  request: CounterfactualRequest,
  baseEvents: readonly ReasoningEvent[],
  deps: Omit<EngineDeps, "counterfactualOf">,
): AsyncGenerator<ReasoningEvent, TerminalPayload> {
  return yield* counterfactualEvents(retrievalStateFromEvents(baseEvents, deps.pack), request, deps)
}

/** Where a counterfactual is computed: in process (counterfactualFromEvents) or on the engine thread. */
export type CounterfactualEngine = (
  request: CounterfactualRequest,
  baseEvents: readonly ReasoningEvent[],
  deps: Omit<EngineDeps, "counterfactualOf">,
) => AsyncGenerator<ReasoningEvent, TerminalPayload> & { nextEventReady?: () => boolean }
