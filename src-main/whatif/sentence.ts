import type { RuleExclusion } from "../../src-shared/events/payloads"
import type { Locale, TerminalOutcome } from "../../src-shared/events/stages"
import type { Localized, WhatIfDiff } from "../../src-shared/whatif"
import { buildRefusal } from "../engine/refusal-policy"
import { packIndex } from "../knowledge/pack-index"
import type { Rule } from "../knowledge/pack-schema"
import { checkRule } from "../knowledge/rule-eligibility"
import type { ComparableTrace } from "./comparable"
import { both } from "./localized"

// One sentence for a diff, in Croatian and English: "If the turnover were EUR 30,000.00 instead
// of EUR 65,000.00: no obligation: Registration for VAT (rule … excluded: EUR 30,000.00 ≤ EUR
// 60,000.00)". Rule titles, obligations and exclusion reasons are taken from the pack snapshots
// and re-stated in each language, never translated by guesswork.

const OUTCOME: Record<TerminalOutcome, Localized> = {
  ANSWER: { hr: "odgovor", en: "an answer" },
  QUALIFIED_ANSWER: { hr: "odgovor s upozorenjem", en: "a qualified answer" },
  CONDITIONAL_ANSWER: { hr: "uvjetni odgovor", en: "a conditional answer" },
  REFUSAL: { hr: "odbijanje", en: "a refusal" },
  ERROR: { hr: "greška", en: "an error" },
}
const NEGATED: Record<string, string> = { lte: ">", lt: "≥", gt: "≤", gte: "<", eq: "≠", neq: "=" }
const MAX_LISTED = 3

type DiffBody = Omit<WhatIfDiff, "sentence">

export function diffSentence(base: ComparableTrace, other: ComparableTrace, diff: DiffBody): Localized {
  return both((locale) => {
    const consequences = consequencesOf(base, other, diff, locale)
    const reasons = diff.rules.left.slice(0, MAX_LISTED).flatMap((r) => {
      const why = exclusionWhy(r.ruleId, other, r.exclusionAfter, locale)
      if (why === null) return []
      return [
        locale === "hr" ? `pravilo ${r.ruleId} isključeno: ${why}` : `rule ${r.ruleId} excluded: ${why}`,
      ]
    })
    const tail = reasons.length > 0 ? ` (${reasons.join("; ")})` : ""
    return `${prefix(diff, locale)}: ${consequences.join("; ")}${tail}.`
  })
}

function prefix(diff: DiffBody, locale: Locale): string {
  if (diff.facts.length > 0) {
    const parts = diff.facts.map((f) => {
      const label = lowerFirst(f.label[locale])
      if (f.after === null)
        return locale === "hr"
          ? `${label} nije naveden (umjesto ${f.beforeText.hr})`
          : `the ${label} were not given (instead of ${f.beforeText.en})`
      if (f.before === null)
        return locale === "hr"
          ? `${label} ${f.afterText.hr} (podatak nije bio naveden)`
          : `the ${label} were ${f.afterText.en} (not given in the run)`
      return locale === "hr"
        ? `${label} ${f.afterText.hr} umjesto ${f.beforeText.hr}`
        : `the ${label} were ${f.afterText.en} instead of ${f.beforeText.en}`
    })
    return locale === "hr" ? `Da je ${parts.join(" i ")}` : `If ${parts.join(" and ")}`
  }
  if (diff.base.packHash !== diff.other.packHash)
    return locale === "hr"
      ? `S paketom pravila ${diff.other.packVersion} umjesto ${diff.base.packVersion}`
      : `With rule pack ${diff.other.packVersion} instead of ${diff.base.packVersion}`
  return locale === "hr" ? "Između ova dva izračuna" : "Between these two runs"
}

function consequencesOf(
  base: ComparableTrace,
  other: ComparableTrace,
  diff: DiffBody,
  locale: Locale,
): string[] {
  const out: string[] = []
  const before = diff.base.outcome
  const after = diff.other.outcome
  if (diff.outcomeChanged && after !== null) {
    const was = before === null ? (locale === "hr" ? "bez ishoda" : "no outcome") : OUTCOME[before][locale]
    out.push(
      locale === "hr"
        ? `ishod je ${OUTCOME[after].hr} umjesto: ${was}`
        : `the outcome is ${OUTCOME[after].en} instead of ${was}`,
    )
  }
  if (
    other.terminal?.stage === "REFUSAL" &&
    (diff.outcomeChanged ||
      base.terminal?.stage !== "REFUSAL" ||
      base.terminal.data.reason !== other.terminal.data.reason)
  )
    out.push(lowerFirst(stripPeriod(buildRefusal(other.terminal.data.reason, locale).message)))

  const rulesOf = (ids: readonly string[]) => ids.flatMap((id) => ruleIn([other, base], id) ?? [])
  const obligations = (rules: readonly Rule[]) =>
    rules.flatMap((r) => r.obligations.map((o) => stripPeriod(o[locale])))
  const kept = new Set(
    obligations(rulesOf([...diff.rules.stayed, ...diff.rules.entered.map((r) => r.ruleId)])),
  )
  const gone = unique(obligations(rulesOf(diff.rules.left.map((r) => r.ruleId)))).filter((o) => !kept.has(o))
  const earlier = new Set(
    obligations(rulesOf([...diff.rules.stayed, ...diff.rules.left.map((r) => r.ruleId)])),
  )
  const added = unique(obligations(rulesOf(diff.rules.entered.map((r) => r.ruleId)))).filter(
    (o) => !earlier.has(o),
  )
  for (const o of gone.slice(0, MAX_LISTED))
    out.push(locale === "hr" ? `nema obveze: ${o}` : `no obligation: ${o}`)
  for (const o of added.slice(0, MAX_LISTED))
    out.push(locale === "hr" ? `nova obveza: ${o}` : `new obligation: ${o}`)

  const entered = diff.rules.entered.slice(0, MAX_LISTED).map((r) => r.title[locale])
  if (entered.length > 0)
    out.push(locale === "hr" ? `primjenjuje se: ${entered.join("; ")}` : `applies: ${entered.join("; ")}`)
  const leftWithout = diff.rules.left.filter(
    (r) => (ruleIn([other, base], r.ruleId)?.obligations.length ?? 0) === 0,
  )
  if (leftWithout.length > 0) {
    const titles = leftWithout.slice(0, MAX_LISTED).map((r) => r.title[locale])
    out.push(
      locale === "hr"
        ? `više se ne primjenjuje: ${titles.join("; ")}`
        : `no longer applies: ${titles.join("; ")}`,
    )
  }
  const conflicts = diff.conflicts.appeared.length
  if (conflicts > 0)
    out.push(locale === "hr" ? `novih sukoba izvora: ${conflicts}` : `new source conflicts: ${conflicts}`)
  if (diff.conflicts.disappeared.length > 0)
    out.push(
      locale === "hr"
        ? `nestalih sukoba izvora: ${diff.conflicts.disappeared.length}`
        : `source conflicts gone: ${diff.conflicts.disappeared.length}`,
    )
  const delta = diff.confidence.delta
  if (delta !== null && delta !== 0 && diff.confidence.before !== null && diff.confidence.after !== null)
    out.push(
      locale === "hr"
        ? `pouzdanost ${diff.confidence.before.toFixed(2)} → ${diff.confidence.after.toFixed(2)}`
        : `confidence ${diff.confidence.before.toFixed(2)} → ${diff.confidence.after.toFixed(2)}`,
    )
  if (out.length === 0)
    out.push(
      diff.changed
        ? locale === "hr"
          ? "mijenja se tekst odgovora"
          : "the answer's wording changes"
        : locale === "hr"
          ? "odgovor ostaje isti"
          : "the answer stays the same",
    )
  return out
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

function lowerFirst(text: string): string {
  return text.length > 0 ? text.charAt(0).toLowerCase() + text.slice(1) : text
}

function stripPeriod(text: string): string {
  return text.replace(/\.\s*$/, "")
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)]
}
