import type { Locale } from "../events/stages"

// Numbers for people, the one formatter the main process, the CLI and the window share: Croatian
// "40.000,00 EUR" and "25 %", English "EUR 40,000.00" and "25%". Written by hand (not Intl) so the
// output is identical in Node and in every Chromium, whatever ICU data it carries.

function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator)
}

/** "1.234,5" / "1,234.5" with `decimals` fraction digits. */
export function formatNumber(value: number, locale: Locale, decimals = 2): string {
  const [whole, fraction] = Math.abs(value).toFixed(decimals).split(".")
  const grouped = groupThousands(whole ?? "0", locale === "hr" ? "." : ",")
  const body = fraction ? `${grouped}${locale === "hr" ? "," : "."}${fraction}` : grouped
  // -0.001 rounds to "0,00": no minus sign in front of a zero.
  return value < 0 && /[1-9]/.test(body) ? `-${body}` : body
}

/** An amount with two decimals and no currency: "65.000,00" / "65,000.00". */
export function formatAmount(value: number, locale: Locale): string {
  return formatNumber(value, locale, 2)
}

/** "60.000,00 EUR" in Croatian, "EUR 60,000.00" in English. */
export function formatMoney(value: number, locale: Locale, currency = "EUR"): string {
  const amount = formatAmount(value, locale)
  return locale === "hr" ? `${amount} ${currency}` : `${currency} ${amount}`
}

/** Whether `value` needs no more than `decimals` fraction digits (16.5 needs 1). */
function hasDecimals(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals
  return Math.abs(scaled - Math.round(scaled)) < 1e-9
}

/** The fraction digits `value` needs, at most two: 25 → 0, 16.5 → 1, 10.25 → 2. */
export function neededDecimals(value: number): number {
  return hasDecimals(value, 0) ? 0 : hasDecimals(value, 1) ? 1 : 2
}

/** A percentage given in percent ("25" → "25 %" / "25%"); up to two decimals, only when needed. */
export function formatPercent(value: number, locale: Locale): string {
  const text = formatNumber(value, locale, neededDecimals(value))
  return locale === "hr" ? `${text} %` : `${text}%`
}

/** A 0..1 score (confidence) as a whole percentage: 0.56 → "56 %" / "56%". */
export function formatScore(score: number, locale: Locale): string {
  return formatPercent(Math.round(Math.min(1, Math.max(0, score)) * 100), locale)
}

/** A change of a 0..1 score in percentage points, signed: "+12 p. p." / "+12 pp", "−4 p. p." */
export function formatScoreDelta(delta: number, locale: Locale): string {
  const points = Math.round(delta * 100)
  const sign = points > 0 ? "+" : points < 0 ? "−" : "±"
  return `${sign}${Math.abs(points)}${locale === "hr" ? " p. b." : " pp"}`
}
