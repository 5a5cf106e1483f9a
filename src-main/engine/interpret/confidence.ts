import type { QueryTopic } from "../../../src-shared/events/payloads"

// Interpretation confidence (seed 003): how sure we are that we understood WHAT is asked, not
// whether it can be answered. Seed 003's gates read it: below CONFIDENCE_THRESHOLD_CLARIFY ask
// for clarification; between that and CONFIDENCE_THRESHOLD_STRICT proceed only with 2+ entities;
// a gibberish ratio above NONSENSE_RATIO_THRESHOLD is out of scope.

export const CONFIDENCE_THRESHOLD_CLARIFY = 0.6
export const CONFIDENCE_THRESHOLD_STRICT = 0.75
export const NONSENSE_RATIO_THRESHOLD = 0.6
/** Seed 003: interpretation confidence never claims certainty. */
export const MAX_INTERPRETATION_CONFIDENCE = 0.95

export interface ConfidenceInputs {
  topic: QueryTopic
  /** A subject is named: a tax (VAT, contributions ...) or a labour/company/finance matter. */
  hasSubject: boolean
  /** The aspect asked about is clear (rate, threshold, deadline ...): queryIntent is not GENERAL. */
  hasAspect: boolean
  /** Context facts from the question: amount, date or year, legal form, VAT status, item, jurisdiction. */
  contextFacts: number
  isQuestionForm: boolean
  tokenCount: number
  /** "tim", "that", "it" ... standing in for a subject the question never names. */
  refersBack: boolean
  gibberishRatio: number
}

// Weights: a regulatory question that names its subject and aspect, in question form and of
// ordinary length, reaches 0.75 without context facts; each fact adds a little more.
const BASE_BY_TOPIC: Record<QueryTopic, number> = { REGULATORY: 0.35, PRODUCT: 0.35, SUPPORT: 0.35, OFFTOPIC: 0.2 }
const SUBJECT = 0.2
const ASPECT = 0.15
const PER_CONTEXT_FACT = 0.05
const MAX_CONTEXT = 0.15
const QUESTION_FORM = 0.05
const ORDINARY_LENGTH = 0.05
const TOO_SHORT = 0.15
const UNRESOLVED_REFERENCE = 0.1
const GIBBERISH_WEIGHT = 0.6

export function interpretationConfidence(inputs: ConfidenceInputs): { confidence: number; note: string } {
  let score = BASE_BY_TOPIC[inputs.topic]
  if (inputs.hasSubject) score += SUBJECT
  if (inputs.hasAspect) score += ASPECT
  score += Math.min(MAX_CONTEXT, PER_CONTEXT_FACT * inputs.contextFacts)
  if (inputs.isQuestionForm) score += QUESTION_FORM
  if (inputs.tokenCount >= 4) score += ORDINARY_LENGTH
  if (inputs.tokenCount <= 2) score -= TOO_SHORT
  if (inputs.refersBack && !inputs.hasSubject) score -= UNRESOLVED_REFERENCE
  score -= GIBBERISH_WEIGHT * inputs.gibberishRatio
  const confidence = Math.round(Math.min(MAX_INTERPRETATION_CONFIDENCE, Math.max(0, score)) * 100) / 100
  const parts = [
    `subject=${inputs.hasSubject ? 1 : 0}`,
    `aspect=${inputs.hasAspect ? 1 : 0}`,
    `facts=${inputs.contextFacts}`,
    `tokens=${inputs.tokenCount}`,
  ]
  return { confidence, note: `confidence:${confidence}(${parts.join(",")})` }
}
