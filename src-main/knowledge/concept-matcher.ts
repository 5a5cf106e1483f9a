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

/**
 * Scores per concept slot (PackIndex.conceptSlugs). A common word can touch thousands of
 * concepts, so the per-question work runs on arrays indexed by slot rather than on maps
 * keyed by slug: the 10,000-rule bench pack spent most of a run in map and object churn here.
 */
interface Tally {
  /** Summed weight per concept slot. */
  weight: number[]
  /** The terms that matched, per concept slot. */
  terms: Array<string[] | undefined>
  /** Slots with a weight, in first-touch order. */
  touched: number[]
}

/** The best offer per concept at one question position. */
interface Position {
  weight: number[]
  term: string[]
  touched: number[]
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
  const size = index.conceptSlugs.length
  // Plain arrays, not typed ones: a typed array this size lives outside the JS heap and costs
  // more to allocate than a small pack's whole matching.
  const tally: Tally = { weight: new Array<number>(size).fill(0), terms: new Array<string[] | undefined>(size), touched: [] }
  const at: Position = { weight: new Array<number>(size).fill(0), term: new Array<string>(size), touched: [] }
  let total = 0
  // Positions up to here lie inside a real phrase already matched; phrases start at or before the
  // position being read, so one running end is the whole covered set.
  let coveredUntil = -1
  for (let i = 0; i < forms.length; i++) {
    // Best weight per concept at this position; a word (or a phrase starting here) counts once
    // per concept, and words inside a matched phrase count only through the phrase.
    for (const form of forms[i] ?? [])
      for (const phrase of index.phrases.get(form) ?? []) {
        if (!phraseMatchesAt(phrase.words, forms, i)) continue
        // "pdv-a" is an inflected word, not a phrase: it weighs as one word.
        const real = phrase.words.filter((w) => (w[0]?.length ?? 0) > 2).length > 1
        offer(at, phrase, phrase.weight * (real ? 2 : 1))
        // The longest match wins: words of a real phrase no longer count for other concepts.
        if (real) coveredUntil = Math.max(coveredUntil, i + phrase.words.length - 1)
      }
    if (i > coveredUntil) {
      const weak = WEAK_WORDS.has(tokens[i] ?? "") ? WEAK_WEIGHT : 1
      for (const form of forms[i] ?? []) for (const term of index.words.get(form) ?? []) offer(at, term, term.weight * weak)
    }
    total += addPosition(tally, at)
  }
  return rankTally(index, tally, total)
}

function offer(at: Position, term: WordTerm, weight: number): void {
  const best = at.weight[term.slot] ?? 0
  if (best === 0) at.touched.push(term.slot)
  else if (weight <= best) return
  at.weight[term.slot] = weight
  at.term[term.slot] = term.term
}

/** Adds one position's offers to the tally and clears the position; returns its best weight. */
function addPosition(tally: Tally, at: Position): number {
  let positionMax = 0
  for (const slot of at.touched) {
    const weight = at.weight[slot] ?? 0
    const term = at.term[slot] ?? ""
    const terms = tally.terms[slot]
    if (terms === undefined) {
      tally.terms[slot] = [term]
      tally.touched.push(slot)
    } else if (!terms.includes(term)) terms.push(term)
    tally.weight[slot] = (tally.weight[slot] ?? 0) + weight
    if (weight > positionMax) positionMax = weight
    at.weight[slot] = 0
  }
  at.touched.length = 0
  return positionMax
}

function rankTally(index: PackIndex, tally: Tally, total: number): ConceptMatching {
  const ranked: ConceptMatch[] = []
  let bestWeight = 0
  const thousandths = (slot: number) => Math.round(Math.min(1, (tally.weight[slot] ?? 0) / total) * 1000)
  for (const slot of total === 0 ? [] : bestFirst(tally.touched, tally.weight.length, thousandths)) {
    const slug = index.conceptSlugs[slot] ?? ""
    const concept = index.concepts.get(slug)
    if (!concept) continue
    bestWeight = Math.max(bestWeight, tally.weight[slot] ?? 0)
    const terms = tally.terms[slot] ?? []
    const score = thousandths(slot) / 1000
    ranked.push({ slug, nameHr: concept.nameHr, nameEn: concept.nameEn, score, matchedBy: sortedTerms(terms) })
  }
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

/** Terms in code-unit order. Most concepts match one or two terms, and Array#sort's set-up costs
 *  more than the comparison when a common word hands it a thousand such lists. */
function sortedTerms(terms: string[]): string[] {
  if (terms.length > 2) return terms.sort()
  const [first, second] = terms
  if (first !== undefined && second !== undefined && second < first) {
    terms[0] = second
    terms[1] = first
  }
  return terms
}

const SMALL_SORT = 64

/**
 * Slots ordered by score (thousandths, best first), ties by slot, i.e. by slug. A common word can
 * touch a thousand concepts at one score; a counting sort over the 1,001 possible scores, fed in
 * slot order, costs a few microseconds where a comparison sort of those ties cost a hundred.
 */
export function bestFirst(touched: readonly number[], size: number, thousandths: (slot: number) => number): Int32Array {
  // A question of a real pack touches a few dozen concepts: a plain sort is cheaper than
  // setting up the counting sort's 1,002 buckets.
  if (touched.length <= SMALL_SORT) {
    const scores = new Map(touched.map((slot) => [slot, thousandths(slot)]))
    const score = (slot: number) => scores.get(slot) ?? 0
    return Int32Array.from(touched).sort((a, b) => score(b) - score(a) || a - b)
  }
  const inSlotOrder = Int32Array.from(touched)
  // When the question touches a good share of the pack, a scan of every slot beats sorting.
  if (touched.length * 16 < size) inSlotOrder.sort()
  else {
    const seen = new Uint8Array(size)
    for (const slot of touched) seen[slot] = 1
    let k = 0
    for (let slot = 0; slot < size; slot++) if (seen[slot] === 1) inSlotOrder[k++] = slot
  }
  const starts = new Int32Array(1002)
  for (const slot of inSlotOrder) starts[1000 - thousandths(slot) + 1]++
  for (let score = 1; score < starts.length; score++) starts[score] = (starts[score] ?? 0) + (starts[score - 1] ?? 0)
  const out = new Int32Array(inSlotOrder.length)
  for (const slot of inSlotOrder) {
    const bucket = 1000 - thousandths(slot)
    const at = starts[bucket] ?? 0
    out[at] = slot
    starts[bucket] = at + 1
  }
  return out
}

function phraseMatchesAt(words: readonly string[][], forms: readonly string[][], start: number): boolean {
  for (let k = 1; k < words.length; k++) {
    const keys = words[k] ?? []
    const tokenForms = forms[start + k]
    if (!tokenForms || !tokenForms.some((f) => keys.includes(f))) return false
  }
  return true
}

/**
 * Concepts whose keywords share a four-letter beginning with a question word ("did you mean"),
 * those more of the question's distinct words point to first. `minWords`: how many distinct words
 * must point to a concept ("čuvaju" and "računi" both point to the retention of e-invoices; a
 * single everyday word such as "plaća" points to many concepts and says little).
 */
export function nearbyConcepts(index: PackIndex, tokens: readonly string[], limit: number, minWords = 1): string[] {
  const counts = new Map<string, number>()
  for (const prefix of new Set(tokens.filter((t) => t.length >= 4).map((t) => t.slice(0, 4))))
    for (const slug of index.prefixes.get(prefix) ?? []) counts.set(slug, (counts.get(slug) ?? 0) + 1)
  return [...counts.entries()]
    .filter(([, count]) => count >= minWords)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, limit)
    .map(([slug]) => slug)
}
