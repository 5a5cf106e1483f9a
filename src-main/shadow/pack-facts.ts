import type { LoadedPack } from "../knowledge/loader"
import type { Rule } from "../knowledge/pack-schema"
import { canonicalJson } from "../util/canonical-json"

// What the shadow reads of a pack besides running it: every rule by id (drafts too: a recorded
// answer may cite a rule that a later pack demoted), which texts are rules' statements and which are
// obligations (an answer lists a rule's statement among its obligations when the rule imposes
// none), and which rules a candidate changes compared with a baseline. Cached per loaded pack.

export interface PackFacts {
  readonly rules: ReadonlyMap<string, Rule>
  readonly conceptNames: ReadonlyMap<string, { hr: string; en: string }>
  readonly statements: ReadonlySet<string>
  readonly obligations: ReadonlySet<string>
  /** Each rule's definition as the answer sees it: the rule, its concept and its evidence, as canonical JSON. */
  readonly definitions: ReadonlyMap<string, string>
}

const cache = new WeakMap<LoadedPack, PackFacts>()

export function packFacts(loaded: LoadedPack): PackFacts {
  let facts = cache.get(loaded)
  if (facts === undefined) {
    facts = buildFacts(loaded)
    cache.set(loaded, facts)
  }
  return facts
}

function buildFacts(loaded: LoadedPack): PackFacts {
  const { pack } = loaded
  const concepts = new Map(pack.concepts.map((c) => [c.slug, c]))
  const evidence = new Map(pack.evidence.map((e) => [e.id, e]))
  const rules = new Map<string, Rule>()
  const statements = new Set<string>()
  const obligations = new Set<string>()
  const definitions = new Map<string, string>()
  for (const rule of pack.rules) {
    rules.set(rule.id, rule)
    statements.add(rule.statement.hr).add(rule.statement.en)
    for (const o of rule.obligations) obligations.add(o.hr).add(o.en)
    const cited = rule.evidenceIds.map((id) => evidence.get(id) ?? null)
    definitions.set(rule.id, canonicalJson({ rule, concept: concepts.get(rule.conceptSlug) ?? null, evidence: cited }))
  }
  const conceptNames = new Map(pack.concepts.map((c) => [c.slug, { hr: c.nameHr, en: c.nameEn }]))
  return { rules, conceptNames, statements, obligations, definitions }
}

const changedCache = new WeakMap<LoadedPack, WeakMap<LoadedPack, ReadonlySet<string>>>()

/** Rules the candidate adds, removes or defines otherwise (its own fields, its concept or its evidence). */
export function changedRuleIds(baseline: LoadedPack, candidate: LoadedPack): ReadonlySet<string> {
  let byCandidate = changedCache.get(baseline)
  if (byCandidate === undefined) {
    byCandidate = new WeakMap()
    changedCache.set(baseline, byCandidate)
  }
  let changed = byCandidate.get(candidate)
  if (changed === undefined) {
    changed = diffDefinitions(packFacts(baseline).definitions, packFacts(candidate).definitions)
    byCandidate.set(candidate, changed)
  }
  return changed
}

function diffDefinitions(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): ReadonlySet<string> {
  const changed = new Set<string>()
  if (before === after) return changed
  for (const [id, definition] of before) if (after.get(id) !== definition) changed.add(id)
  for (const id of after.keys()) if (!before.has(id)) changed.add(id)
  return changed
}
