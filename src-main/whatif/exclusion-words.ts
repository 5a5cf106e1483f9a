import type { RuleExclusion } from "../../src-shared/events/payloads"
import type { Locale } from "../../src-shared/events/stages"
import type { ExclusionWords } from "../../src-shared/whatif"
import { packIndex } from "../knowledge/pack-index"
import { checkRule } from "../knowledge/rule-eligibility"
import type { ComparableTrace } from "./comparable"

// A rule's exclusion in both languages: the stored exclusion is in the run's language ("65.000,00
// EUR"), but the comparison is read in either, so the reason is decided again on the trace's own
// context and pack snapshot, once per language ("EUR 65,000.00"). Without a snapshot or context
// the stored words are all there is, in both.

export function exclusionWords(
  trace: ComparableTrace,
  ruleId: string,
  stored: RuleExclusion | null,
): ExclusionWords | null {
  if (stored === null) return null
  const rule = trace.pack ? packIndex(trace.pack).rules.get(ruleId) : undefined
  const context = trace.context
  const reasonIn = (locale: Locale) => {
    const again = rule && context ? checkRule(rule, context, trace.factSources, locale).exclusion : undefined
    return { actual: again?.actual ?? stored.actual, expected: again?.expected ?? stored.expected }
  }
  const hr = reasonIn("hr")
  const en = reasonIn("en")
  return { actual: { hr: hr.actual, en: en.actual }, expected: { hr: hr.expected, en: en.expected } }
}
