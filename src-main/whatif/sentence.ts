import type { Locale, TerminalOutcome } from "../../src-shared/events/stages"
import type { Localized, WhatIfDiff } from "../../src-shared/whatif"
import { conclusionOf, type Conclusion } from "../../src-shared/whatif-conclusion"
import { buildRefusal } from "../engine/refusal-policy"
import type { ComparableTrace } from "./comparable"
import { both } from "./localized"
import { confidenceClause, conflictClauses, valueClauses } from "./sentence-conclusion"
import { exclusionTail, obligationClauses, ruleClauses, stripPeriod } from "./sentence-rules"
import { lowerFirst } from "../../src-shared/format/text"

// One sentence for a diff, in Croatian and English: "If the turnover were EUR 30,000.00 instead
// of EUR 65,000.00: the answer is "no" instead of "yes" (Obligation to register for VAT); no
// obligation: Registration for VAT (rule … excluded: EUR 30,000.00 ≤ EUR 60,000.00)". It says "the
// answer stays the same" only when outcome, headline, values and obligations all agree. Rule
// titles, obligations and exclusion reasons come from the pack snapshots, never translated by guesswork.

const OUTCOME: Record<TerminalOutcome, Localized> = {
  ANSWER: { hr: "odgovor", en: "an answer" },
  QUALIFIED_ANSWER: { hr: "odgovor s upozorenjem", en: "a qualified answer" },
  CONDITIONAL_ANSWER: { hr: "uvjetni odgovor", en: "a conditional answer" },
  REFUSAL: { hr: "odbijanje", en: "a refusal" },
  ERROR: { hr: "greška", en: "an error" },
}

type DiffBody = Omit<WhatIfDiff, "sentence">

export function diffSentence(base: ComparableTrace, other: ComparableTrace, diff: DiffBody): Localized {
  const conclusion = conclusionOf(diff)
  return both((locale) => {
    const consequences = consequencesOf(base, other, diff, conclusion, locale)
    return `${prefix(diff, locale)}: ${consequences.join("; ")}${exclusionTail(other, diff, locale)}.`
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
  conclusion: Conclusion,
  locale: Locale,
): string[] {
  const traces = [other, base]
  const out = [
    ...outcomeClause(diff, locale),
    ...valueClauses(conclusion, diff, locale, other.locale),
    ...refusalClause(base, other, diff, locale),
    ...obligationClauses(traces, diff, locale),
    ...ruleClauses(traces, diff, locale),
    ...conflictClauses(diff, locale),
    ...confidenceClause(diff, locale),
  ]
  if (out.length > 0) return out
  if (diff.changed || conclusion.changed)
    return [locale === "hr" ? "mijenja se tekst odgovora" : "the answer's wording changes"]
  return [locale === "hr" ? "odgovor ostaje isti" : "the answer stays the same"]
}

function outcomeClause(diff: DiffBody, locale: Locale): string[] {
  const before = diff.base.outcome
  const after = diff.other.outcome
  if (!diff.outcomeChanged || after === null) return []
  const was = before === null ? (locale === "hr" ? "bez ishoda" : "no outcome") : OUTCOME[before][locale]
  return [
    locale === "hr"
      ? `ishod je ${OUTCOME[after].hr} umjesto: ${was}`
      : `the outcome is ${OUTCOME[after].en} instead of ${was}`,
  ]
}

/** Why the hypothetical is refused, when that is new (or the reason differs). */
function refusalClause(
  base: ComparableTrace,
  other: ComparableTrace,
  diff: DiffBody,
  locale: Locale,
): string[] {
  if (other.terminal?.stage !== "REFUSAL") return []
  const sameRefusal =
    !diff.outcomeChanged &&
    base.terminal?.stage === "REFUSAL" &&
    base.terminal.data.reason === other.terminal.data.reason
  if (sameRefusal) return []
  return [lowerFirst(stripPeriod(buildRefusal(other.terminal.data.reason, locale).message))]
}
