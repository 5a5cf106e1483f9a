import type { QueryFacts } from "../../../src-shared/context"
import type { Entity } from "../../../src-shared/events/payloads"
import { extractAmounts, type AmountMatch } from "./amounts"
import { classifyCoarseIntent, classifyDomain, classifyQueryIntent, classifyRiskTier, classifyTopic } from "./classify"
import { interpretationConfidence } from "./confidence"
import { chooseAsOf, extractYears, relativeTimeNotes, scanDates, scanMonths } from "./dates"
import { findEntities, type EntityFindings } from "./entities"
import { gibberishRatio } from "./gibberish"
import { resolveJurisdiction, type JurisdictionResult } from "./jurisdiction"
import { extractServiceYears } from "./service-years"
import { detectLanguage, extractKeywords, prepareText, tokenize, toTokenLine } from "./text-utils"
import { extractTripDuration } from "./trip-duration"
import type { QueryInterpretation } from "./types"

// Stage 1 of seed 003: the deterministic, bilingual query interpreter. Pure: the same string
// always gives the same interpretation; no clock, no I/O. The pipeline's QUESTION_INTAKE and
// CONTEXT_RESOLUTION stages read this result and apply the gates (thresholds below).

export type { AsOfBasis, CoarseIntent, Domain, FoundAmount, ImpossibleDate, JurisdictionHint, QueryInterpretation } from "./types"
export {
  CONFIDENCE_THRESHOLD_CLARIFY,
  CONFIDENCE_THRESHOLD_STRICT,
  MAX_INTERPRETATION_CONFIDENCE,
  NONSENSE_RATIO_THRESHOLD,
} from "./confidence"
export { ITEMS } from "./items"
export { MAX_PROCESSED_CHARS } from "./text-utils"

const MAX_MONEY = 1e13 // the contract's ceiling for an amount (src-shared/context.ts)
const REFERS_BACK = new Set(["tim", "taj", "tom", "toga", "tog", "ta", "to", "ovo", "ovaj", "ovog", "ovom", "onaj", "onom", "that", "this", "it", "those", "these", "them", "isto"])

function buildFacts(
  findings: EntityFindings,
  amounts: readonly AmountMatch[],
  years: readonly number[],
  measures: Pick<QueryFacts, "tripHours" | "tripHoursBound" | "serviceYears">,
): QueryFacts {
  const facts: QueryFacts = {}
  const eur = amounts.find((a) => a.currency === "EUR" && a.value >= 0 && a.value <= MAX_MONEY)
  if (eur !== undefined) facts.amount = eur.value
  const [year] = years
  if (year !== undefined) facts.year = year
  const [item] = findings.items
  if (item !== undefined) facts.item = item.value
  const [entityType] = findings.entityTypes
  if (entityType !== undefined) {
    facts.entityType = entityType.value
    const [subtype] = findings.obrtSubtypes
    if (entityType.value === "OBRT" && subtype !== undefined) facts.obrtSubtype = subtype.value
  }
  if (findings.vatStatus !== undefined) facts.vatStatus = findings.vatStatus
  if (measures.tripHours !== undefined) facts.tripHours = measures.tripHours
  if (measures.tripHoursBound !== undefined) facts.tripHoursBound = measures.tripHoursBound
  if (measures.serviceYears !== undefined) facts.serviceYears = measures.serviceYears
  return facts
}

function distinct(values: readonly string[]): string[] {
  return [...new Set(values)]
}

function buildEntities(findings: EntityFindings, amounts: readonly AmountMatch[], years: readonly number[], dates: readonly string[], jurisdiction: JurisdictionResult): Entity[] {
  const entities: Entity[] = []
  for (const tax of distinct(findings.taxTypes.map((t) => t.value))) entities.push({ type: "TAX_TYPE", value: tax, confidence: tax === "TAX" ? 0.6 : 0.9 })
  for (const form of distinct(findings.entityTypes.map((e) => e.value))) entities.push({ type: "ENTITY_TYPE", value: form, confidence: 0.9 })
  for (const subtype of distinct(findings.obrtSubtypes.map((s) => s.value))) entities.push({ type: "OBRT_SUBTYPE", value: subtype, confidence: 0.9 })
  if (findings.vatStatus !== undefined) entities.push({ type: "VAT_STATUS", value: findings.vatStatus, confidence: 0.85 })
  for (const a of amounts) entities.push({ type: "AMOUNT", value: `${a.value} ${a.currency}`, confidence: a.currencyAssumed ? 0.6 : 0.9 })
  for (const d of distinct(dates)) entities.push({ type: "DATE", value: d, confidence: 0.95 })
  for (const y of years) entities.push({ type: "YEAR", value: String(y), confidence: 0.9 })
  for (const item of distinct(findings.items.map((i) => i.value))) entities.push({ type: "ITEM", value: item, confidence: 0.85 })
  for (const country of jurisdiction.countries) entities.push({ type: "COUNTRY", value: country, confidence: 0.9 })
  return entities
}

/**
 * The amounts, dates and years the question names and the as-of date they give, with their
 * signals appended to `signals` in the order the interpretation has always listed them.
 */
function readAmountsAndDates(normalized: string, signals: string[]) {
  const amounts = extractAmounts(normalized)
  const scanned = scanDates(normalized)
  const dateMatches = scanned.dates
  const dates = dateMatches.map((d) => d.iso)
  const impossibleDates = scanned.impossible.map(({ written, year, month, day }) => ({ written, year, month, day }))
  const years = extractYears(normalized, dateMatches, amounts, scanned.impossible)
  const asOf = chooseAsOf(normalized, dateMatches, years, scanMonths(normalized, scanned))
  signals.push(asOf.note, ...relativeTimeNotes(normalized))
  for (const d of impossibleDates) signals.push(`date:impossible:${d.written}`)
  for (const a of amounts) signals.push(`amount:${a.value}${a.currency}:${a.role}${a.currencyAssumed ? ":currency_assumed" : ""}`)
  return { amounts, dates, impossibleDates, years, asOf }
}

/** How many kinds of context the question gives (amount, time, entity, VAT status, item, place): 0 to 6. */
function contextFactCount(findings: EntityFindings, amounts: readonly AmountMatch[], dates: readonly string[], years: readonly number[], jurisdiction: JurisdictionResult): number {
  return (
    (amounts.length > 0 ? 1 : 0) +
    (dates.length > 0 || years.length > 0 ? 1 : 0) +
    (findings.entityTypes.length > 0 ? 1 : 0) +
    (findings.vatStatus !== undefined ? 1 : 0) +
    (findings.items.length > 0 ? 1 : 0) +
    (jurisdiction.hint !== "NONE" ? 1 : 0)
  )
}

/** Does the question name what it is about (a tax, a domain, a product or support question)? */
function hasSubject(findings: EntityFindings, queryIntent: QueryInterpretation["queryIntent"], domainScore: number, topic: QueryInterpretation["topic"]): boolean {
  // A rate question about a named item ("stopa za ugostiteljske usluge") is a VAT question.
  const itemRateQuestion = findings.items.length > 0 && queryIntent === "RATE"
  return findings.taxTypes.length > 0 || domainScore >= 1 || itemRateQuestion || topic === "PRODUCT" || topic === "SUPPORT"
}

export function interpretQuestion(question: string): QueryInterpretation {
  const signals: string[] = []
  const { processed, truncated, normalized } = prepareText(question)
  if (truncated) signals.push(`truncated:${question.length}->${processed.length}`)
  const tokens = tokenize(normalized)
  const line = toTokenLine(tokens)
  const keywords = extractKeywords(tokens)

  const lang = detectLanguage(processed, tokens)
  signals.push(`lang:${lang.language}(hr=${lang.hr},en=${lang.en})`)

  const { amounts, dates, impossibleDates, years, asOf } = readAmountsAndDates(normalized, signals)

  const findings = findEntities(line, tokens)
  const trip = extractTripDuration(normalized)
  if (trip.note !== undefined) signals.push(trip.note)
  const service = extractServiceYears(normalized)
  if (service.note !== undefined) signals.push(service.note)
  const facts = buildFacts(findings, amounts, years, { tripHours: trip.hours, tripHoursBound: trip.bound, serviceYears: service.years })
  if (new Set(findings.entityTypes.map((e) => e.value)).size > 1) signals.push("entity_type:multiple")
  if (findings.items.length > 0) signals.push(`item:${findings.items.map((i) => i.value).join(",")}`)

  const jurisdiction = resolveJurisdiction(processed, line, tokens)
  signals.push(jurisdiction.note)

  const topic = classifyTopic(line, tokens)
  const queryIntent = classifyQueryIntent(line, {
    hasTurnoverAmount: amounts.some((a) => a.role === "turnover"),
    hasAmount: amounts.length > 0,
    hasItem: findings.items.length > 0,
    mentionsPercent: normalized.includes("%"),
  })
  const intent = classifyCoarseIntent(processed, line, tokens)
  const domain = classifyDomain(tokens, findings.entityTypes.length)
  const risk = classifyRiskTier(tokens)
  signals.push(topic.note, queryIntent.note, `intent:${intent}`, domain.note, risk.note)

  const gibberish = gibberishRatio(processed, tokens)
  signals.push(`gibberish:${gibberish.ratio}(${gibberish.gibberish + gibberish.unreadable}/${gibberish.judged})`)
  if (gibberish.unreadable > 0) signals.push("unreadable_units")

  const confidence = interpretationConfidence({
    topic: topic.topic,
    hasSubject: hasSubject(findings, queryIntent.queryIntent, domain.score, topic.topic),
    hasAspect: queryIntent.queryIntent !== "GENERAL",
    contextFacts: contextFactCount(findings, amounts, dates, years, jurisdiction),
    isQuestionForm: intent !== "UNKNOWN",
    tokenCount: tokens.length,
    refersBack: tokens.some((t) => REFERS_BACK.has(t)),
    gibberishRatio: gibberish.ratio,
  })
  signals.push(confidence.note)

  const result: QueryInterpretation = {
    original: question,
    normalized,
    tokens,
    keywords,
    language: lang.language,
    topic: topic.topic,
    queryIntent: queryIntent.queryIntent,
    intent,
    domain: domain.domain,
    jurisdiction: jurisdiction.country === undefined ? { hint: jurisdiction.hint } : { hint: jurisdiction.hint, country: jurisdiction.country },
    entities: buildEntities(findings, amounts, years, dates, jurisdiction),
    facts,
    amounts: amounts.map((a) => ({ value: a.value, currency: a.currency, raw: a.raw, role: a.role })),
    years,
    dates,
    impossibleDates,
    gibberishRatio: gibberish.ratio,
    confidence: confidence.confidence,
    riskTier: risk.riskTier,
    signals,
  }
  if (jurisdiction.destinationAbroad !== undefined) result.destinationAbroad = jurisdiction.destinationAbroad
  if (jurisdiction.euGoodsSupplyTo !== undefined) result.euGoodsSupplyTo = jurisdiction.euGoodsSupplyTo
  if (asOf.asOfDate !== undefined && asOf.basis !== undefined) {
    result.asOfDate = asOf.asOfDate
    result.asOfBasis = asOf.basis
  }
  return result
}
