import type { ReasoningEvent } from "../../src-shared/events/event"
import type { LoadedPack } from "../knowledge/loader"
import { packIndex } from "../knowledge/pack-index"
import type { Rule } from "../knowledge/pack-schema"
import { withAnsweredAsOf } from "./context-builder"
import type { RetrievalState } from "./state"

// Rebuilds the state after RETRIEVAL from a stored run's events and its pack snapshot, so a
// counterfactual re-runs APPLICABILITY onwards without re-discovering sources or rules.

export class ReplayStateError extends Error {}

export function retrievalStateFromEvents(
  events: readonly ReasoningEvent[],
  pack: LoadedPack,
): RetrievalState {
  let context: Extract<ReasoningEvent, { stage: "CONTEXT_RESOLUTION"; status: "complete" }> | undefined
  let sources: Extract<ReasoningEvent, { stage: "SOURCES"; status: "complete" }> | undefined
  let retrieval: Extract<ReasoningEvent, { stage: "RETRIEVAL"; status: "complete" }> | undefined
  // A date clarification (the question's date did not exist) set the date the later stages used.
  let answeredAsOf: string | undefined
  for (const event of events) {
    if (event.status !== "complete") continue
    if (event.stage === "CONTEXT_RESOLUTION") context = event
    else if (event.stage === "CLARIFICATION" && event.data.asOfDate !== undefined) answeredAsOf = event.data.asOfDate
    else if (event.stage === "SOURCES") sources = event
    else if (event.stage === "RETRIEVAL") retrieval = event
  }
  if (!context || !sources || !retrieval)
    throw new ReplayStateError("the run did not reach RETRIEVAL: it has no sources or rules to reuse")
  const index = packIndex(pack)
  const rules: Rule[] = retrieval.data.ruleIds.map((id) => {
    const rule = index.rules.get(id)
    if (!rule) throw new ReplayStateError(`rule ${id} is not in pack ${pack.id} ${pack.version}`)
    return rule
  })
  const resolved = {
    context: context.data.evaluationContext,
    factSources: context.data.factSources,
    assumedDefaults: context.data.userContextSnapshot.assumedDefaults,
  }
  const { context: evaluationContext, factSources, assumedDefaults } =
    answeredAsOf === undefined ? resolved : withAnsweredAsOf(resolved, answeredAsOf)
  return {
    locale: context.data.language,
    context: evaluationContext,
    factSources,
    assumedDefaults,
    // A profile-less run records no user_profile facts; an empty profile behaves the same way.
    profileGiven: Object.values(factSources).includes("user_profile"),
    concepts: retrieval.data.concepts,
    rules,
    sources: sources.data.sources,
    ...(retrieval.data.focus ? { focus: retrieval.data.focus } : {}),
  }
}
