import type { Locale } from "../../src-shared/events/stages"
import type { Localized } from "../../src-shared/whatif"

// Everything the what-if feature says is produced in both languages at once: the UI and the CLI
// pick theirs, and a saved scenario reads the same whichever language it is reopened in.

export const LOCALES: readonly Locale[] = ["hr", "en"]

export function both(text: (locale: Locale) => string): Localized {
  return { hr: text("hr"), en: text("en") }
}

export function pick(text: Localized, locale: Locale): string {
  return text[locale]
}
