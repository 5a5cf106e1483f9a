import type { QueryFacts } from "../../../src-shared/context"
import type { Entity, QueryIntent, QueryTopic } from "../../../src-shared/events/payloads"
import type { Locale, RiskTier } from "../../../src-shared/events/stages"

// The interpreter's result type, derived from the contract where the contract defines a shape.

export type Domain = "TAX" | "LABOR" | "COMPANY" | "FINANCE" | "OTHER"
export type CoarseIntent = "QUESTION" | "HOWTO" | "CHECKLIST" | "UNKNOWN"
export type JurisdictionHint = "HR" | "EU" | "OTHER" | "NONE"

export interface FoundAmount {
  value: number
  currency: "EUR" | "HRK"
  raw: string
  role: "turnover" | "transaction" | "unknown"
}

/** How asOfDate was chosen: an explicitly marked date, the only date given, or a single year. */
export type AsOfBasis = "explicit_date" | "single_date" | "month" | "year"

/** A date written in the question that is not on the calendar ("31.02.2025.", "2025-13-01"). */
export interface ImpossibleDate {
  /** As written in the (normalised) question, without a trailing full stop. */
  written: string
  year: number
  month: number
  day: number
}

export interface QueryInterpretation {
  original: string
  /** Lower-case, diacritics folded, control characters removed, whitespace collapsed. */
  normalized: string
  tokens: string[]
  keywords: string[]
  language: Locale
  topic: QueryTopic
  queryIntent: QueryIntent
  intent: CoarseIntent
  domain: Domain
  /** country: ISO 3166-1 alpha-2 code, set only when hint is OTHER. */
  jurisdiction: { hint: JurisdictionHint; country?: string }
  /** The foreign country a trip in the question goes to (ISO code), or "ABROAD" when it names none ("u inozemstvo"). */
  destinationAbroad?: string
  /** Goods sold or supplied to a business in another EU member state (ISO code of that state). */
  euGoodsSupplyTo?: string
  entities: Entity[]
  facts: QueryFacts
  amounts: FoundAmount[]
  years: number[]
  dates: string[]
  /** Dates the user wrote that do not exist; the run asks which date was meant. */
  impossibleDates: ImpossibleDate[]
  asOfDate?: string
  /** Why asOfDate was set (absent when asOfDate is absent). */
  asOfBasis?: AsOfBasis
  /** The first day of the period the question names (a month; a year, also for one of its quarters), when a deadline question moved asOfDate after it. */
  namedMonth?: string
  gibberishRatio: number
  confidence: number
  riskTier: RiskTier
  signals: string[]
}
