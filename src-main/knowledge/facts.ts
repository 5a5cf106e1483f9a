import type { EvaluationContext, FactSource } from "../../src-shared/context"
import type { Locale } from "../../src-shared/events/stages"
import { HOURS } from "../../src-shared/format/age"
import { neededDecimals } from "../../src-shared/format/numbers"
import { plural, type PluralForms } from "../../src-shared/format/plural"
import { formatDate, formatMoney, formatNumber } from "./format"

// The facts a rule can read: how to fetch one from an evaluation context by its path, what it
// is called, how its values read to people, and which values it can take.

export type FactValue = string | number | boolean

type Localized = { hr: string; en: string }
type FactKind = "money" | "number" | "hours" | "years" | "date" | "enum" | "boolean" | "text"

interface FactInfo {
  label: Localized
  kind: FactKind
  values?: Record<string, Localized>
}

const ENTITY_TYPES: Record<string, Localized> = {
  DOO: { hr: "d.o.o.", en: "d.o.o. (LLC)" },
  JDOO: { hr: "j.d.o.o.", en: "j.d.o.o. (simple LLC)" },
  OBRT: { hr: "obrt", en: "craft (obrt)" },
  UDRUGA: { hr: "udruga", en: "association" },
  OTHER: { hr: "drugo", en: "other" },
}
const OBRT_SUBTYPES: Record<string, Localized> = {
  PAUSALNI: { hr: "paušalni obrt", en: "flat-rate craft (paušalni obrt)" },
  DOHODAS: { hr: "obrt – porez na dohodak", en: "craft taxed on income" },
  DOBITAS: { hr: "obrt – porez na dobit", en: "craft taxed on profit" },
}
const VAT_STATUSES: Record<string, Localized> = {
  IN_VAT: { hr: "u sustavu PDV-a", en: "in the VAT system" },
  OUTSIDE_VAT: { hr: "izvan sustava PDV-a", en: "outside the VAT system" },
  UNKNOWN: { hr: "nepoznat status PDV-a", en: "unknown VAT status" },
}

const FACTS: Record<string, FactInfo> = {
  asOf: { label: { hr: "Datum", en: "Date" }, kind: "date" },
  "entity.type": { label: { hr: "Vrsta subjekta", en: "Entity type" }, kind: "enum", values: ENTITY_TYPES },
  "entity.obrtSubtype": {
    label: { hr: "Vrsta obrta", en: "Type of craft" },
    kind: "enum",
    values: OBRT_SUBTYPES,
  },
  "entity.vat.status": {
    label: { hr: "Status PDV-a", en: "VAT status" },
    kind: "enum",
    values: VAT_STATUSES,
  },
  "entity.activityNkd": { label: { hr: "Djelatnost (NKD)", en: "Activity (NKD)" }, kind: "text" },
  "entity.location.country": { label: { hr: "Država", en: "Country" }, kind: "text" },
  "entity.location.county": { label: { hr: "Županija", en: "County" }, kind: "text" },
  "counters.revenueYtd": { label: { hr: "Promet", en: "Turnover" }, kind: "money" },
  "counters.revenuePriorYear": {
    label: { hr: "Promet prethodne godine", en: "Prior-year turnover" },
    kind: "money",
  },
  "txn.kind": {
    label: { hr: "Vrsta isporuke", en: "Supply type" },
    kind: "enum",
    values: { GOODS: { hr: "dobra", en: "goods" }, SERVICES: { hr: "usluge", en: "services" } },
  },
  "txn.paymentMethod": {
    label: { hr: "Način plaćanja", en: "Payment method" },
    kind: "enum",
    values: {
      CASH: { hr: "gotovina", en: "cash" },
      CARD: { hr: "kartica", en: "card" },
      TRANSFER: { hr: "transakcijski račun", en: "bank transfer" },
      OTHER: { hr: "drugo", en: "other" },
    },
  },
  "txn.amount": { label: { hr: "Iznos transakcije", en: "Transaction amount" }, kind: "money" },
  "txn.b2b": { label: { hr: "Kupac je poduzetnik (B2B)", en: "Buyer is a business (B2B)" }, kind: "boolean" },
  "txn.crossBorderEu": {
    label: { hr: "Isporuka u drugu državu EU", en: "Supply to another EU country" },
    kind: "boolean",
  },
  "query.amount": { label: { hr: "Iznos iz pitanja", en: "Amount in the question" }, kind: "money" },
  "query.year": { label: { hr: "Godina", en: "Year" }, kind: "number" },
  "query.item": { label: { hr: "Predmet", en: "Item" }, kind: "text" },
  "query.entityType": {
    label: { hr: "Vrsta subjekta", en: "Entity type" },
    kind: "enum",
    values: ENTITY_TYPES,
  },
  "query.obrtSubtype": {
    label: { hr: "Vrsta obrta", en: "Type of craft" },
    kind: "enum",
    values: OBRT_SUBTYPES,
  },
  "query.vatStatus": { label: { hr: "Status PDV-a", en: "VAT status" }, kind: "enum", values: VAT_STATUSES },
  "query.tripHours": { label: { hr: "Trajanje puta", en: "Trip duration" }, kind: "hours" },
  "query.serviceYears": { label: { hr: "Godine staža", en: "Years of service" }, kind: "years" },
}


/** "10 sati", "1 sat", "22 sata", "10,5 sata" / "10 hours", "1 hour", "10.5 hours". */
export function formatHours(value: number, locale: Locale): string {
  const decimals = neededDecimals(value)
  const number = formatNumber(value, locale, decimals)
  // A decimal count takes the genitive singular in Croatian ("2,5 sata") and the plural in English.
  if (decimals > 0) return `${number} ${locale === "hr" ? HOURS.hr.few : HOURS.en.other}`
  return `${number} ${plural(value, locale, HOURS)}`
}

const YEARS: PluralForms = { hr: { one: "godina", few: "godine", other: "godina" }, en: { one: "year", other: "years" } }

/** "15 godina", "1 godina", "22 godine" / "15 years", "1 year": a whole count of years. */
export function formatYears(value: number, locale: Locale): string {
  return `${formatNumber(value, locale, 0)} ${plural(value, locale, YEARS)}`
}

/** Reads a fact by path ("counters.revenueYtd", "asOf"); undefined when absent. */
export function readFact(context: EvaluationContext, path: string): FactValue | undefined {
  let node: unknown = context
  for (const segment of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined
    node = (node as Record<string, unknown>)[segment]
  }
  return typeof node === "string" || typeof node === "number" || typeof node === "boolean" ? node : undefined
}

export function factLabel(path: string, locale: Locale): string {
  return FACTS[path]?.label[locale] ?? path
}

export function isMoneyFact(path: string): boolean {
  return FACTS[path]?.kind === "money"
}

/** True for facts that are a plain count or measure (a year, hours, years of service): set as numbers, not text. */
export function isNumberFact(path: string): boolean {
  const kind = FACTS[path]?.kind
  return kind === "number" || kind === "hours" || kind === "years"
}

/** True for facts about where the client is (JURISDICTION_MISMATCH exclusions). */
export function isLocationFact(path: string): boolean {
  return path.startsWith("entity.location.")
}

/** Facts that belong in a client profile rather than in the question. */
export function isProfileFact(path: string): boolean {
  return path.startsWith("entity.") || path.startsWith("counters.") || path.startsWith("txn.")
}

export function formatFactValue(path: string, value: FactValue, locale: Locale): string {
  const info = FACTS[path]
  if (typeof value === "number") {
    if (info?.kind === "money") return formatMoney(value, locale)
    if (info?.kind === "hours") return formatHours(value, locale)
    if (info?.kind === "years") return formatYears(value, locale)
    return info?.kind === "number" ? String(value) : formatNumber(value, locale)
  }
  if (typeof value === "boolean") return locale === "hr" ? (value ? "da" : "ne") : value ? "yes" : "no"
  if (info?.kind === "date") return formatDate(value, locale)
  return info?.values?.[value]?.[locale] ?? value
}

/** The values a fact can take, for conditional branches; undefined for open-ended facts. */
export function enumerableValues(path: string): FactValue[] | undefined {
  const info = FACTS[path]
  if (!info) return undefined
  if (info.kind === "boolean") return [true, false]
  if (info.kind === "enum" && info.values)
    return Object.keys(info.values).filter((v) => v !== "UNKNOWN" && v !== "OTHER")
  return undefined
}

/** Where a fact came from; facts that are absent would come from the profile (or the question). */
export function sourceOfFact(
  path: string,
  present: boolean,
  factSources: Record<string, FactSource>,
): FactSource {
  const recorded = factSources[path]
  if (recorded) return recorded
  if (path.startsWith("query.")) return "query"
  return present ? "assumed_default" : "user_profile"
}
