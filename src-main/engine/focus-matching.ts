import type { ConceptMatch } from "../../src-shared/events/payloads"
import type { ConceptMatching } from "../knowledge/concept-matcher"
import type { Focus } from "../knowledge/focus"
import { isWithin } from "../knowledge/focus-index"
import { foldDiacritics } from "../knowledge/text"
import { focusIndex } from "../knowledge/focus-index"
import { answersAttribute, coversQualifiers, type FocusSelection } from "../knowledge/focus-concepts"
import type { Concept } from "../knowledge/pack-schema"
import type { Run } from "./run"

// The concepts a run may research, after the question's focus has had its say: those that fit the
// focus (ranked by how well the question's words matched them), or, when the question names no
// subject of the pack, the keyword matcher's concepts that can answer the asked attribute.

export function focusedMatching(
  run: Run,
  matching: ConceptMatching,
  focus: Focus,
  selection: FocusSelection,
  tokens: readonly string[],
): ConceptMatching {
  if (selection.kind === "fits") {
    const keywordScore = (slug: string) => matching.ranked.find((m) => m.slug === slug)?.score ?? 0
    const concepts = [...selection.concepts, ...narrowerNamedByWords(run, matching, focus, selection.concepts, tokens)]
    const all = concepts
      .map((c) => asMatch(c, matching, focus))
      .sort((a, b) => keywordScore(b.slug) - keywordScore(a.slug) || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0))
    // "Dar djetetu neoporezivo": every non-taxable receipt fits the subject, but the question's
    // words point to some of them; the others are not offered (a topic the words do not name is
    // not a choice the user made). Narrowing never settles the question: it is still asked.
    // Words the focus read as the subject ("porez na dohodak") point to every concept about it
    // alike: only the question's other words single some out. Bare "porez na dohodak" offered the
    // one concept whose keywords repeat the subject's name (the higher rate's threshold).
    const focusWords = wordsReadByFocus(focus, tokens)
    const pointedByOwnWords = (slug: string) =>
      matching.ranked.some((m) => m.slug === slug && m.matchedBy.some((term) => foldDiacritics(term).split(/\s+/u).some((w) => !focusWords.has(w))))
    const pointed = all.filter((m) => keywordScore(m.slug) > 0 && (focus.attribute !== undefined || pointedByOwnWords(m.slug)))
    const ranked = pointed.length > 0 ? pointed : all
    // One fitting concept is the question's topic beyond doubt; several (or a partial fit) are
    // offered to choose from, never guessed between.
    const settled = all.length === 1 && !selection.partial
    return { matches: ranked, ranked, bestWeight: Math.max(matching.bestWeight, 2), ambiguous: !settled }
  }
  if (selection.kind !== "open" || focus.attribute === undefined) return matching
  const index = focusIndex(run.pack)
  const fits = (m: ConceptMatch) =>
    [...(index.conceptAttributes.get(m.slug) ?? [])].some((a) => answersAttribute(focus, a))
  return { ...matching, matches: matching.matches.filter(fits), ranked: matching.ranked.filter(fits) }
}

/**
 * Concepts about a subject within the named one that the question's own words point to with a
 * term none of the fitting concepts uses ("umanjenje doprinosa za prvi stup": the words name the
 * first pillar, "umanjenje" the reduction of its base, which is its own concept). The question
 * may be about either, so both are offered; answering the broader one would answer another question.
 */
function narrowerNamedByWords(
  run: Run,
  matching: ConceptMatching,
  focus: Focus,
  fitting: readonly Concept[],
  tokens: readonly string[],
): Concept[] {
  const index = focusIndex(run.pack)
  const fittingTerms = new Set(fitting.flatMap((c) => [...c.keywords, ...c.aliases]))
  // Words the focus already read as the subject or the attribute ("personal" in "personal income
  // tax") say nothing of a narrower subject.
  const focusWords = wordsReadByFocus(focus, tokens)
  const ownWord = (term: string) => foldDiacritics(term).split(/\s+/u).some((word) => !focusWords.has(word))
  const fitsAttribute = (slug: string) => [...(index.conceptAttributes.get(slug) ?? [])].some((a) => answersAttribute(focus, a))
  // What every fitting concept is about, a narrower one must be about too: "koliko mjesečno plaća
  // paušalist doprinose" fits the paušal contributions; the first pillar's 15 % of a salary is
  // within "doprinosi" but not about a paušalist, and picking it answered another question.
  const covers = (concept: Concept, named: string) =>
    (concept.subjects ?? []).some((s) => s === named || isWithin(index, s, named))
  const shared = focus.subjects.filter((named) => fitting.length > 0 && fitting.every((c) => covers(c, named)))
  const narrower = (concept: Concept) =>
    (concept.subjects ?? []).length > 0 &&
    (concept.subjects ?? []).every((s) => focus.subjects.some((named) => isWithin(index, s, named))) &&
    shared.every((named) => covers(concept, named)) &&
    coversQualifiers(index, focus, concept)
  const out: Concept[] = []
  for (const match of matching.ranked) {
    const concept = run.index.concepts.get(match.slug)
    if (concept === undefined || fitting.some((c) => c.slug === concept.slug)) continue
    if (narrower(concept) && fitsAttribute(concept.slug) && match.matchedBy.some((term) => !fittingTerms.has(term) && ownWord(term)))
      out.push(concept)
  }
  return out
}

/** The question's words the focus read as a subject or the attribute. */
function wordsReadByFocus(focus: Focus, tokens: readonly string[]): Set<string> {
  const words = new Set<string>()
  for (const hit of [...focus.subjectHits, ...focus.attributeHits])
    for (let i = hit.start; i < hit.end; i++) words.add(tokens[i] ?? "")
  return words
}

function asMatch(concept: Concept, matching: ConceptMatching, focus: Focus): ConceptMatch {
  const matched = matching.ranked.find((m) => m.slug === concept.slug)
  const terms = [...focus.subjects.map((s) => `subject:${s}`), ...(focus.attribute ? [`attribute:${focus.attribute}`] : [])]
  return {
    slug: concept.slug,
    nameHr: concept.nameHr,
    nameEn: concept.nameEn,
    score: 1,
    matchedBy: [...new Set([...terms, ...(matched?.matchedBy ?? [])])].sort(),
  }
}
