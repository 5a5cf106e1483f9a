import type { Locale } from "../../src-shared/events/stages"
import { formatDatesIn, formatDate as formatCalendarDate, isIsoDate } from "../../src-shared/format/dates"

// Dates as the UI shows them, from the shared formatter (src-shared/format/dates.ts): Croatian
// "1. 7. 2025.", English "1 July 2025". Calendar dates (YYYY-MM-DD) are shown as written, never
// shifted through a time zone; timestamps are shown in local time.

export { formatDatesIn, isIsoDate }

function pad2(n: number): string {
  return String(n).padStart(2, "0")
}

function localParts(value: string): { day: string; time: string } | null {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return null
  return {
    day: `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`,
    time: `${pad2(date.getHours())}:${pad2(date.getMinutes())}`,
  }
}

/** A calendar date or the date part of a timestamp (local time); unparseable text is returned as is. */
export function formatDate(value: string, locale: Locale): string {
  if (isIsoDate(value)) return formatCalendarDate(value, locale)
  const parts = localParts(value)
  return parts ? formatCalendarDate(parts.day, locale) : value
}

/** A timestamp with minutes, in local time: "5. 3. 2025. 14:30" or "5 March 2025, 14:30". */
export function formatDateTime(value: string, locale: Locale): string {
  if (isIsoDate(value)) return formatCalendarDate(value, locale)
  const parts = localParts(value)
  if (!parts) return value
  const day = formatCalendarDate(parts.day, locale)
  return locale === "hr" ? `${day} ${parts.time}` : `${day}, ${parts.time}`
}

/** Today in local time as YYYY-MM-DD (what the as-of date is when none is chosen). */
export function todayIso(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad2(now.getMonth() + 1)}-${pad2(now.getDate())}`
}
