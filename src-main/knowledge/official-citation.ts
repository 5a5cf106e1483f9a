import type { Authority } from "../../src-shared/events/stages"
import type { Rule, RulePack } from "./pack-schema"
import { quoteStatesValue } from "./quote-value"

// Does a rule cite the best source its own evidence holds? Issue 18 asks for official sources
// "where the notes have them". Every quote from the notes or the stored-page search that a rule
// can use is already among its evidence records, so the pack itself answers the question, with no
// file outside the repository: a rule resting on PRACTICE whose evidence also holds a law,
// regulation or guidance quote that states its value should lead with that quote. Pure.

const OFFICIAL: ReadonlySet<Authority> = new Set(["LAW", "REGULATION", "GUIDANCE"])

export interface OfficialCitation {
  /** Rules whose primary (first) source is LAW, REGULATION or GUIDANCE. */
  officialFirst: string[]
  /** PRACTICE rules citing, further down, an official quote that states their value: cite it first. */
  officialAvailableNotFirst: string[]
  /** PRACTICE rules citing an official quote whose value cannot be checked (a yes/no or a text without numbers). */
  officialUnchecked: string[]
  /** PRACTICE rules citing an official quote that does not state their value (it supports only the context). */
  officialWithoutValue: string[]
  /** Share of rules citing an official source first among the rules whose evidence holds one that states the value. */
  shareWhereAvailable: number
}

export function officialCitation(pack: RulePack): OfficialCitation {
  const authorityOf = evidenceAuthorities(pack)
  const result: OfficialCitation = {
    officialFirst: [],
    officialAvailableNotFirst: [],
    officialUnchecked: [],
    officialWithoutValue: [],
    shareWhereAvailable: 0,
  }
  for (const rule of pack.rules) {
    if (OFFICIAL.has(rule.authority)) {
      result.officialFirst.push(rule.id)
      continue
    }
    const verdicts = officialQuotesFurtherDown(rule, pack, authorityOf)
    if (verdicts.includes(true)) result.officialAvailableNotFirst.push(rule.id)
    else if (verdicts.includes(null)) result.officialUnchecked.push(rule.id)
    else if (verdicts.length > 0) result.officialWithoutValue.push(rule.id)
  }
  const where = result.officialFirst.length + result.officialAvailableNotFirst.length
  result.shareWhereAvailable = where === 0 ? 0 : result.officialFirst.length / where
  return result
}

/** The authority of each evidence record, by its source. */
function evidenceAuthorities(pack: RulePack): Map<string, Authority> {
  const sources = new Map(pack.sources.map((s) => [s.id, s.authority]))
  const byEvidence = new Map<string, Authority>()
  for (const e of pack.evidence) {
    const authority = sources.get(e.sourceId)
    if (authority !== undefined) byEvidence.set(e.id, authority)
  }
  return byEvidence
}

/** For each official record after the first: does its quote state the rule's value (null: not checkable)? */
function officialQuotesFurtherDown(rule: Rule, pack: RulePack, authorityOf: ReadonlyMap<string, Authority>): (boolean | null)[] {
  const quotes = new Map(pack.evidence.map((e) => [e.id, e.quote]))
  return rule.evidenceIds.slice(1).flatMap((id) => {
    const authority = authorityOf.get(id)
    const quote = quotes.get(id)
    if (authority === undefined || quote === undefined || !OFFICIAL.has(authority)) return []
    return [quoteStatesValue(quote, rule.value)]
  })
}
