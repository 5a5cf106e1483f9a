import type { TerminalPayload } from "../../../src-shared/events/event"
import { answersAttribute } from "../../knowledge/focus-concepts"
import { ruleAttribute } from "../../knowledge/focus-index"
import type { PackIndex } from "../../knowledge/pack-index"
import type { Rule } from "../../knowledge/pack-schema"
import type { AnswerFocus } from "../state"

// Fail-closed invariants (seed 001 §8): an answer leaves the engine only with complete
// citations, an as-of date, evaluated applicability, at least one eligible rule and the frozen
// context unchanged. Returns the violations (empty when the answer may go out).

export interface AnswerWitness {
  asOf: string
  snapshotHashAtStart: string
  snapshotHashNow: string
}

export function answerViolations(terminal: TerminalPayload, witness: AnswerWitness): string[] {
  if (terminal.outcome === "REFUSAL" || terminal.outcome === "ERROR") return []
  const problems: string[] = []
  if (terminal.citations.length === 0) problems.push("no citations")
  terminal.citations.forEach((c, i) => {
    for (const field of ["evidenceId", "url", "quote", "fetchedAt"] as const)
      if (typeof c[field] !== "string" || c[field].trim() === "")
        problems.push(`citation ${i} lacks ${field}`)
  })
  if (!terminal.asOfDate) problems.push("no asOfDate")
  else if (terminal.asOfDate !== witness.asOf) problems.push("asOfDate differs from the evaluation context")
  if (terminal.appliesWhenEvaluated !== true) problems.push("appliesWhen not evaluated")
  if (!(terminal.eligibleRuleCount > 0)) problems.push("no eligible rules")
  if (witness.snapshotHashAtStart !== witness.snapshotHashNow) problems.push("frozen context changed")
  return problems
}

/**
 * The focus invariant (issue 17): an answer rests on a rule about every subject the question
 * names, answering the attribute it asks for. The general VAT rate answers a question about bread
 * only if a cited rule says bread takes it; the VAT return deadline never answers a JOPPD question.
 */
export function focusViolations(
  terminal: TerminalPayload,
  primary: Rule | undefined,
  focus: AnswerFocus | undefined,
  index: PackIndex,
): string[] {
  if (terminal.outcome === "REFUSAL" || terminal.outcome === "ERROR" || !focus) return []
  if (!primary) return ["no primary rule"]
  const problems: string[] = []
  const about = index.concepts.get(primary.conceptSlug)?.subjects ?? []
  const missing = focus.subjects.filter((s) => !about.includes(s))
  if (missing.length > 0) problems.push(`primary rule ${primary.id} is not about ${missing.join(", ")}`)
  if (!answersAttribute(focus, ruleAttribute(primary)))
    problems.push(`primary rule ${primary.id} does not answer the asked ${focus.attribute ?? "attribute"}`)
  return problems
}
