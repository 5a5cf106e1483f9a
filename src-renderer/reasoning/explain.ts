import type { DriverValue, RuleExclusion } from "../../src-shared/events/payloads"
import type { Locale } from "../../src-shared/events/stages"
import { EntityType, ObrtSubtype, VatStatus } from "../../src-shared/context"
import { formatNumber, neededDecimals } from "../../src-shared/format/numbers"
import { pluralForm } from "../../src-shared/format/plural"
import type { MessageKey } from "../i18n/catalog"
import { isMessageKey, translate } from "../i18n/translate"
import { formatDate } from "../format/dates"
import { formatMoney } from "../format/money"

// Rule exclusions and facts in words: "Excluded because your turnover (65.000,00 EUR) exceeds the
// threshold (60.000,00 EUR)". The engine already formats expected/actual for people; this module
// adds the fact's name and the sentence, and formats raw values it may still receive.

const MONEY_FACTS = new Set([
  "counters.revenueYtd",
  "counters.revenuePriorYear",
  "txn.amount",
  "query.amount",
])
// Facts that count something, shown with the noun that agrees with the number ("10 sati",
// "22 godine"), not as a bare number a reader would have to guess the unit of.
const COUNTED_FACTS: Record<string, "hours" | "years"> = {
  "query.tripHours": "hours",
  "query.serviceYears": "years",
}
const ENUM_FACTS: Record<string, { prefix: string; values: readonly string[] }> = {
  "entity.type": { prefix: "entityType", values: EntityType.options },
  "query.entityType": { prefix: "entityType", values: EntityType.options },
  "entity.obrtSubtype": { prefix: "obrtSubtype", values: ObrtSubtype.options },
  "query.obrtSubtype": { prefix: "obrtSubtype", values: ObrtSubtype.options },
  "entity.vat.status": { prefix: "vat", values: VatStatus.options },
  "query.vatStatus": { prefix: "vat", values: VatStatus.options },
}

/** The fact's name for use inside a sentence ("your turnover", "vaš promet"). */
export function factLabel(path: string | undefined, locale: Locale): string {
  if (!path) return translate(locale, "common.unknown")
  const key = `fact.${path}`
  return isMessageKey(key) ? translate(locale, key) : translate(locale, "fact.unknownPath", { path })
}

/** "10 sati", "10,5 sata", "1 hour"; "15 godina", "22 godine", "1 year". */
function formatCount(unit: "hours" | "years", value: number, locale: Locale): string {
  const decimals = neededDecimals(value)
  // A decimal count takes the genitive singular in Croatian ("2,5 sata") and the plural in English.
  const form = decimals > 0 ? "few" : pluralForm(value, locale)
  return translate(locale, `fact.count.${unit}.${form}`, { n: formatNumber(value, locale, decimals) })
}

/** A fact value for people: money, counts, dates, yes/no and enum names; other text as given. */
export function formatFactValue(path: string | undefined, value: DriverValue, locale: Locale): string {
  if (value === null) return translate(locale, "common.unknown")
  if (typeof value === "boolean") return translate(locale, value ? "common.yes" : "common.no")
  if (typeof value === "number") {
    const unit = path ? COUNTED_FACTS[path] : undefined
    if (unit) return formatCount(unit, value, locale)
    return path && MONEY_FACTS.has(path) ? formatMoney(value, locale) : String(value)
  }
  const enumInfo = path ? ENUM_FACTS[path] : undefined
  if (enumInfo && enumInfo.values.includes(value)) {
    const key = `${enumInfo.prefix}.${value}`
    if (isMessageKey(key)) return translate(locale, key)
  }
  if (path === "asOf") return formatDate(value, locale)
  return value
}

const LEADING_OPERATOR = /^\s*(<=|>=|!=|==|≤|≥|≠|<|>|=)\s*/

/** A value string from an exclusion: raw numbers of money facts become money, the rest stays. */
function valueText(path: string | undefined, text: string, locale: Locale, keepOperator: boolean): string {
  const operator = LEADING_OPERATOR.exec(text)?.[1] ?? ""
  const rest = text.replace(LEADING_OPERATOR, "")
  let body: string
  if (path && MONEY_FACTS.has(path) && /^-?\d+(\.\d+)?$/.test(rest)) body = formatMoney(Number(rest), locale)
  else if (path && COUNTED_FACTS[path] && /^\d+(\.\d+)?$/.test(rest)) body = formatFactValue(path, Number(rest), locale)
  else if (path && ENUM_FACTS[path]) body = formatFactValue(path, rest, locale)
  else body = rest.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (iso) => formatDate(iso, locale))
  // "=" adds nothing in a sentence ("applies when it is obrt"); the other comparisons do.
  const symbol =
    ({ "<=": "≤", ">=": "≥", "!=": "≠", "==": "", "=": "" } as Record<string, string>)[operator] ?? operator
  return keepOperator && symbol ? `${symbol} ${body}` : body
}

/** One exclusion as a sentence in the UI language. */
export function exclusionText(exclusion: RuleExclusion, locale: Locale): string {
  const path = exclusion.factPath
  // Without a fact (e.g. a rule that is only proposed) there is nothing to name; say what differs.
  const key: MessageKey =
    path || exclusion.code === "DATE_MISMATCH" ? `exclusion.${exclusion.code}` : "exclusion.generic"
  const thresholdSentence = exclusion.code === "THRESHOLD_EXCEEDED"
  return translate(locale, key, {
    fact: factLabel(path, locale),
    actual: valueText(path, exclusion.actual, locale, !thresholdSentence),
    expected: valueText(path, exclusion.expected, locale, !thresholdSentence),
  })
}

/** The facts of an evaluation context as (path, value) pairs, e.g. ["counters.revenueYtd", 65000]. */
export function flattenFacts(context: object, prefix = ""): Array<[string, string | number | boolean]> {
  const out: Array<[string, string | number | boolean]> = []
  for (const [key, value] of Object.entries(context)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
      out.push([path, value])
    else if (value !== null && typeof value === "object" && !Array.isArray(value))
      out.push(...flattenFacts(value, path))
  }
  return out
}

/** "vaš promet" -> "Vaš promet", for a fact name used as a label. */
export function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1)
}
