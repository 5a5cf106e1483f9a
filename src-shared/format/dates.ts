import type { Locale } from "../events/stages"

// Calendar dates for people: Croatian "1. 7. 2025." (day, month and year each followed by a full
// stop, spaces between, no leading zeros), English "1 July 2025". Calendar dates (YYYY-MM-DD) are
// shown as written, never moved through a time zone.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

const MONTHS_EN = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const

/** A day given by its numbers (month 1-12). */
export function formatDay(year: number, month: number, day: number, locale: Locale): string {
  if (locale === "hr") return `${day}. ${month}. ${year}.`
  return `${day} ${MONTHS_EN[month - 1] ?? String(month)} ${year}`
}

/** "2025-07-01" → "1. 7. 2025." / "1 July 2025"; text that is not an ISO date is returned as is. */
export function formatDate(iso: string, locale: Locale): string {
  const match = ISO_DATE.exec(iso)
  if (!match) return iso
  return formatDay(Number(match[1]), Number(match[2]), Number(match[3]), locale)
}

/** Every ISO date inside a text, formatted ("na dan 2025-07-01" → "na dan 1. 7. 2025."). */
export function formatDatesIn(text: string, locale: Locale): string {
  return text.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (iso) => formatDate(iso, locale))
}

export function isIsoDate(value: string): boolean {
  return ISO_DATE.test(value)
}
