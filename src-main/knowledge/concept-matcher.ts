import type { ConceptMatch } from "../../src-shared/events/payloads"
import type { PackIndex, WordTerm } from "./pack-index"
import { lookupForms } from "./text"

// Concept matching (seed 003 §2.1): question tokens against concept keywords and aliases through
// the pack's inverted index (never a scan of the concepts). A term weighs 1/sqrt(number of
// concepts using it), a phrase twice that; each question word counts at most once per concept.
// A concept's score is its weight over the sum, per question word, of the best weight any
// concept got from it.

export const MIN_CONCEPT_SCORE = 0.25
/** A concept also has to reach this share of the best concept's score: "PDV" in a question about
 *  registration should not pull in the VAT-rate concept too. */
export const RELATIVE_CONCEPT_SCORE = 0.5
/** A runner-up from another topic this close to the best makes the question ambiguous. */
export const AMBIGUITY_RATIO = 0.75
export const MAX_MATCHED_CONCEPTS = 3

export interface ConceptMatching {
  /** Concepts with score >= MIN_CONCEPT_SCORE and >= RELATIVE_CONCEPT_SCORE of the best, best
   *  first, at most MAX_MATCHED_CONCEPTS. */
  matches: ConceptMatch[]
  /** Every concept the question touched, best first (clarification options). */
  ranked: ConceptMatch[]
  /** Weight of the best concept's terms: small when only terms shared by many concepts matched. */
  bestWeight: number
  /** Two matched concepts of different topics score about the same. */
  ambiguous: boolean
}

interface Hit {
  weight: number
  terms: Set<string>
}

/** Modal and auxiliary verbs ("moram li…", "must I…") say little about the topic; they count a
 *  quarter when a pack lists them as keywords (the Croatian pack lists none: its test forbids it). */
export const WEAK_WORDS: ReadonlySet<string> = new Set([
  "moram",
  "moras",
  "mora",
  "moramo",
  "morate",
  "moraju",
  "morati",
  "trebam",
  "trebas",
  "treba",
  "trebamo",
  "trebate",
  "trebaju",
  "trebati",
  "smijem",
  "smijes",
  "smije",
  "smijemo",
  "smijete",
  "smiju",
  "smjeti",
  "mogu",
  "mozes",
  "moze",
  "mozemo",
  "mozete",
  "moci",
  "must",
  "need",
  "needs",
  "should",
  "can",
  "may",
  "might",
  "could",
  "would",
  "shall",
  "ought",
])
const WEAK_WEIGHT = 0.25

export function matchConcepts(index: PackIndex, tokens: readonly string[]): ConceptMatching {
  const forms = tokens.map(lookupForms)
  const termWeight = (term: WordTerm) => 1 / Math.sqrt(index.termConceptCount.get(term.folded) ?? 1)
  // Best weight per concept at each token position; a word (or a phrase starting there) counts
  // once per concept, and words inside a matched phrase count only through the phrase.
  const positions: Array<Map<string, { term: string; weight: number }>> = forms.map(() => new Map())
  const covered = new Set<number>()
  const offer = (i: number, slug: string, term: string, weight: number) => {
    const at = positions[i]
    const best = at?.get(slug)
    if (at && (!best || weight > best.weight)) at.set(slug, { term, weight })
  }
  for (let i = 0; i < forms.length; i++)
    for (const form of forms[i] ?? [])
      for (const phrase of index.phrases.get(form) ?? []) {
        if (!phraseMatchesAt(phrase.words, forms, i)) continue
        // "pdv-a" is an inflected word, not a phrase: it weighs as one word.
        const real = phrase.words.filter((w) => (w[0]?.length ?? 0) > 2).length > 1
        offer(i, phrase.slug, phrase.term, termWeight(phrase) * (real ? 2 : 1))
        // The longest match wins: words of a real phrase no longer count for other concepts.
        if (real) for (let k = 0; k < phrase.words.length; k++) covered.add(i + k)
      }
  for (let i = 0; i < forms.length; i++) {
    if (covered.has(i)) continue
    const weak = WEAK_WORDS.has(tokens[i] ?? "")
    for (const form of forms[i] ?? [])
      for (const term of index.words.get(form) ?? [])
        offer(i, term.slug, term.term, termWeight(term) * (weak ? WEAK_WEIGHT : 1))
  }
  const hits = new Map<string, Hit>()
  let total = 0
  for (const at of positions) {
    let positionMax = 0
    for (const [slug, { term, weight }] of at) {
      const hit = hits.get(slug) ?? { weight: 0, terms: new Set<string>() }
      hit.weight += weight
      hit.terms.add(term)
      hits.set(slug, hit)
      positionMax = Math.max(positionMax, weight)
    }
    total += positionMax
  }

  const ranked: ConceptMatch[] = []
  let bestWeight = 0
  for (const [slug, hit] of hits) {
    const concept = index.concepts.get(slug)
    if (!concept || total === 0) continue
    bestWeight = Math.max(bestWeight, hit.weight)
    const score = Math.round(Math.min(1, hit.weight / total) * 1000) / 1000
    ranked.push({
      slug,
      nameHr: concept.nameHr,
      nameEn: concept.nameEn,
      score,
      matchedBy: [...hit.terms].sort(),
    })
  }
  ranked.sort((a, b) => b.score - a.score || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0))
  const best = ranked[0]
  const floor = Math.max(MIN_CONCEPT_SCORE, (best?.score ?? 0) * RELATIVE_CONCEPT_SCORE)
  const matches = ranked.filter((m) => m.score >= floor).slice(0, MAX_MATCHED_CONCEPTS)
  const topicOf = (slug: string) => index.concepts.get(slug)?.topic
  const ambiguous =
    best !== undefined &&
    matches.some(
      (m) => m !== best && topicOf(m.slug) !== topicOf(best.slug) && m.score >= best.score * AMBIGUITY_RATIO,
    )
  return { matches, ranked, bestWeight: Math.round(bestWeight * 1000) / 1000, ambiguous }
}

function phraseMatchesAt(words: readonly string[][], forms: readonly string[][], start: number): boolean {
  for (let k = 1; k < words.length; k++) {
    const keys = words[k] ?? []
    const tokenForms = forms[start + k]
    if (!tokenForms || !tokenForms.some((f) => keys.includes(f))) return false
  }
  return true
}

/** Concepts whose keywords share a four-letter beginning with a question word ("did you mean"). */
export function nearbyConcepts(index: PackIndex, tokens: readonly string[], limit: number): string[] {
  const counts = new Map<string, number>()
  for (const token of tokens) {
    if (token.length < 4) continue
    for (const slug of index.prefixes.get(token.slice(0, 4)) ?? [])
      counts.set(slug, (counts.get(slug) ?? 0) + 1)
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, limit)
    .map(([slug]) => slug)
}
