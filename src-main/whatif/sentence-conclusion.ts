import type { Locale } from "../../src-shared/events/stages"
import { formatScore } from "../../src-shared/format/numbers"
import type { WhatIfDiff } from "../../src-shared/whatif"
import type { Conclusion } from "../../src-shared/whatif-conclusion"

// The parts of the what-if sentence that say whether the conclusion changed: the values the answer
// states ("the answer is "no" instead of "yes" (Obligation to register for VAT)"), or, when no stated
// value differs, the headline ("a changed figure is never the same answer"); and the confidence as
// percentages.

type DiffBody = Omit<WhatIfDiff, "sentence">

export function valueClauses(
  conclusion: Conclusion,
  diff: DiffBody,
  locale: Locale,
  runLocale: Locale,
): string[] {
  if (conclusion.values.length > 0)
    return conclusion.values.map((v) => {
      const after = quote(v.after?.[locale] ?? "", locale)
      const before = quote(v.before?.[locale] ?? "", locale)
      return locale === "hr"
        ? `odgovor je ${after} umjesto ${before} (${v.label.hr})`
        : `the answer is ${after} instead of ${before} (${v.label.en})`
    })
  // No stated value differs (or none can be read): a changed headline still changes the answer.
  if (!conclusion.headline || conclusion.outcome) return []
  // Headlines are in the run's language: quoted in that language only, named in the other.
  if (locale !== runLocale)
    return [locale === "hr" ? "mijenja se naslov odgovora" : "the answer's headline changes"]
  const after = quote(diff.other.headline, locale)
  const before = quote(diff.base.headline, locale)
  return [
    locale === "hr"
      ? `odgovor glasi ${after} umjesto ${before}`
      : `the answer reads ${after} instead of ${before}`,
  ]
}

export function confidenceClause(diff: DiffBody, locale: Locale): string[] {
  const { before, after } = diff.confidence
  if (before === null || after === null) return []
  const from = formatScore(before, locale)
  const to = formatScore(after, locale)
  if (from === to) return []
  return [locale === "hr" ? `pouzdanost ${from} → ${to}` : `confidence ${from} → ${to}`]
}

function quote(text: string, locale: Locale): string {
  return locale === "hr" ? `„${text}”` : `"${text}"`
}

/** New and vanished source conflicts, counted ("new source conflicts: 1"). */
export function conflictClauses(diff: DiffBody, locale: Locale): string[] {
  const out: string[] = []
  const appeared = diff.conflicts.appeared.length
  const gone = diff.conflicts.disappeared.length
  if (appeared > 0)
    out.push(locale === "hr" ? `novih sukoba izvora: ${appeared}` : `new source conflicts: ${appeared}`)
  if (gone > 0)
    out.push(locale === "hr" ? `nestalih sukoba izvora: ${gone}` : `source conflicts gone: ${gone}`)
  return out
}
