import type { ValueChange, WhatIfDiff } from "./whatif"

// Whether a hypothetical reaches the same conclusion as the run it came from, as a reader judges
// it: the kind of outcome (answer, refusal…), the headline, the values the answer states (yes/no,
// a rate, an amount) and the obligations. Any of these differing is a changed conclusion; only
// when all four agree is the outcome "the same". The sentence (main) and the panel (window) both
// read this one judgement.

export interface Conclusion {
  /** Outcome, headline, a stated value or an obligation differs. */
  changed: boolean
  outcome: boolean
  headline: boolean
  /** Values stated on both sides with different text (yes → no, 25 % → 13 %). */
  values: ValueChange[]
  /** Obligations of the hypothetical that the original did not have, and the reverse. */
  obligationsAdded: string[]
  obligationsRemoved: string[]
}

type DiffView = Pick<WhatIfDiff, "base" | "other" | "outcomeChanged" | "answer"> & {
  values?: readonly ValueChange[]
}

export function conclusionOf(diff: DiffView): Conclusion {
  const outcome = diff.outcomeChanged || diff.base.outcome !== diff.other.outcome
  const headline = diff.base.headline.trim() !== diff.other.headline.trim()
  const values = (diff.values ?? []).filter(
    (v) => v.before !== null && v.after !== null && v.before.hr !== v.after.hr,
  )
  const obligationsAdded = [...diff.answer.obligations.added]
  const obligationsRemoved = [...diff.answer.obligations.removed]
  const changed =
    outcome || headline || values.length > 0 || obligationsAdded.length + obligationsRemoved.length > 0
  return { changed, outcome, headline, values, obligationsAdded, obligationsRemoved }
}
