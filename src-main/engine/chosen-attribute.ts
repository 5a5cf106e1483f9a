import type { ConceptMatch, FocusAttribute } from "../../src-shared/events/payloads"
import type { Focus } from "../knowledge/focus"
import { answersAttribute } from "../knowledge/focus-concepts"
import { focusIndex } from "../knowledge/focus-index"
import type { Run } from "./run"

// The attribute a clarification's answer may carry (issue 24, point 2): the local model proposes a
// concept AND the attribute asked; the user's yes to it is an offered option followed by
// ";attribute=<attribute>" ("concept:pdv-rok-placanja;attribute=deadline"). The engine takes the
// attribute only where the chosen concept's published rules answer it and it answers what the
// question itself asks; the run then narrows to rules of that attribute (the sources, the retrieval
// and the focus check all read the answer's focus). An attribute that does not fit is not taken:
// the concept the user chose stands, with the question's own focus.

const ATTRIBUTE_MARK = ";attribute="
const ATTRIBUTES: readonly FocusAttribute[] = ["rate", "deadline", "threshold", "amount", "penalty", "obligation", "procedure"]
/** How a match records the attribute it was chosen with (as focus-matching.ts records the asked one). */
const MATCHED_BY_ATTRIBUTE = "attribute:"

/** An option's value with the attribute after it. */
export function withChosenAttribute(value: string, attribute: FocusAttribute): string {
  return `${value}${ATTRIBUTE_MARK}${attribute}`
}

/** The answer without its attribute, and the attribute (undefined: none, or not one the pack knows). */
export function splitChosenAttribute(answer: string): { value: string; attribute?: FocusAttribute } {
  const mark = answer.lastIndexOf(ATTRIBUTE_MARK)
  if (mark < 0) return { value: answer }
  const named = answer.slice(mark + ATTRIBUTE_MARK.length)
  const attribute = ATTRIBUTES.find((a) => a === named)
  return { value: answer.slice(0, mark), ...(attribute === undefined ? {} : { attribute }) }
}

/**
 * The chosen concepts narrowed to those whose rules answer `attribute`, each marked with it; the
 * concepts as they were when there is no attribute, it does not answer what the question asks, or
 * no chosen concept has a rule of it.
 */
export function narrowedToAttribute(run: Run, focus: Focus | undefined, chosen: ConceptMatch[], attribute: FocusAttribute | undefined): ConceptMatch[] {
  if (attribute === undefined || (focus !== undefined && !answersAttribute(focus, attribute))) return chosen
  const attributes = focusIndex(run.pack).conceptAttributes
  const having = chosen.filter((c) => attributes.get(c.slug)?.has(attribute) === true)
  if (having.length === 0) return chosen
  return having.map((c) => ({ ...c, matchedBy: [...new Set([`${MATCHED_BY_ATTRIBUTE}${attribute}`, ...c.matchedBy])].sort() }))
}

/**
 * The question's focus with the attribute a clarification's answer chose, for the answer's focus:
 * the narrower attribute replaces a vague "how much" or "from when".
 */
export function focusWithChosenAttribute(focus: Focus, concepts: readonly ConceptMatch[]): Focus {
  const chosen = concepts.find((c) => c.matchedBy.includes("clarification"))
  const attribute = chosen?.matchedBy.flatMap((m) => ATTRIBUTES.filter((a) => m === `${MATCHED_BY_ATTRIBUTE}${a}`))[0]
  if (attribute === undefined) return focus
  return { ...focus, attribute, vagueAmount: false, sinceWhen: false, paying: false }
}
