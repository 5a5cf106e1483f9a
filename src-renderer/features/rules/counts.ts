import type { Locale } from "../../../src-shared/events/stages"
import { formatNumber } from "../../../src-shared/format/numbers"

/** A whole count in the locale's digits ("10.000" / "10,000"). */
export function formatCount(n: number, locale: Locale): string {
  return formatNumber(n, locale, 0)
}
