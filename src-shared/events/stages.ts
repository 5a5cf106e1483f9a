import { z } from "zod"

// Stage, status and outcome vocabularies of seed 001 Appendix A, plus seed 003's QUESTION_INTAKE
// and CONDITIONAL_ANSWER. Spelled exactly as the seeds spell them.

export const SCHEMA_VERSION = 1 as const

export const ReasoningStage = z.enum([
  "QUESTION_INTAKE",
  "CONTEXT_RESOLUTION",
  "CLARIFICATION",
  "SOURCES",
  "RETRIEVAL",
  "APPLICABILITY",
  "CONFLICTS",
  "ANALYSIS",
  "CONFIDENCE",
  "ANSWER",
  "QUALIFIED_ANSWER",
  "CONDITIONAL_ANSWER",
  "REFUSAL",
  "ERROR",
])

export const ReasoningStatus = z.enum(["started", "progress", "checkpoint", "complete", "awaiting_input"])
export const Severity = z.enum(["info", "warning", "critical"])
export const TerminalOutcome = z.enum(["ANSWER", "QUALIFIED_ANSWER", "CONDITIONAL_ANSWER", "REFUSAL", "ERROR"])
export const RiskTier = z.enum(["T0", "T1", "T2", "T3"])
export const Authority = z.enum(["LAW", "REGULATION", "GUIDANCE", "PRACTICE"])
export const Locale = z.enum(["hr", "en"])

export type ReasoningStage = z.infer<typeof ReasoningStage>
export type ReasoningStatus = z.infer<typeof ReasoningStatus>
export type Severity = z.infer<typeof Severity>
export type TerminalOutcome = z.infer<typeof TerminalOutcome>
export type RiskTier = z.infer<typeof RiskTier>
export type Authority = z.infer<typeof Authority>
export type Locale = z.infer<typeof Locale>

/** The non-terminal stages in the order they run (CLARIFICATION only when the gate closes). */
export const PIPELINE_STAGES = [
  "QUESTION_INTAKE",
  "CONTEXT_RESOLUTION",
  "CLARIFICATION",
  "SOURCES",
  "RETRIEVAL",
  "APPLICABILITY",
  "CONFLICTS",
  "ANALYSIS",
  "CONFIDENCE",
] as const satisfies readonly ReasoningStage[]

/** The stages a stepper lists (seed 001 §6 REASONING_STAGES, with intake first). */
export const STEPPER_STAGES = [
  "QUESTION_INTAKE",
  "CONTEXT_RESOLUTION",
  "SOURCES",
  "RETRIEVAL",
  "APPLICABILITY",
  "CONFLICTS",
  "ANALYSIS",
  "CONFIDENCE",
] as const satisfies readonly ReasoningStage[]

export const TERMINAL_STAGES = TerminalOutcome.options

/** Authority rank: lower wins (LAW 1 > REGULATION 2 > GUIDANCE 3 > PRACTICE 4). */
export const AUTHORITY_RANK: Record<Authority, number> = { LAW: 1, REGULATION: 2, GUIDANCE: 3, PRACTICE: 4 }

export function isTerminalStage(stage: ReasoningStage): stage is TerminalOutcome {
  return (TERMINAL_STAGES as readonly string[]).includes(stage)
}
