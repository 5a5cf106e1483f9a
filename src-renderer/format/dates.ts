import type { Locale } from "../../src-shared/events/stages"

// Dates as the UI shows them: Croatian dd.mm.yyyy., English ISO (yyyy-mm-dd).
// Calendar dates (YYYY-MM-DD) are shown as written, never shifted through a time zone.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

function pad2(n: number): string {
  return String(n).padStart(2, "0")
}

function partsOf(value: string): { y: string; m: string; d: string; time: string | null } | null {
  const plain = ISO_DATE.exec(value)
  if (plain) return { y: plain[1] ?? "", m: plain[2] ?? "", d: plain[3] ?? "", time: null }
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return null
  return {
    y: String(date.getFullYear()),
    m: pad2(date.getMonth() + 1),
    d: pad2(date.getDate()),
    time: `${pad2(date.getHours())}:${pad2(date.getMinutes())}`,
  }
}

/** A calendar date or the date part of a timestamp (local time); unparseable text is returned as is. */
export function formatDate(value: string, locale: Locale): string {
  const p = partsOf(value)
  if (!p) return value
  return locale === "hr" ? `${p.d}.${p.m}.${p.y}.` : `${p.y}-${p.m}-${p.d}`
}

/** A timestamp with minutes, in local time: "05.03.2025. 14:30" or "2025-03-05 14:30". */
export function formatDateTime(value: string, locale: Locale): string {
  const p = partsOf(value)
  if (!p) return value
  const date = locale === "hr" ? `${p.d}.${p.m}.${p.y}.` : `${p.y}-${p.m}-${p.d}`
  return p.time ? `${date} ${p.time}` : date
}

export function isIsoDate(value: string): boolean {
  return ISO_DATE.test(value)
}
