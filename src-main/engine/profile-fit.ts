import type { EvaluationContext } from "../../src-shared/context"
import type { ConceptMatch } from "../../src-shared/events/payloads"
import { evaluateAppliesWhen } from "../knowledge/applies-when"
import type { PackIndex } from "../knowledge/pack-index"

// Topics the client's facts rule out before the run asks which topic is meant: "Plaćam li ja
// porez na dobit?" for an obrt paying income tax matched the profit-tax rate, the car costs, the
// representation share and the payment deadline, and offering the last three led to answers for
// another kind of taxpayer, or to refusals after a pointless choice.

/**
 * Is every rule of the concept one whose conditions the facts already make false? A concept with
 * a rule that has no condition, or whose condition the facts leave open, is never ruled out.
 */
function ruledOut(index: PackIndex, slug: string, context: EvaluationContext): boolean {
  const rules = index.rulesByConcept.get(slug) ?? []
  return rules.length > 0 && rules.every((rule) => rule.appliesWhen !== undefined && evaluateAppliesWhen(rule.appliesWhen, context).outcome === false)
}

export interface ProfileFit {
  /** The matched concepts the facts leave open, in their order (all of them when none is). */
  matches: ConceptMatch[]
  /** Whether the facts rule the concept out: asked per concept offered, so a pack whose every
   *  concept shares a word ("porez") is not evaluated whole for each question. */
  isRuledOut: (slug: string) => boolean
  /** Some matched concept was ruled out. */
  narrowed: boolean
}

export function profileFit(index: PackIndex, matches: readonly ConceptMatch[], context: EvaluationContext): ProfileFit {
  const known = new Map<string, boolean>()
  const isRuledOut = (slug: string): boolean => {
    let out = known.get(slug)
    if (out === undefined) known.set(slug, (out = ruledOut(index, slug, context)))
    return out
  }
  const open = matches.filter((m) => !isRuledOut(m.slug))
  // Every match ruled out: they stay, so that applicability says rule by rule why none applies.
  return { matches: open.length > 0 ? open : [...matches], isRuledOut, narrowed: open.length > 0 && open.length < matches.length }
}
