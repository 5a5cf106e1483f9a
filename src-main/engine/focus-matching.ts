import type { ConceptMatch } from "../../src-shared/events/payloads"
import type { ConceptMatching } from "../knowledge/concept-matcher"
import type { Focus } from "../knowledge/focus"
import { focusIndex } from "../knowledge/focus-index"
import { answersAttribute, type FocusSelection } from "../knowledge/focus-concepts"
import type { Concept } from "../knowledge/pack-schema"
import type { Run } from "./run"

// The concepts a run may research, after the question's focus has had its say: those that fit the
// focus (ranked by how well the question's words matched them), or, when the question names no
// subject of the pack, the keyword matcher's concepts that can answer the asked attribute.

export function focusedMatching(run: Run, matching: ConceptMatching, focus: Focus, selection: FocusSelection): ConceptMatching {
  if (selection.kind === "fits") {
    const keywordScore = (slug: string) => matching.ranked.find((m) => m.slug === slug)?.score ?? 0
    const ranked = selection.concepts
      .map((c) => asMatch(c, matching, focus))
      .sort((a, b) => keywordScore(b.slug) - keywordScore(a.slug) || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0))
    // One fitting concept is the question's topic beyond doubt; several (or a partial fit) are
    // offered to choose from, never guessed between.
    const settled = ranked.length === 1 && !selection.partial
    return { matches: ranked, ranked, bestWeight: Math.max(matching.bestWeight, 2), ambiguous: !settled }
  }
  if (selection.kind !== "open" || focus.attribute === undefined) return matching
  const index = focusIndex(run.pack)
  const fits = (m: ConceptMatch) =>
    [...(index.conceptAttributes.get(m.slug) ?? [])].some((a) => answersAttribute(focus, a))
  return { ...matching, matches: matching.matches.filter(fits), ranked: matching.ranked.filter(fits) }
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
