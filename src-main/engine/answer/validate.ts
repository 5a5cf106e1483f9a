import type { TerminalPayload } from "../../../src-shared/events/event"

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
