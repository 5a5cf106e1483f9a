import type { Locale } from "../../src-shared/events/stages"

// Durations for run times ("850 ms", "1 min 5 s") and liveness ("2,1 s"); Croatian uses a decimal comma.
// Scores (confidence) are shown as percentages by the shared formatter: src-shared/format/numbers.ts.

function tenthsOfSeconds(ms: number, locale: Locale): string {
  const seconds = (Math.floor(ms / 100) / 10).toFixed(1)
  return `${locale === "hr" ? seconds.replace(".", ",") : seconds} s`
}

function minutesAndSeconds(ms: number): string {
  const totalSeconds = Math.floor(ms / 1000)
  const minutes = Math.floor(totalSeconds / 60)
  const seconds = totalSeconds % 60
  return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`
}

export function formatDuration(ms: number, locale: Locale): string {
  const safe = Math.max(0, ms)
  if (safe < 1000) return `${Math.round(safe)} ms`
  return safe < 60_000 ? tenthsOfSeconds(safe, locale) : minutesAndSeconds(safe)
}

/** Time since the last update, always in seconds under a minute: "0,4 s", "2,1 s". */
export function formatSecondsAgo(ms: number, locale: Locale): string {
  const safe = Math.max(0, ms)
  return safe < 60_000 ? tenthsOfSeconds(safe, locale) : minutesAndSeconds(safe)
}
