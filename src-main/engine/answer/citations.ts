import type { Citation } from "../../../src-shared/events/payloads"
import type { PackIndex } from "../../knowledge/pack-index"
import type { Rule } from "../../knowledge/pack-schema"

// Citations (seed 003 §3.2): the primary citation is the first evidence of the leading rule;
// up to three supporting ones follow from its other evidence and from the other rules.

export const MAX_SUPPORTING = 3

export function buildCitations(index: PackIndex, rules: readonly Rule[]): Citation[] {
  const citations: Citation[] = []
  const used = new Set<string>()
  const add = (rule: Rule, evidenceId: string) => {
    if (used.has(evidenceId) || citations.length >= 1 + MAX_SUPPORTING) return
    const evidence = index.evidence.get(evidenceId)
    const source = evidence ? index.sources.get(evidence.sourceId) : undefined
    if (!evidence || !source) return
    used.add(evidenceId)
    citations.push({
      evidenceId,
      ruleId: rule.id,
      role: citations.length === 0 ? "primary" : "supporting",
      title: evidence.title,
      sourceName: source.name,
      authority: source.authority,
      url: evidence.url,
      quote: evidence.quote,
      fetchedAt: evidence.fetchedAt,
    })
  }
  // First evidence of every rule before the second evidence of any: more independent support.
  const depth = Math.max(0, ...rules.map((r) => r.evidenceIds.length))
  for (let i = 0; i < depth; i++)
    for (const rule of rules) {
      const id = rule.evidenceIds[i]
      if (id !== undefined) add(rule, id)
    }
  return citations
}
