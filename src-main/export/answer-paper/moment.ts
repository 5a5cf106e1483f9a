import type { Locale } from "../../../src-shared/events/stages"
import { formatDay } from "../../../src-shared/format/dates"

// A moment (an ISO timestamp) for people, in the machine's local time with its offset from UTC, so a
// printed answer says exactly when it was given: "2. 6. 2025. u 10:00:01 (UTC+02:00)" /
// "2 June 2025 at 10:00:01 (UTC+02:00)". Text that is not a timestamp is returned as is.

function pad2(n: number): string {
  return String(n).padStart(2, "0")
}

function utcOffset(date: Date): string {
  const minutes = -date.getTimezoneOffset()
  const sign = minutes < 0 ? "-" : "+"
  const abs = Math.abs(minutes)
  return `UTC${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`
}

export function formatMoment(iso: string, locale: Locale): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const day = formatDay(date.getFullYear(), date.getMonth() + 1, date.getDate(), locale)
  const time = `${pad2(date.getHours())}:${pad2(date.getMinutes())}:${pad2(date.getSeconds())}`
  return `${day} ${locale === "hr" ? "u" : "at"} ${time} (${utcOffset(date)})`
}
