import type { Locale } from "../../src-shared/events/stages"
import { formatDate, formatDay } from "../../src-shared/format/dates"

// Dates typed in the UI's own format (src-shared/format/dates.ts), whatever the browser's or the
// system's locale: Croatian "26. 11. 2026." (day first; the dots' spaces and the final dot may be
// left out, "26.11.2026"), English "26 November 2026" (or "26 Nov 2026", "November 26, 2026").
// ISO "2026-11-26" is understood in both. English numbers like 11/26/2026 are refused: the app's
// English dates are day first, a US reader's month first, and a wrong guess would be silent.
// A day the calendar does not have (31 February) is told apart from text that is not a date, so
// the field can say which.

export type DateInputResult =
  | { kind: "empty" }
  | { kind: "date"; iso: string }
  /** Read as a day, month and year, but that month has no such day (e.g. 31. 2. 2026.). */
  | { kind: "missing"; year: number; month: number; day: number; daysInMonth: number }
  | { kind: "invalid" }

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"] as const

function pad(n: number): string {
  return String(n).padStart(2, "0")
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

function dayResult(year: number, month: number, day: number): DateInputResult {
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1 || day > 31) return { kind: "invalid" }
  const daysInMonth = daysIn(year, month)
  if (day > daysInMonth) return { kind: "missing", year, month, day, daysInMonth }
  return { kind: "date", iso: `${year}-${pad(month)}-${pad(day)}` }
}

function monthNumber(word: string): number | null {
  const index = MONTHS.findIndex((m) => word.toLowerCase().startsWith(m))
  return index === -1 || word.length < 3 ? null : index + 1
}

function parseCroatian(text: string): DateInputResult {
  const match = /^(\d{1,2})\s*[./]\s*(\d{1,2})\s*[./]\s*(\d{4})\s*\.?$/.exec(text)
  return match ? dayResult(Number(match[3]), Number(match[2]), Number(match[1])) : { kind: "invalid" }
}

function parseEnglish(text: string): DateInputResult {
  const dayFirst = /^(\d{1,2})\s+([A-Za-z]+)\.?,?\s+(\d{4})$/.exec(text)
  const monthFirst = /^([A-Za-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(text)
  const [day, word, year] = dayFirst
    ? [dayFirst[1], dayFirst[2], dayFirst[3]]
    : monthFirst
      ? [monthFirst[2], monthFirst[1], monthFirst[3]]
      : [undefined, undefined, undefined]
  const month = monthNumber(word ?? "")
  return month === null ? { kind: "invalid" } : dayResult(Number(year), month, Number(day))
}

export function parseDateInput(text: string, locale: Locale): DateInputResult {
  const trimmed = text.trim()
  if (trimmed === "") return { kind: "empty" }
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed)
  if (iso) return dayResult(Number(iso[1]), Number(iso[2]), Number(iso[3]))
  return locale === "hr" ? parseCroatian(trimmed) : parseEnglish(trimmed)
}

/** An ISO date as the field shows it ("" stays ""). */
export function dateInputText(iso: string, locale: Locale): string {
  return iso === "" ? "" : formatDate(iso, locale)
}

/** The day as typed, in the UI's format, for "31. 2. 2026. does not exist". */
export function missingDayText(
  result: Extract<DateInputResult, { kind: "missing" }>,
  locale: Locale,
): string {
  return formatDay(result.year, result.month, result.day, locale)
}
