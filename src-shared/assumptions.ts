import type { Locale } from "./events/stages"
import { formatDate } from "./format/dates"

// The context builder records what a run assumed as machine-readable codes
// ("asOf = today (2026-11-22)", "jurisdiction = HR"): userContextSnapshot.assumedDefaults keeps
// them as they are, because What-if reads the fact path before " = " and stored traces hash them.
// These helpers turn a code into words for the reader, in Croatian or English; the engine, the
// renderer and the export report share them so a code reads the same everywhere. A code they do
// not know is shown as it is, never hidden.

/** The fact path an assumption code is about: "asOf" for "asOf = today (2026-11-22)". */
export function assumptionPath(code: string): string {
  return code.split(" = ")[0] ?? code
}

const TODAY = /^asOf = today \((\d{4})-(\d{2})-(\d{2})\)$/
const JURISDICTION_HR = "jurisdiction = HR"

/** The date of an "asOf = today (…)" code as people read it ("22. 11. 2026.", "22 November 2026"). */
function todayOf(code: string, locale: Locale): string | null {
  const match = TODAY.exec(code)
  if (!match) return null
  const [, year, month, day] = match
  return formatDate(`${year}-${month}-${day}`, locale)
}

/** A noun phrase for a code this module knows ("današnji datum (22. 11. 2026.)"); null for any other. */
export function knownAssumptionLabel(code: string, locale: Locale): string | null {
  const today = todayOf(code, locale)
  if (today !== null) return locale === "hr" ? `današnji datum (${today})` : `today's date (${today})`
  if (code === JURISDICTION_HR) return locale === "hr" ? "hrvatsko zakonodavstvo" : "Croatian law"
  return null
}

/** A noun phrase for lists ("današnji datum (22. 11. 2026.)", "Croatian law"); the code itself if unknown. */
export function assumptionLabel(code: string, locale: Locale): string {
  return knownAssumptionLabel(code, locale) ?? code
}

/** A line of its own for the answer's limits ("Pretpostavljeno: hrvatsko zakonodavstvo"). */
export function assumptionSentence(code: string, locale: Locale): string {
  const today = todayOf(code, locale)
  if (today !== null)
    return locale === "hr" ? `Pretpostavljeni datum: današnji (${today})` : `Assumed date: today (${today})`
  if (code === JURISDICTION_HR)
    return locale === "hr" ? "Pretpostavljeno: hrvatsko zakonodavstvo" : "Assumed: Croatian law"
  return locale === "hr" ? `Pretpostavka: ${code}` : `Assumption: ${code}`
}
