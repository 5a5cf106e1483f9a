import type { ReasoningEvent } from "../../src-shared/events/event"
import { canonicalJson } from "../util/canonical-json"

// The trace's summary columns (seed 001 §8), derived from the run's own events as they are
// persisted, so that history queries never have to open the events.

export interface TracePatch {
  locale?: string
  userContextSnapshot?: string
  evaluationContext?: string
  outcome?: string
  domain?: string
  riskTier?: string
  confidence?: number
  sourceCount?: number
  eligibleRuleCount?: number
  exclusionCount?: number
  conflictCount?: number
  refusalReason?: string
  errorCode?: string
  answerText?: string
  /** The date the run evaluated on, as far as its events tell (the last one wins). */
  evaluatedAsOf?: string
  durationMs?: number
  ttfusMs?: number
}

/**
 * Adds what `event` tells about the run to `patch`.
 * `requestLocale`: the locale the request asked for; when absent the run's language is recorded.
 */
export function summarizeEvent(event: ReasoningEvent, patch: TracePatch, requestLocale: string | undefined): void {
  if (event.status !== "complete") return
  switch (event.stage) {
    case "CONTEXT_RESOLUTION":
      patch.domain = event.data.domain
      patch.riskTier = event.data.riskTier
      patch.userContextSnapshot = canonicalJson(event.data.userContextSnapshot)
      patch.evaluationContext = canonicalJson(event.data.evaluationContext)
      patch.evaluatedAsOf = event.data.asOfDate
      if (requestLocale === undefined) patch.locale = event.data.language
      return
    case "CLARIFICATION":
      // The question's own date did not exist and the user named the day in the answer.
      if (event.data.asOfDate !== undefined) patch.evaluatedAsOf = event.data.asOfDate
      return
    case "SOURCES":
      patch.sourceCount = event.data.sources.length
      return
    case "APPLICABILITY":
      patch.eligibleRuleCount = event.data.eligibleCount
      patch.exclusionCount = event.data.exclusions.length
      return
    case "CONFLICTS":
      patch.conflictCount = event.data.conflictCount
      return
    case "CONFIDENCE":
      patch.confidence = event.data.score
      return
    case "ANSWER":
    case "QUALIFIED_ANSWER":
    case "CONDITIONAL_ANSWER":
      patch.outcome = event.stage
      patch.evaluatedAsOf = event.data.asOfDate
      patch.eligibleRuleCount = event.data.eligibleRuleCount
      patch.answerText = [event.data.headline, event.data.answerHr, event.data.answerEn].filter(Boolean).join("\n")
      return
    case "REFUSAL":
      patch.outcome = event.stage
      patch.refusalReason = event.data.reason
      patch.answerText = [event.data.message, event.data.detail].filter(Boolean).join("\n")
      return
    case "ERROR":
      patch.outcome = event.stage
      patch.errorCode = event.data.code
      patch.answerText = event.data.message
      return
    default:
      return
  }
}
