import type { Locale } from "../../../src-shared/events/stages"
import { formatDate } from "../../knowledge/format"

// The context builder records what a run assumed as machine-readable codes
// ("asOf = today (2026-11-22)", "jurisdiction = HR"): userContextSnapshot.assumedDefaults keeps
// them as they are, because What-if reads the fact path before " = ". These helpers turn a code
// into words for the reader, in the run's language. A code they do not know is shown as it is.

const TODAY = /^asOf = today \((\d{4}-\d{2}-\d{2})\)$/
const JURISDICTION_HR = "jurisdiction = HR"

/** A noun phrase for lists ("današnji datum (22.11.2026.)", "Croatian law"). */
export function assumptionLabel(code: string, locale: Locale): string {
  const today = TODAY.exec(code)?.[1]
  if (today !== undefined)
    return locale === "hr" ? `današnji datum (${formatDate(today, locale)})` : `today's date (${today})`
  if (code === JURISDICTION_HR) return locale === "hr" ? "hrvatsko zakonodavstvo" : "Croatian law"
  return code
}

/** A line of its own for the answer's limits ("Pretpostavljeno: hrvatsko zakonodavstvo"). */
export function assumptionSentence(code: string, locale: Locale): string {
  const today = TODAY.exec(code)?.[1]
  if (today !== undefined)
    return locale === "hr"
      ? `Pretpostavljeni datum: današnji (${formatDate(today, locale)})`
      : `Assumed date: today (${today})`
  if (code === JURISDICTION_HR)
    return locale === "hr" ? "Pretpostavljeno: hrvatsko zakonodavstvo" : "Assumed: Croatian law"
  return locale === "hr" ? `Pretpostavka: ${code}` : `Assumption: ${code}`
}
