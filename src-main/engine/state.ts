import type { EvaluationContext, FactSource } from "../../src-shared/context"
import type {
  ConceptMatch,
  ConditionalBranch,
  DecisionCoverage,
  DetectedConflict,
  RuleExclusion,
  SourceSummary,
} from "../../src-shared/events/payloads"
import type { Locale, RiskTier } from "../../src-shared/events/stages"
import type { ConceptMatching } from "../knowledge/concept-matcher"
import type { Focus } from "../knowledge/focus"
import type { FocusSelection } from "../knowledge/focus-concepts"
import type { Attribute } from "../knowledge/pack-schema"
import type { Rule } from "../knowledge/pack-schema"
import type { RuleCheck } from "../knowledge/rule-eligibility"
import type { QueryInterpretation } from "./interpret"
import type { DateClarificationInput } from "./stages/date-clarification"

// What the stages hand to each other. RetrievalState is the seam for counterfactual runs: it
// can be rebuilt from a stored run's CONTEXT_RESOLUTION, SOURCES and RETRIEVAL events.

export interface IntakeResult {
  interpretation: QueryInterpretation
  /** Folded word tokens of the question, as the pack index expects them. */
  tokens: string[]
  /** The pack's concepts the question names (decides domain, confidence and retrieval). */
  matching: ConceptMatching
  /** The subjects the question names and the attribute it asks for (issue 17). */
  focus: Focus
  /** The concepts that fit the focus, or why none can. */
  selection: FocusSelection
  /** The focus's unknown words as the user typed them (with diacritics). */
  typedUnknown?: string
  /** Words the pack never uses, as typed: the run confirms its topic before answering. */
  strangeWords?: string
}

/** What an answer must be about: every one of these subjects, and this attribute. */
export interface AnswerFocus {
  subjects: string[]
  attribute?: Attribute
  /** The attribute was only a vague "how much" (see knowledge/focus.ts). */
  vagueAmount?: boolean
  /** "Od kada …?", "from when …?": the date a duty or a rule starts answers it as a deadline does. */
  sinceWhen?: boolean
  /** The amount asked is one someone pays: a limit does not answer it (see knowledge/focus.ts). */
  paying?: boolean
  /** Small numbers the question names ("dulje od 12 sati"): among rules of one concept, those
   *  whose titles name other numbers ("8 do 12 sati") are not what was asked. */
  numbers?: string[]
}

export interface ResolvedContext {
  context: EvaluationContext
  factSources: Record<string, FactSource>
  assumedDefaults: string[]
  matching: ConceptMatching
  confidence: number
  riskTier: RiskTier
  profileGiven: boolean
  /** The question names a date that does not exist and the request set none: ask which day. */
  dateToAsk?: DateClarificationInput
}

export interface RetrievalState {
  locale: Locale
  context: EvaluationContext
  factSources: Record<string, FactSource>
  assumedDefaults: string[]
  profileGiven: boolean
  concepts: ConceptMatch[]
  /** Published rules of the matched concepts, in retrieval order. */
  rules: Rule[]
  sources: SourceSummary[]
  /** The focus the answer must satisfy (absent in runs recorded before issue 17). */
  focus?: AnswerFocus
}

export interface BranchResult extends ConditionalBranch {
  /** The condition in both languages (`condition` is the run's language). */
  conditionText: { hr: string; en: string }
  /** Rules eligible under this branch's value. */
  rules: Rule[]
}

export interface ApplicabilityResult {
  checks: RuleCheck[]
  eligible: Rule[]
  exclusions: RuleExclusion[]
  coverage: DecisionCoverage[]
  branches: BranchResult[]
  missingDimensions: string[]
}

export interface ConflictResult {
  conflicts: DetectedConflict[]
  /** Eligible rules minus those that lost a resolved conflict. */
  winners: Rule[]
  unresolved: DetectedConflict[]
}

export interface AnalysisResult {
  bullets: string[]
  comparedSources: string[]
}
