import type { Locale } from "../../src-shared/events/stages"
import { formatDate } from "../../src-shared/format/dates"
import { formatMoney, formatPercent } from "../../src-shared/format/numbers"
import type { RuleValue } from "./pack-schema"

// Formatting for people in the main process: amounts, percentages and dates come from the shared
// formatter (src-shared/format/, the same one the window uses); rule values are read here.

export { formatDate, formatDatesIn } from "../../src-shared/format/dates"
export { formatMoney, formatNumber, formatPercent, formatScore } from "../../src-shared/format/numbers"

export function formatRuleValue(value: RuleValue, locale: Locale): string {
  switch (value.type) {
    case "percentage":
      return formatPercent(value.value, locale)
    case "currency":
      return formatMoney(value.value, locale, value.currency)
    case "deadline":
    case "text":
      return value.text[locale]
    case "date":
      return formatDate(value.value, locale)
    case "boolean":
      return locale === "hr" ? (value.value ? "da" : "ne") : value.value ? "yes" : "no"
  }
}

/**
 * A fact's label inside a sentence: "Ako je vrsta subjekta …", "If entity type is …". Labels are
 * written to stand alone ("Vrsta subjekta"); an acronym that opens one stays as it is ("VAT status",
 * "PDV obveznik"), since only a capital followed by a small letter is a sentence's capital.
 */
export function labelInSentence(label: string): string {
  return /^\p{Lu}\p{Ll}/u.test(label) ? label.charAt(0).toLocaleLowerCase("hr") + label.slice(1) : label
}
