import type { Locale } from "../../src-shared/events/stages"

// Money as accountants read it, "65.000,00 EUR" / "EUR 65,000.00", comes from the shared formatter
// (src-shared/format/numbers.ts); this module adds reading amounts back as users type them.

export { formatAmount, formatMoney } from "../../src-shared/format/numbers"

/**
 * Reads an amount the way a user types it in a form: "65.000,00", "65000", "65,000.50", "65 000".
 * Returns null for anything that is not a plain amount.
 */
export function parseAmountInput(text: string, locale: Locale): number | null {
  const compact = text.replace(/\s|\u00a0/g, "").replace(/(EUR|€)/gi, "")
  if (compact === "") return null
  const decimal = locale === "hr" ? "," : "."
  const group = locale === "hr" ? "." : ","
  // A lone other-style decimal mark with 1-2 trailing digits ("65000.5" typed in hr) is still a decimal.
  const otherDecimal = new RegExp(`^\\d+\\${group}\\d{1,2}$`)
  let normalized: string
  if (otherDecimal.test(compact) && !compact.includes(decimal)) {
    normalized = compact.replace(group, ".")
  } else {
    const groupsValid = new RegExp(
      `^\\d{1,3}(\\${group}\\d{3})*(\\${decimal}\\d+)?$|^\\d+(\\${decimal}\\d+)?$`,
    )
    if (!groupsValid.test(compact)) return null
    normalized = compact.split(group).join("").replace(decimal, ".")
  }
  const value = Number(normalized)
  return Number.isFinite(value) ? value : null
}
