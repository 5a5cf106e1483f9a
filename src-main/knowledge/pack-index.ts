import type { LoadedPack } from "./loader"
import type { Concept, ConflictNote, Evidence, PackSource, Rule, Topic } from "./pack-schema"
import { foldDiacritics, indexKeys, tokenize } from "./text"

// Lookup structures built ONCE per loaded pack (cached by identity), so that a run never scans
// every concept or rule: keyword -> concepts, concept -> published rules, ids -> records.

export interface WordTerm {
  slug: string
  /** The keyword as the pack spells it (reported in matchedBy). */
  term: string
  /** Folded form: identifies the term across concepts. */
  folded: string
  /** The concept's place in slug order (PackIndex.conceptSlugs), for array-backed scoring. */
  slot: number
  /** 1 / sqrt(number of concepts using the term): rarer terms say more. */
  weight: number
}

export interface PhraseTerm extends WordTerm {
  /** Index keys of every word of the phrase, in order. */
  words: string[][]
}

export interface PackIndex {
  readonly concepts: ReadonlyMap<string, Concept>
  /** Every concept slug in code-unit order; a term's `slot` is its concept's place here. */
  readonly conceptSlugs: readonly string[]
  readonly topics: ReadonlyMap<string, Topic>
  readonly sources: ReadonlyMap<string, PackSource>
  readonly evidence: ReadonlyMap<string, Evidence>
  readonly rules: ReadonlyMap<string, Rule>
  /** PUBLISHED rules per concept slug, sorted by id. */
  readonly rulesByConcept: ReadonlyMap<string, readonly Rule[]>
  readonly conceptsByTopic: ReadonlyMap<string, readonly Concept[]>
  readonly conflictsByRule: ReadonlyMap<string, readonly ConflictNote[]>
  /** Index key -> single-word keywords. */
  readonly words: ReadonlyMap<string, readonly WordTerm[]>
  /** Index key of a phrase's first word -> phrases (aliases and multi-word keywords). */
  readonly phrases: ReadonlyMap<string, readonly PhraseTerm[]>
  /** Folded term -> how many concepts use it (rarer terms say more). */
  readonly termConceptCount: ReadonlyMap<string, number>
  /** First four folded letters of keywords -> concept slugs, for "did you mean" options. */
  readonly prefixes: ReadonlyMap<string, readonly string[]>
}

const cache = new WeakMap<LoadedPack, PackIndex>()

/** The concepts of these slugs, in their order; a slug the pack does not have is left out. */
export function conceptsOf(index: PackIndex, slugs: readonly string[]): Concept[] {
  return slugs.flatMap((slug) => {
    const concept = index.concepts.get(slug)
    return concept ? [concept] : []
  })
}

export function packIndex(loaded: LoadedPack): PackIndex {
  let index = cache.get(loaded)
  if (!index) {
    index = buildIndex(loaded)
    cache.set(loaded, index)
  }
  return index
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

function buildIndex(loaded: LoadedPack): PackIndex {
  const { pack } = loaded
  const rulesByConcept = new Map<string, Rule[]>()
  for (const rule of pack.rules) if (rule.status === "PUBLISHED") push(rulesByConcept, rule.conceptSlug, rule)
  for (const list of rulesByConcept.values()) list.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))

  const conceptsByTopic = new Map<string, Concept[]>()
  const words = new Map<string, WordTerm[]>()
  const phrases = new Map<string, PhraseTerm[]>()
  const termConcepts = new Map<string, Set<string>>()
  const prefixes = new Map<string, string[]>()
  for (const concept of pack.concepts) {
    push(conceptsByTopic, concept.topic, concept)
    const terms = new Set([...concept.keywords, ...concept.aliases])
    for (const term of terms) indexTerm(concept.slug, term, words, phrases, termConcepts, prefixes)
  }

  const conflictsByRule = new Map<string, ConflictNote[]>()
  for (const note of pack.conflicts) for (const id of note.ruleIds) push(conflictsByRule, id, note)

  const termConceptCount = new Map<string, number>()
  for (const [term, slugs] of termConcepts) termConceptCount.set(term, slugs.size)
  const conceptSlugs = pack.concepts.map((c) => c.slug).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const slots = new Map(conceptSlugs.map((slug, slot) => [slug, slot]))
  for (const list of [...words.values(), ...phrases.values()])
    for (const term of list) {
      term.slot = slots.get(term.slug) ?? 0
      term.weight = 1 / Math.sqrt(termConceptCount.get(term.folded) ?? 1)
    }

  return {
    concepts: new Map(pack.concepts.map((c) => [c.slug, c])),
    conceptSlugs,
    topics: new Map(pack.topics.map((t) => [t.id, t])),
    sources: new Map(pack.sources.map((s) => [s.id, s])),
    evidence: new Map(pack.evidence.map((e) => [e.id, e])),
    rules: new Map(pack.rules.map((r) => [r.id, r])),
    rulesByConcept,
    conceptsByTopic,
    conflictsByRule,
    words,
    phrases,
    termConceptCount,
    prefixes,
  }
}

function indexTerm(
  slug: string,
  term: string,
  words: Map<string, WordTerm[]>,
  phrases: Map<string, PhraseTerm[]>,
  termConcepts: Map<string, Set<string>>,
  prefixes: Map<string, string[]>,
): void {
  const tokens = tokenize(term)
  const first = tokens[0]
  if (first === undefined) return
  const folded = foldDiacritics(term)
  const owners = termConcepts.get(folded) ?? new Set<string>()
  owners.add(slug)
  termConcepts.set(folded, owners)
  if (tokens.length === 1) {
    // slot and weight are set once every concept is indexed (buildIndex).
    for (const key of indexKeys(first)) push(words, key, { slug, term, folded, slot: 0, weight: 1 })
  } else {
    const entry: PhraseTerm = { slug, term, folded, slot: 0, weight: 1, words: tokens.map(indexKeys) }
    for (const key of indexKeys(first)) push(phrases, key, entry)
  }
  for (const token of tokens) {
    if (token.length < 4) continue
    const list = prefixes.get(token.slice(0, 4)) ?? []
    if (!list.includes(slug)) list.push(slug)
    prefixes.set(token.slice(0, 4), list)
  }
}
