import type { RuleSummary } from "../../../src-shared/rule-changes"
import { formatDate } from "../../../src-shared/format/dates"
import { formatMoney, formatPercent } from "../../../src-shared/format/numbers"
import { useI18n } from "../../i18n/i18n-context"
import { isLocalized } from "./rule-form"

// A rule's value as people read it: "10 %", "40.000,00 EUR", a date, yes/no, or its text.

export function RuleValueText({ value }: { value: RuleSummary["value"] }) {
  const { t, locale } = useI18n()
  const v = value["value"]
  if (value.type === "percentage" && typeof v === "number") return <>{formatPercent(v, locale)}</>
  if (value.type === "currency" && typeof v === "number")
    return <>{formatMoney(v, locale, typeof value["currency"] === "string" ? value["currency"] : "EUR")}</>
  if (value.type === "date" && typeof v === "string") return <>{formatDate(v, locale)}</>
  if (value.type === "boolean" && typeof v === "boolean")
    return <>{t(v ? "rules.value.yes" : "rules.value.no")}</>
  const text = value["text"]
  return <>{isLocalized(text) ? text[locale] : "—"}</>
}
