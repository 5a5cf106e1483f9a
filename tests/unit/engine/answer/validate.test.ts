import { describe, expect, it } from "vitest"
import type { TerminalPayload } from "../../../../src-shared/events/event"
import { answerViolations } from "../../../../src-main/engine/answer/validate"

const citation = {
  evidenceId: "e",
  ruleId: "r",
  role: "primary" as const,
  title: "t",
  sourceName: "s",
  authority: "LAW" as const,
  url: "https://example.org",
  quote: "q",
  fetchedAt: "2025-01-01",
}
const answer: TerminalPayload = {
  outcome: "ANSWER",
  asOfDate: "2025-01-01",
  answerHr: "a",
  headline: "h",
  citations: [citation],
  appliesWhenEvaluated: true,
  eligibleRuleCount: 1,
}
const witness = { asOf: "2025-01-01", snapshotHashAtStart: "x", snapshotHashNow: "x" }

describe("answerViolations (seed 001 §8)", () => {
  it("passes a complete answer and never blocks refusals or errors", () => {
    expect(answerViolations(answer, witness)).toEqual([])
    expect(
      answerViolations({ outcome: "REFUSAL", reason: "OUT_OF_SCOPE", message: "m", nextSteps: [] }, witness),
    ).toEqual([])
  })

  it("names every broken invariant", () => {
    expect(answerViolations({ ...answer, citations: [] }, witness)).toEqual(["no citations"])
    expect(
      answerViolations({ ...answer, citations: [{ ...citation, quote: " ", fetchedAt: "" }] }, witness),
    ).toEqual(["citation 0 lacks quote", "citation 0 lacks fetchedAt"])
    expect(answerViolations({ ...answer, asOfDate: "" }, witness)).toEqual(["no asOfDate"])
    expect(answerViolations({ ...answer, asOfDate: "2024-01-01" }, witness)).toEqual([
      "asOfDate differs from the evaluation context",
    ])
    expect(
      answerViolations({ ...answer, appliesWhenEvaluated: false, eligibleRuleCount: 0 }, witness),
    ).toEqual(["appliesWhen not evaluated", "no eligible rules"])
    expect(answerViolations(answer, { ...witness, snapshotHashNow: "y" })).toEqual(["frozen context changed"])
  })
})
