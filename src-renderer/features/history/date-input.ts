import type { Locale } from "../../../src-shared/events/stages"
import { formatDate } from "../../../src-shared/format/dates"

// Dates typed in the history's From/To fields, in the UI's own format (src-shared/format/dates.ts):
// Croatian "1. 7. 2025." (day first; the dots and spaces may be left out: "1.7.2025"), English
// "1 July 2025" (or "1 Jul 2025", "July 1, 2025"). ISO "2025-07-01" is understood in both. English
// numbers like 07/01/2025 are refused: the app's English dates are day first, a US reader's are
// month first, and a wrong guess would filter silently.

export type DateInputResult = { kind: "empty" } | { kind: "date"; iso: string } | { kind: "invalid" }

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"] as const

function pad(n: number): string {
  return String(n).padStart(2, "0")
}

function toIso(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1 || day > 31) return null
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null
  return `${year}-${pad(month)}-${pad(day)}`
}

function monthNumber(word: string): number | null {
  const index = MONTHS.findIndex((m) => word.toLowerCase().startsWith(m))
  return index === -1 || word.length < 3 ? null : index + 1
}

function parseCroatian(text: string): string | null {
  const match = /^(\d{1,2})\s*[./]\s*(\d{1,2})\s*[./]\s*(\d{4})\s*\.?$/.exec(text)
  return match ? toIso(Number(match[3]), Number(match[2]), Number(match[1])) : null
}

function parseEnglish(text: string): string | null {
  const dayFirst = /^(\d{1,2})\s+([A-Za-z]+)\.?,?\s+(\d{4})$/.exec(text)
  if (dayFirst) {
    const month = monthNumber(dayFirst[2] ?? "")
    return month === null ? null : toIso(Number(dayFirst[3]), month, Number(dayFirst[1]))
  }
  const monthFirst = /^([A-Za-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(text)
  if (monthFirst) {
    const month = monthNumber(monthFirst[1] ?? "")
    return month === null ? null : toIso(Number(monthFirst[3]), month, Number(monthFirst[2]))
  }
  return null
}

export function parseDateInput(text: string, locale: Locale): DateInputResult {
  const trimmed = text.trim()
  if (trimmed === "") return { kind: "empty" }
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed)
  const parsed = iso
    ? toIso(Number(iso[1]), Number(iso[2]), Number(iso[3]))
    : locale === "hr"
      ? parseCroatian(trimmed)
      : parseEnglish(trimmed)
  return parsed === null ? { kind: "invalid" } : { kind: "date", iso: parsed }
}

/** An ISO date as the field shows it ("" stays ""). */
export function dateInputText(iso: string, locale: Locale): string {
  return iso === "" ? "" : formatDate(iso, locale)
}
