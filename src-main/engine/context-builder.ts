import { assumptionPath } from "../../src-shared/assumptions"
import type { EvaluationContext, FactSource, ProfileContext } from "../../src-shared/context"
import type { UserContextSnapshot } from "../../src-shared/events/payloads"
import type { QueryInterpretation } from "./interpret"
import { plainCopy } from "../util/plain-copy"

// Builds a run's evaluation context from the frozen profile snapshot and the facts found in the
// question, recording where every fact came from. Profile facts win over question facts: the
// question fills only what the profile leaves open.

export interface BuiltContext {
  context: EvaluationContext
  factSources: Record<string, FactSource>
  assumedDefaults: string[]
}

export interface ContextInputs {
  profile?: ProfileContext
  interpretation: QueryInterpretation
  requestAsOf?: string
  clockDate: string
}

export function buildEvaluationContext({
  profile,
  interpretation,
  requestAsOf,
  clockDate,
}: ContextInputs): BuiltContext {
  const factSources: Record<string, FactSource> = {}
  const assumedDefaults: string[] = []
  const asOf = requestAsOf ?? interpretation.asOfDate ?? clockDate
  factSources.asOf = requestAsOf || interpretation.asOfDate ? "query" : "assumed_default"
  if (!requestAsOf && !interpretation.asOfDate) assumedDefaults.push(`asOf = today (${clockDate})`)
  if (interpretation.jurisdiction.hint === "NONE") assumedDefaults.push("jurisdiction = HR")

  const context: EvaluationContext = { asOf }
  recordSources(profile ?? {}, "", "user_profile", factSources)
  const facts = interpretation.facts

  const entity = profile?.entity ? plainCopy(profile.entity) : undefined
  const queryType = facts.entityType ?? (facts.obrtSubtype ? "OBRT" : undefined)
  if (entity) {
    context.entity = entity
  } else if (queryType) {
    context.entity = { type: queryType }
    factSources["entity.type"] = "query"
    if (facts.obrtSubtype && queryType === "OBRT") {
      context.entity.obrtSubtype = facts.obrtSubtype
      factSources["entity.obrtSubtype"] = "query"
    }
  }
  if (!context.entity?.vat && facts.vatStatus) {
    context.entity = { ...context.entity, vat: { status: facts.vatStatus } }
    factSources["entity.vat.status"] = "query"
  }

  const counters = profile?.counters ? { ...profile.counters } : {}
  const turnover = interpretation.amounts.find((a) => a.role === "turnover" && a.currency === "EUR")
  if (counters.revenueYtd === undefined && turnover) {
    counters.revenueYtd = turnover.value
    factSources["counters.revenueYtd"] = "query"
  }
  if (Object.keys(counters).length > 0) context.counters = counters

  const txn = profile?.txn ? { ...profile.txn } : {}
  const transaction = interpretation.amounts.find((a) => a.role === "transaction" && a.currency === "EUR")
  if (txn.amount === undefined && transaction) {
    txn.amount = transaction.value
    factSources["txn.amount"] = "query"
  }
  if (Object.keys(txn).length > 0) context.txn = txn

  if (Object.keys(facts).length > 0) {
    context.query = { ...facts }
    recordSources(facts, "query", "query", factSources)
  }
  return { context, factSources: sortedRecord(factSources), assumedDefaults }
}

/**
 * The context once the user has said which date the question is about (the question's own date
 * did not exist): the date is now the user's statement, no longer an assumption.
 */
export function withAnsweredAsOf<T extends BuiltContext>(built: T, asOf: string): T {
  return {
    ...built,
    context: { ...built.context, asOf },
    factSources: sortedRecord({ ...built.factSources, asOf: "query" }),
    assumedDefaults: built.assumedDefaults.filter((code) => assumptionPath(code) !== "asOf"),
  }
}

function recordSources(
  value: object,
  prefix: string,
  source: FactSource,
  out: Record<string, FactSource>,
): void {
  for (const [key, member] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (member !== null && typeof member === "object") recordSources(member, path, source, out)
    else if (member !== undefined) out[path] = source
  }
}

function sortedRecord<V>(record: Record<string, V>): Record<string, V> {
  const out: Record<string, V> = {}
  for (const key of Object.keys(record).sort()) out[key] = record[key] as V
  return out
}

const BANDS: Array<[number, string]> = [
  [10_000, "< 10.000 EUR"],
  [50_000, "10.000–50.000 EUR"],
  [100_000, "50.000–100.000 EUR"],
  [1_000_000, "100.000–1.000.000 EUR"],
]

export function userContextSnapshot(
  context: EvaluationContext,
  assumedDefaults: string[],
): UserContextSnapshot {
  const status = context.entity?.vat?.status
  const snapshot: UserContextSnapshot = {
    vatStatus: status === "IN_VAT" ? "registered" : status === "OUTSIDE_VAT" ? "unregistered" : "unknown",
    jurisdiction: "HR",
    assumedDefaults: [...assumedDefaults],
  }
  const revenue = context.counters?.revenueYtd
  if (revenue !== undefined)
    snapshot.turnoverBand = BANDS.find(([limit]) => revenue < limit)?.[1] ?? "≥ 1.000.000 EUR"
  return snapshot
}
