import type { EditableRule, EvidenceRecord } from "../../../src-shared/rule-changes"
import { conditionProblems, fromPredicate, toPredicate, type ConditionGroup } from "./conditions"

// One draft in the editor: the rule's fields, its conditions as rows, and the evidence records the
// change brings. `ruleToSend` is the pack's rule: conditions written back as appliesWhen (none:
// the rule always applies), or null while a condition row has a problem.

export interface DraftState {
  rule: EditableRule
  conditions: ConditionGroup
  added: EvidenceRecord[]
}

export function draftOf(rule: EditableRule, added: readonly EvidenceRecord[] = []): DraftState {
  return { rule, conditions: fromPredicate(rule.appliesWhen), added: [...added] }
}

export function ruleToSend(draft: DraftState): EditableRule | null {
  if (conditionProblems(draft.conditions).size > 0) return null
  const rest: EditableRule = { ...draft.rule }
  delete rest.appliesWhen
  const appliesWhen = toPredicate(draft.conditions)
  return appliesWhen === undefined ? rest : { ...rest, appliesWhen }
}

/** Only the records the rule still cites go with the change. */
export function evidenceToSend(draft: DraftState): EvidenceRecord[] {
  return draft.added.filter((e) => draft.rule.evidenceIds.includes(e.id))
}
