import type { Locale } from "../../../src-shared/events/stages"
import { formatNumber, formatScore } from "../../../src-shared/format/numbers"
import type { Percentiles, Rate } from "../../../src-shared/metrics"
import { formatDuration } from "../../format/duration"

// How the dashboard writes its numbers: shares as whole percentages in the locale's format
// ("56 %" / "56%"), durations as the run view writes them, days and hours with one decimal.

const MONTHS_EN = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const

/** A bucket's first day for an axis: "2. 3." / "2 Mar". */
export function shortDay(iso: string, locale: Locale): string {
  const [, month, day] = iso.split("-").map(Number)
  if (month === undefined || day === undefined) return iso
  return locale === "hr" ? `${day}. ${month}.` : `${day} ${MONTHS_EN[month - 1] ?? String(month)}`
}

/** A share, or null when there was nothing to count. */
export function shareText(rate: Rate, locale: Locale): string | null {
  return rate.rate === null ? null : formatScore(rate.rate, locale)
}

/** A share as a number of percent with one decimal, for charts and CSV (null: nothing counted). */
export function sharePercent(rate: Rate): number | null {
  return rate.rate === null ? null : Math.round(rate.rate * 1000) / 10
}

export function msText(ms: number | null, locale: Locale): string {
  return ms === null ? "–" : formatDuration(ms, locale)
}

export function daysText(days: number | null, locale: Locale): string {
  if (days === null) return "–"
  return `${formatNumber(days, locale, 1)} ${locale === "hr" ? "dana" : "days"}`
}

export function hoursText(hours: number | null, locale: Locale): string {
  return hours === null ? "–" : `${formatNumber(hours, locale, 1)} h`
}

export function percentileText(p: Percentiles, format: (v: number | null) => string): { p50: string; p95: string } {
  return { p50: format(p.p50), p95: format(p.p95) }
}
