import type { RuleExclusion } from "../../src-shared/events/payloads"
import type { Locale } from "../../src-shared/events/stages"
import type { WhatIfDiff } from "../../src-shared/whatif"
import { packIndex } from "../knowledge/pack-index"
import type { Rule } from "../knowledge/pack-schema"
import { checkRule } from "../knowledge/rule-eligibility"
import type { ComparableTrace } from "./comparable"
import { labelOf } from "./fact-info"
import { lowerFirst } from "../../src-shared/format/text"

// The rule parts of the what-if sentence: obligations that go (−) or arrive (+) with the rules that
// left or entered, the rules that now apply or no longer do, and why a rule is excluded on the
// hypothetical side, each restated in the sentence's language from the pack snapshots.

type DiffBody = Omit<WhatIfDiff, "sentence">

const NEGATED: Record<string, string> = { lte: ">", lt: "≥", gt: "≤", gte: "<", eq: "≠", neq: "=" }
export const MAX_LISTED = 3

export function obligationClauses(
  traces: readonly ComparableTrace[],
  diff: DiffBody,
  locale: Locale,
): string[] {
  const rulesOf = (ids: readonly string[]) => ids.flatMap((id) => ruleIn(traces, id) ?? [])
  const obligations = (ids: readonly string[]) =>
    rulesOf(ids).flatMap((r) => r.obligations.map((o) => stripPeriod(o[locale])))
  const enteredIds = diff.rules.entered.map((r) => r.ruleId)
  const leftIds = diff.rules.left.map((r) => r.ruleId)
  const kept = new Set(obligations([...diff.rules.stayed, ...enteredIds]))
  const earlier = new Set(obligations([...diff.rules.stayed, ...leftIds]))
  const gone = unique(obligations(leftIds)).filter((o) => !kept.has(o))
  const added = unique(obligations(enteredIds)).filter((o) => !earlier.has(o))
  return [
    ...gone.slice(0, MAX_LISTED).map((o) => (locale === "hr" ? `nema obveze: ${o}` : `no obligation: ${o}`)),
    ...added
      .slice(0, MAX_LISTED)
      .map((o) => (locale === "hr" ? `nova obveza: ${o}` : `new obligation: ${o}`)),
  ]
}

export function ruleClauses(traces: readonly ComparableTrace[], diff: DiffBody, locale: Locale): string[] {
  const out: string[] = []
  const entered = diff.rules.entered.slice(0, MAX_LISTED).map((r) => r.title[locale])
  if (entered.length > 0)
    out.push(locale === "hr" ? `primjenjuje se: ${entered.join("; ")}` : `applies: ${entered.join("; ")}`)
  // A rule that left with obligations is already told by "no obligation: …".
  const leftWithout = diff.rules.left.filter((r) => (ruleIn(traces, r.ruleId)?.obligations.length ?? 0) === 0)
  if (leftWithout.length > 0) {
    const titles = leftWithout
      .slice(0, MAX_LISTED)
      .map((r) => r.title[locale])
      .join("; ")
    out.push(locale === "hr" ? `više se ne primjenjuje: ${titles}` : `no longer applies: ${titles}`)
  }
  return out
}

/** "(excluded rule “VAT threshold …”: EUR 30,000.00 ≤ EUR 60,000.00)" for the first rules that left, or "". */
export function exclusionTail(other: ComparableTrace, diff: DiffBody, locale: Locale): string {
  const reasons = diff.rules.left.slice(0, MAX_LISTED).flatMap((r) => {
    const why = exclusionWhy(r.ruleId, other, r.exclusionAfter, locale)
    if (why === null) return []
    // Named by its title, as the rule lists name it: an id is no word for a reader.
    return [locale === "hr" ? `isključeno pravilo „${r.title.hr}”: ${why}` : `excluded rule “${r.title.en}”: ${why}`]
  })
  return reasons.length > 0 ? ` (${reasons.join("; ")})` : ""
}

function ruleIn(traces: readonly ComparableTrace[], ruleId: string): Rule | undefined {
  for (const trace of traces) {
    const rule = trace.pack ? packIndex(trace.pack).rules.get(ruleId) : undefined
    if (rule) return rule
  }
  return undefined
}

/** Why a rule is excluded on the other side, restated in `locale` from its pack and context. */
function exclusionWhy(
  ruleId: string,
  other: ComparableTrace,
  stored: RuleExclusion | null,
  locale: Locale,
): string | null {
  const rule = other.pack ? packIndex(other.pack).rules.get(ruleId) : undefined
  const exclusion =
    rule && other.context
      ? (checkRule(rule, other.context, other.factSources, locale).exclusion ?? stored)
      : stored
  if (!exclusion) return null
  if (exclusion.code === "MISSING_CONTEXT" && exclusion.factPath) {
    const label = lowerFirst(labelOf(exclusion.factPath)[locale])
    return locale === "hr"
      ? `${label} nije naveden (uvjet: ${exclusion.expected})`
      : `the ${label} is not given (condition: ${exclusion.expected})`
  }
  const operator = exclusion.operator ?? ""
  if (operator === "effectiveFrom")
    return locale === "hr"
      ? `još nije na snazi na dan ${exclusion.actual} (${exclusion.expected})`
      : `not yet in force on ${exclusion.actual} (${exclusion.expected})`
  if (operator === "effectiveUntil")
    return locale === "hr"
      ? `više nije na snazi na dan ${exclusion.actual} (${exclusion.expected})`
      : `no longer in force on ${exclusion.actual} (${exclusion.expected})`
  const negated = NEGATED[operator]
  if (negated) return `${exclusion.actual} ${negated} ${exclusion.expected.replace(/^[=≠<>≤≥]\s*/, "")}`
  return locale === "hr"
    ? `${exclusion.actual}; uvjet: ${exclusion.expected}`
    : `${exclusion.actual}; condition: ${exclusion.expected}`
}

export function stripPeriod(text: string): string {
  return text.replace(/\.\s*$/, "")
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)]
}
