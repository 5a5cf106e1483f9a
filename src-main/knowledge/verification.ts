import type { PackIndex } from "./pack-index"
import type { Rule, Verification } from "./pack-schema"

/**
 * How well a rule's value is confirmed, as far as the pack's own citations show it. The pack's
 * tag records what research found; an answer can only show what the rule cites. A rule tagged
 * "confirmed by two independent sources" that cites one source is, to the reader, a fact stated
 * by a single secondary source, and is said to be so (its confidence and limits follow), rather
 * than claim a second source nobody can open.
 */
export function citedVerification(index: PackIndex, rule: Rule): Verification | undefined {
  if (rule.verification !== "CONFIRMED_SECONDARY") return rule.verification
  return citedSourceCount(index, rule) >= 2 ? "CONFIRMED_SECONDARY" : "SINGLE_SECONDARY"
}

/** The distinct sources a rule's evidence comes from. */
export function citedSourceCount(index: PackIndex, rule: Rule): number {
  return citedSources(rule, index.evidence).size
}

/** The ids of the distinct sources a rule's evidence comes from (the pack linter names them). */
export function citedSources(rule: Rule, evidence: ReadonlyMap<string, { sourceId: string }>): Set<string> {
  return new Set(rule.evidenceIds.flatMap((id) => evidence.get(id)?.sourceId ?? []))
}
