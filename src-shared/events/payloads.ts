import { z } from "zod"
import { EvaluationContext, FactSource, IsoDate } from "../context"
import { ErrorCode, RefusalCode } from "./refusals"
import { Authority, Locale, ReasoningStage, RiskTier } from "./stages"
import { DocumentActionKind, DocumentEvidence } from "../run-documents"
import { Difference, Finding } from "../einvoice"
import { FocusAttribute, FollowUp, QuestionFocus } from "./question-focus"

// The question's focus and a follow-up's inherited parts live in question-focus.ts; they are
// part of this contract and named from here as well.
export { FocusAttribute, FocusSubject, FollowUp, InheritedPart, QuestionFocus } from "./question-focus"

// Payloads of seed 001 Appendix A (names exactly as spelled there) and seed 003.
// Fields marked "addition" are ours; nothing of the seeds is renamed.

export const Entity = z.object({ type: z.string(), value: z.string(), confidence: z.number().min(0).max(1) })

export const QueryTopic = z.enum(["REGULATORY", "PRODUCT", "SUPPORT", "OFFTOPIC"])
/** Seed 003 query intents (the interpreter's finer view; seed 001's `intent` is coarser). */
export const QueryIntent = z.enum(["EXPLAIN", "CALCULATE", "DEADLINE", "THRESHOLD", "RATE", "OBLIGATION", "GENERAL"])

/** QUESTION_INTAKE complete (seed 003). */
export const QuestionIntakePayload = z.object({
  summary: z.string(),
  normalizedQuestion: z.string(),
  language: Locale,
  topic: QueryTopic,
  queryIntent: QueryIntent,
  jurisdictionHint: z.enum(["HR", "EU", "OTHER", "NONE"]),
  tokenCount: z.number().int().nonnegative(),
  gibberishRatio: z.number().min(0).max(1),
  interpretationConfidence: z.number().min(0).max(1),
  keywords: z.array(z.string()),
  focus: QuestionFocus.optional(),
  /** The engine version that asked (from version 3 on): chained, so a trace's request cannot be
   *  edited to claim an older engine and escape the replay. */
  engineVersion: z.number().int().positive().optional(),
  /** Present when the question was read as a follow-up of the thread's previous turn. */
  followUp: FollowUp.optional(),
})

export const UserContextSnapshot = z.object({
  vatStatus: z.enum(["registered", "unregistered", "unknown"]).optional(),
  turnoverBand: z.string().optional(),
  companySize: z.enum(["micro", "small", "medium", "large"]).optional(),
  jurisdiction: z.string().optional(),
  assumedDefaults: z.array(z.string()),
})

export const ContextResolutionPayload = z.object({
  summary: z.string(),
  jurisdiction: z.enum(["HR", "EU", "UNKNOWN"]),
  domain: z.enum(["TAX", "LABOR", "COMPANY", "FINANCE", "OTHER"]),
  riskTier: RiskTier,
  language: Locale,
  intent: z.enum(["QUESTION", "HOWTO", "CHECKLIST", "UNKNOWN"]),
  asOfDate: z.string(),
  entities: z.array(Entity),
  confidence: z.number().min(0).max(1),
  requiresClarification: z.boolean(),
  userContextSnapshot: UserContextSnapshot,
  /** addition: the frozen evaluation context every later stage reads (profile + query facts + asOf). */
  evaluationContext: EvaluationContext,
  /** addition: where each fact in evaluationContext came from, by fact path. */
  factSources: z.record(z.string(), FactSource),
  /** addition: the client this run was asked for, if any. */
  clientId: z.string().optional(),
})

export const ClarificationPayload = z.object({
  question: z.string(),
  options: z.array(z.object({ label: z.string(), value: z.string() })).optional(),
  freeformAllowed: z.boolean(),
  /** addition: blocks the pipeline until answered. */
  required: z.boolean(),
  /** addition: what was uncertain (e.g. "topic", "jurisdiction", "entityType"). */
  reason: z.string(),
})

/** CLARIFICATION complete: seed 001's `confirmedContext`, plus the answer given. */
export const ClarificationAnswerPayload = z.object({
  confirmedContext: z.string(),
  answer: z.string(),
  /** addition: the date the run is about from here on, when the answer named one (the question's
   *  own date did not exist). Later stages evaluate on it, not on CONTEXT_RESOLUTION's date. */
  asOfDate: IsoDate.optional(),
})

export const SourceSummary = z.object({
  id: z.string(),
  name: z.string(),
  authority: Authority,
  url: z.string().optional(),
  /** Evidence records of this source relevant to the matched concepts. */
  evidenceCount: z.number().int().nonnegative(),
  latestFetchedAt: z.string().optional(),
})

export const SourcesStartedPayload = z.object({ provider: z.string(), total: z.number().int().nonnegative() })
export const SourceFoundPayload = z.object({ source: SourceSummary })
export const SourcesPayload = z.object({ summary: z.string(), provider: z.string(), sources: z.array(SourceSummary) })

export const ConceptMatch = z.object({
  slug: z.string(),
  nameHr: z.string(),
  nameEn: z.string(),
  score: z.number().min(0).max(1),
  /** Which keywords or aliases of the concept matched the question. */
  matchedBy: z.array(z.string()),
})

export const RetrievalPayload = z.object({
  summary: z.string(),
  concepts: z.array(ConceptMatch),
  rulesRetrieved: z.number().int().nonnegative(),
  ruleIds: z.array(z.string()),
  /** Addition (issue 17): what the answer must be about, after any clarification narrowed it. */
  focus: z
    .object({
      subjects: z.array(z.string()),
      attribute: FocusAttribute.optional(),
      vagueAmount: z.boolean().optional(),
      /** The question asked since when something holds ("od kada", "from when"). */
      sinceWhen: z.boolean().optional(),
      numbers: z.array(z.string()).optional(),
    })
    .optional(),
})

export const ExclusionCode = z.enum([
  "THRESHOLD_EXCEEDED",
  "DATE_MISMATCH",
  "JURISDICTION_MISMATCH",
  "MISSING_CONTEXT",
  "CONDITION_FALSE",
])

export const RuleExclusion = z.object({
  ruleId: z.string(),
  ruleTitle: z.string(),
  code: ExclusionCode,
  expected: z.string(),
  actual: z.string(),
  source: FactSource,
  userCanFix: z.boolean(),
  /** addition: the fact the failing leaf read ("asOf" for temporal exclusions). */
  factPath: z.string().optional(),
  /** addition: the failing leaf's operator, e.g. "lte", "eq", "effectiveFrom". */
  operator: z.string().optional(),
})

export const DimensionCoverage = z.object({
  dimension: z.string(),
  factPath: z.string(),
  required: z.boolean(),
  resolved: z.boolean(),
  value: z.union([z.string(), z.number(), z.boolean()]).optional(),
  source: FactSource.optional(),
})

export const DecisionCoverage = z.object({
  topic: z.string(),
  requiredScore: z.number().min(0).max(1),
  totalScore: z.number().min(0).max(1),
  dimensions: z.array(DimensionCoverage),
})

export const ApplicabilityPayload = z.object({
  summary: z.string(),
  eligibleCount: z.number().int().nonnegative(),
  ineligibleCount: z.number().int().nonnegative(),
  exclusions: z.array(RuleExclusion),
  /** addition */
  eligibleRuleIds: z.array(z.string()),
  /** addition: seed 003 decision coverage, per matched topic. */
  coverage: z.array(DecisionCoverage),
  /** addition: fail-closed invariant witness. */
  appliesWhenEvaluated: z.boolean(),
})

export const ConflictWarning = z.object({
  description: z.string(),
  /** Each side: its source's name, what it says, and (from engine version 4) the rule saying it. */
  sourceA: z.object({ name: z.string(), says: z.string(), ruleId: z.string().optional() }),
  sourceB: z.object({ name: z.string(), says: z.string(), ruleId: z.string().optional() }),
  practicalResolution: z.string().optional(),
})

export const DetectedConflict = ConflictWarning.extend({
  id: z.string(),
  ruleIds: z.array(z.string()),
  resolution: z.enum(["AUTHORITY", "LATER_RULE", "UNRESOLVED"]),
  winnerRuleId: z.string().optional(),
})

export const ConflictsPayload = z.object({
  summary: z.string(),
  conflictCount: z.number().int().nonnegative(),
  resolved: z.number().int().nonnegative(),
  unresolved: z.number().int().nonnegative(),
  canProceedWithWarning: z.boolean(),
  conflicts: z.array(DetectedConflict),
})

export const AnalysisCheckpointPayload = z.object({
  /** Names the work done, e.g. "compare-threshold", "temporal-validity". */
  kind: z.string(),
  ruleIds: z.array(z.string()),
  detail: z.string(),
})

export const AnalysisPayload = z.object({
  summary: z.string(),
  bullets: z.array(z.string()),
  comparedSources: z.array(z.string()),
})

export const DriverValue = z.union([z.string(), z.number(), z.boolean(), z.null()])

export const InteractiveDriver = z.object({
  id: z.string(),
  label: z.string(),
  currentValue: z.boolean(),
  canToggle: z.boolean(),
  affectedStages: z.array(ReasoningStage),
  /** addition: the fact this driver is about, its value in this run, and the condition it decided. */
  factPath: z.string(),
  factValue: DriverValue,
  factSource: FactSource,
  condition: z.object({ operator: z.string(), operand: z.union([DriverValue, z.array(z.union([z.string(), z.number()]))]) }),
  ruleIds: z.array(z.string()),
})

export const ConfidencePayload = z.object({
  summary: z.string(),
  score: z.number().min(0).max(1),
  label: z.enum(["LOW", "MEDIUM", "HIGH"]),
  drivers: z.array(z.string()),
  evidenceStrength: z.enum(["SINGLE_SOURCE", "MULTI_SOURCE"]),
  wouldBeLowerIf: z.array(z.string()).optional(),
  interactiveDrivers: z.array(InteractiveDriver).optional(),
})

export const Citation = z.object({
  evidenceId: z.string().min(1),
  ruleId: z.string(),
  role: z.enum(["primary", "supporting"]),
  title: z.string(),
  sourceName: z.string(),
  authority: Authority,
  url: z.string().min(1),
  quote: z.string().min(1),
  fetchedAt: z.string().min(1),
})

export const Structured = z.object({
  obligations: z.array(z.string()).optional(),
  deadlines: z.array(z.string()).optional(),
  thresholds: z.array(z.string()).optional(),
  exceptions: z.array(z.string()).optional(),
  actions: z.array(z.string()).optional(),
})

export const FinalAnswerPayload = z.object({
  asOfDate: z.string(),
  /** The plain-language answer in Croatian (always present, as the seed names it). */
  answerHr: z.string(),
  /** addition: the answer in English when the run's language is English. */
  answerEn: z.string().optional(),
  headline: z.string(),
  structured: Structured.optional(),
  citations: z.array(Citation),
  limits: z.array(z.string()).optional(),
  /** addition: fail-closed witnesses. */
  appliesWhenEvaluated: z.boolean(),
  eligibleRuleCount: z.number().int().nonnegative(),
  /** addition (issue 17): the rule the answer rests on, checked against the question's focus. */
  primaryRuleId: z.string().optional(),
  /** addition (issue 18): the rule's legal basis, e.g. "Zakon o porezu na dodanu vrijednost (NN 73/13, 39/22), čl. 38 st. 2". */
  legalBasis: z.string().optional(),
  /** addition (issue 22): an answer read from the client's documents names each one and the fields it read. */
  documentEvidence: z.array(DocumentEvidence).optional(),
  /** addition (issue 22): the document action the run was (audit, compare, summarize), when it was one. */
  documentAction: DocumentActionKind.optional(),
  /** addition (issue 22): an e-invoice audit's findings, each with the field it is about and the rule it cites. */
  documentFindings: z.array(Finding).optional(),
  /** addition (issue 22): a comparison's differences field by field (unchanged fields are not listed), A then B. */
  documentDifferences: z.array(Difference).optional(),
})

export const QualifiedAnswerPayload = FinalAnswerPayload.extend({
  conflictWarnings: z.array(ConflictWarning),
  caveats: z.array(z.string()),
})

export const ConditionalBranch = z.object({
  dimension: z.string(),
  factPath: z.string(),
  /** The condition in words, e.g. "If the client is in the VAT system". */
  condition: z.string(),
  value: z.union([z.string(), z.number(), z.boolean()]),
  answer: z.string(),
  ruleIds: z.array(z.string()),
  /** addition: every fact this branch assumes, by fact path (a branch can need several, e.g. entity type and obrt subtype). */
  facts: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  /** addition: the missing fact as the pack's topic names it ("Bruto plaća" for the amount in the question), in the run's language. */
  factName: z.string().optional(),
})

export const ConditionalAnswerPayload = FinalAnswerPayload.extend({
  branches: z.array(ConditionalBranch).min(1),
  missingDimensions: z.array(z.string()).min(1),
  coverage: z.array(DecisionCoverage),
})

export const RefusalPayload = z.object({
  reason: RefusalCode,
  message: z.string(),
  nextSteps: z.array(z.string()),
  requiredFields: z.array(z.string()).optional(),
  /** addition: details for the UI (e.g. the missing dimension, the conflicting rules). */
  detail: z.string().optional(),
})

export const ErrorPayload = z.object({
  code: ErrorCode,
  message: z.string(),
  correlationId: z.string(),
  retriable: z.boolean(),
  /** addition: the stage that failed. */
  failedStage: ReasoningStage.optional(),
})

export type Entity = z.infer<typeof Entity>
export type QueryTopic = z.infer<typeof QueryTopic>
export type QueryIntent = z.infer<typeof QueryIntent>
export type QuestionIntakePayload = z.infer<typeof QuestionIntakePayload>
export type UserContextSnapshot = z.infer<typeof UserContextSnapshot>
export type ContextResolutionPayload = z.infer<typeof ContextResolutionPayload>
export type ClarificationPayload = z.infer<typeof ClarificationPayload>
export type ClarificationAnswerPayload = z.infer<typeof ClarificationAnswerPayload>
export type SourceSummary = z.infer<typeof SourceSummary>
export type SourcesPayload = z.infer<typeof SourcesPayload>
export type ConceptMatch = z.infer<typeof ConceptMatch>
export type RetrievalPayload = z.infer<typeof RetrievalPayload>
export type ExclusionCode = z.infer<typeof ExclusionCode>
export type RuleExclusion = z.infer<typeof RuleExclusion>
export type DimensionCoverage = z.infer<typeof DimensionCoverage>
export type DecisionCoverage = z.infer<typeof DecisionCoverage>
export type ApplicabilityPayload = z.infer<typeof ApplicabilityPayload>
export type ConflictWarning = z.infer<typeof ConflictWarning>
export type DetectedConflict = z.infer<typeof DetectedConflict>
export type ConflictsPayload = z.infer<typeof ConflictsPayload>
export type AnalysisCheckpointPayload = z.infer<typeof AnalysisCheckpointPayload>
export type AnalysisPayload = z.infer<typeof AnalysisPayload>
export type DriverValue = z.infer<typeof DriverValue>
export type InteractiveDriver = z.infer<typeof InteractiveDriver>
export type ConfidencePayload = z.infer<typeof ConfidencePayload>
export type Citation = z.infer<typeof Citation>
export type FinalAnswerPayload = z.infer<typeof FinalAnswerPayload>
export type QualifiedAnswerPayload = z.infer<typeof QualifiedAnswerPayload>
export type ConditionalBranch = z.infer<typeof ConditionalBranch>
export type ConditionalAnswerPayload = z.infer<typeof ConditionalAnswerPayload>
export type RefusalPayload = z.infer<typeof RefusalPayload>
export type ErrorPayload = z.infer<typeof ErrorPayload>
