import type { Locale } from "../events/stages"
import { countOf, type PluralForms } from "./plural"

// How long something has waited, for people: the review queue's "age" of a flag in the window
// and the CLI alike. Whole units, rounded down, the largest that fits: "manje od minute",
// "5 minuta", "3 sata", "2 dana" / "less than a minute", "5 minutes", "3 hours", "2 days".

const MINUTES: PluralForms = {
  hr: { one: "minuta", few: "minute", other: "minuta" },
  en: { one: "minute", other: "minutes" },
}
/** "1 sat, 2 sata, 5 sati" / "1 hour, 2 hours": also the unit of a trip's duration. */
export const HOURS: PluralForms = {
  hr: { one: "sat", few: "sata", other: "sati" },
  en: { one: "hour", other: "hours" },
}
const DAYS: PluralForms = {
  hr: { one: "dan", few: "dana", other: "dana" },
  en: { one: "day", other: "days" },
}

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

export function formatAge(ms: number, locale: Locale): string {
  const safe = Math.max(0, ms)
  if (safe < MINUTE_MS) return locale === "hr" ? "manje od minute" : "less than a minute"
  if (safe < HOUR_MS) return countOf(Math.floor(safe / MINUTE_MS), locale, MINUTES)
  if (safe < DAY_MS) return countOf(Math.floor(safe / HOUR_MS), locale, HOURS)
  return countOf(Math.floor(safe / DAY_MS), locale, DAYS)
}
