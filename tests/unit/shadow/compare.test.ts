import { describe, expect, it } from "vitest"
import type { ShadowOutcome } from "../../../src-shared/shadow"
import type { AnswerFacts, StatedValue } from "../../../src-main/shadow/answer-facts"
import { compareAnswers } from "../../../src-main/shadow/compare"

// The comparison of a run's two answers: which way the outcome turned, which values, obligations
// and primary rule changed, and which changed rules the run met.

function facts(outcome: ShadowOutcome, extra: { values?: Record<string, StatedValue>; obligations?: string[]; primary?: string | null; touched?: string[] } = {}): AnswerFacts {
  return {
    side: { outcome, headline: `${outcome} headline`, primaryRuleId: extra.primary ?? null },
    values: new Map(Object.entries(extra.values ?? {})),
    obligations: extra.obligations ?? [],
    touched: new Set(extra.touched ?? []),
  }
}

const yesNo = (yes: boolean): StatedValue => ({
  label: { hr: "Obveza ulaska u sustav PDV-a", en: "VAT registration duty" },
  text: yes ? { hr: "da", en: "yes" } : { hr: "ne", en: "no" },
  yesNo: yes,
})
const rate = (value: number): StatedValue => ({ label: { hr: "Stopa", en: "Rate" }, text: { hr: `${value} %`, en: `${value}%` }, yesNo: null })

describe("compareAnswers", () => {
  it("finds nothing when both answers state the same", () => {
    const same = facts("ANSWER", { values: { "c:v": rate(5) }, obligations: ["Upisati se."], primary: "r.1", touched: ["r.1"] })
    expect(compareAnswers(same, same, new Set(["r.1"]))).toBeNull()
  })

  it("reads a yes turned into a no as a flip, and names only the changed rules the run met", () => {
    const before = facts("ANSWER", { values: { "reg:duty": yesNo(true) }, primary: "reg.above", touched: ["reg.above", "reg.below", "other"] })
    const after = facts("ANSWER", { values: { "reg:duty": yesNo(false) }, primary: "reg.below", touched: ["reg.above", "reg.below"] })
    const change = compareAnswers(before, after, new Set(["reg.above", "reg.below", "unrelated"]))
    expect(change).toMatchObject({
      flip: "YES_TO_NO",
      primaryRuleChanged: true,
      ruleIds: ["reg.above", "reg.below"],
      values: [{ key: "reg:duty", before: { hr: "da", en: "yes" }, after: { hr: "ne", en: "no" }, yesNoFlip: true }],
    })
    expect(compareAnswers(after, before, new Set())?.flip).toBe("NO_TO_YES")
  })

  it("reads a refusal or a question back that becomes an answer as REFUSAL_TO_ANSWER, and the reverse", () => {
    const answer = facts("CONDITIONAL_ANSWER", { values: { "c:v": rate(13) }, primary: "r.1" })
    expect(compareAnswers(facts("REFUSAL"), answer, new Set())).toMatchObject({
      flip: "REFUSAL_TO_ANSWER",
      primaryRuleChanged: false,
      values: [{ before: null, after: { hr: "13 %" } }],
    })
    expect(compareAnswers(answer, facts("AWAITING_INPUT"), new Set())?.flip).toBe("ANSWER_TO_REFUSAL")
    expect(compareAnswers(answer, facts("ERROR"), new Set())?.flip).toBe("OUTCOME_CHANGED")
    expect(compareAnswers(facts("ANSWER", { primary: "r.1" }), facts("QUALIFIED_ANSWER", { primary: "r.1" }), new Set())?.flip).toBe("OUTCOME_CHANGED")
  })

  it("lists obligations that come and go, a new value under the same key, and no flip when only those change", () => {
    const before = facts("ANSWER", { values: { "c:v": rate(5) }, obligations: ["Voditi knjigu.", "Upisati se."], primary: "r.1" })
    const after = facts("ANSWER", { values: { "c:v": rate(13) }, obligations: ["Upisati se.", "Prijaviti promet."], primary: "r.1" })
    expect(compareAnswers(before, after, new Set())).toMatchObject({
      flip: null,
      primaryRuleChanged: false,
      obligations: { added: ["Prijaviti promet."], removed: ["Voditi knjigu."] },
      values: [{ key: "c:v", before: { hr: "5 %" }, after: { hr: "13 %" }, yesNoFlip: false }],
    })
  })
})
