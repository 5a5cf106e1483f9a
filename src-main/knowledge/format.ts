import type { Locale } from "../../src-shared/events/stages"
import type { RuleValue } from "./pack-schema"

// Formatting of amounts, dates and rule values for people, in Croatian or English. Written by
// hand (not Intl) so that output is identical on every machine and ICU build.

function groupThousands(integer: string, separator: string): string {
  let out = ""
  for (let i = 0; i < integer.length; i++) {
    if (i > 0 && (integer.length - i) % 3 === 0) out += separator
    out += integer[i]
  }
  return out
}

export function formatNumber(value: number, locale: Locale, decimals = 2): string {
  const negative = value < 0
  const [integer, fraction] = Math.abs(value).toFixed(decimals).split(".")
  const grouped = groupThousands(integer ?? "0", locale === "hr" ? "." : ",")
  const sign = negative ? "-" : ""
  if (!fraction) return sign + grouped
  return `${sign}${grouped}${locale === "hr" ? "," : "."}${fraction}`
}

/** "60.000,00 EUR" in Croatian, "EUR 60,000.00" in English. */
export function formatMoney(value: number, locale: Locale, currency = "EUR"): string {
  const amount = formatNumber(value, locale)
  return locale === "hr" ? `${amount} ${currency}` : `${currency} ${amount}`
}

/** "25 %" / "25%"; keeps up to two decimals only when needed. */
export function formatPercent(value: number, locale: Locale): string {
  const decimals = Number.isInteger(value) ? 0 : Number.isInteger(value * 10) ? 1 : 2
  const text = formatNumber(value, locale, decimals)
  return locale === "hr" ? `${text} %` : `${text}%`
}

/** ISO date to "01.01.2025." (hr) or "2025-01-01" (en). */
export function formatDate(iso: string, locale: Locale): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  if (!match || locale === "en") return iso
  return `${match[3]}.${match[2]}.${match[1]}.`
}

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
