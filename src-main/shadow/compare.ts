import type { ShadowEntry, ShadowFlip, ShadowOutcome, ShadowValueChange } from "../../src-shared/shadow"
import type { AnswerFacts } from "./answer-facts"

// The comparison of one run's two answers (the baseline and the candidate's): whether the outcome
// turned, which stated values changed, which obligations came or went, whether the primary rule is
// another one, and which of the rules the run met the candidate changed. Null when nothing did.

export type AnswerChange = Pick<ShadowEntry, "before" | "after" | "flip" | "values" | "obligations" | "primaryRuleChanged" | "ruleIds">

const NOT_ANSWERS: ReadonlySet<ShadowOutcome> = new Set<ShadowOutcome>(["REFUSAL", "AWAITING_INPUT"])
const ANSWERS: ReadonlySet<ShadowOutcome> = new Set<ShadowOutcome>(["ANSWER", "QUALIFIED_ANSWER", "CONDITIONAL_ANSWER"])

export function compareAnswers(before: AnswerFacts, after: AnswerFacts, changedRules: ReadonlySet<string>): AnswerChange | null {
  const values = valueChanges(before, after)
  const obligations = {
    added: after.obligations.filter((o) => !before.obligations.includes(o)),
    removed: before.obligations.filter((o) => !after.obligations.includes(o)),
  }
  const a = before.side.primaryRuleId
  const b = after.side.primaryRuleId
  const primaryRuleChanged = a !== null && b !== null && a !== b
  const flip = flipOf(before.side.outcome, after.side.outcome, values)
  const changed = flip !== null || values.length > 0 || obligations.added.length + obligations.removed.length > 0 || primaryRuleChanged
  if (!changed) return null
  const met = new Set([...before.touched, ...after.touched])
  return {
    before: before.side,
    after: after.side,
    flip,
    values,
    obligations,
    primaryRuleChanged,
    ruleIds: [...met].filter((id) => changedRules.has(id)).sort(),
  }
}

function valueChanges(before: AnswerFacts, after: AnswerFacts): ShadowValueChange[] {
  const keys = [...new Set([...before.values.keys(), ...after.values.keys()])].sort()
  const out: ShadowValueChange[] = []
  for (const key of keys) {
    const a = before.values.get(key)
    const b = after.values.get(key)
    if (a?.text.hr === b?.text.hr && a?.text.en === b?.text.en) continue
    const label = (b ?? a)?.label ?? { hr: key, en: key }
    const yesNoFlip = a?.yesNo != null && b?.yesNo != null && a.yesNo !== b.yesNo
    out.push({ key, label, before: a?.text ?? null, after: b?.text ?? null, yesNoFlip })
  }
  return out
}

function flipOf(before: ShadowOutcome, after: ShadowOutcome, values: readonly ShadowValueChange[]): ShadowFlip | null {
  if (ANSWERS.has(before) && NOT_ANSWERS.has(after)) return "ANSWER_TO_REFUSAL"
  if (NOT_ANSWERS.has(before) && ANSWERS.has(after)) return "REFUSAL_TO_ANSWER"
  const turned = values.find((v) => v.yesNoFlip)
  if (turned !== undefined) return turned.after?.en === "yes" ? "NO_TO_YES" : "YES_TO_NO"
  return before === after ? null : "OUTCOME_CHANGED"
}
