import { extractFocus } from "../../knowledge/focus"
import { selectFocusConcepts } from "../../knowledge/focus-concepts"
import { focusIndex, ruleAttribute } from "../../knowledge/focus-index"
import type { LoadedPack } from "../../knowledge/loader"
import { packIndex } from "../../knowledge/pack-index"
import type { Concept, Rule, Subject } from "../../knowledge/pack-schema"
import { tokenize } from "../../knowledge/text"
import type { Citation } from "./finding"

// What the rule pack says about VAT rates, read with the knowledge layer's own tools: an item
// name is matched to the pack's subjects exactly as a question's words are (extractFocus, then
// selectFocusConcepts asking for a rate), so "Kruh bijeli 500 g" finds the bread concept the same
// way "Koja je stopa PDV-a na kruh?" does. Nothing is guessed: an item the pack has no subject
// for, or whose rules disagree, is reported as not checked.

/** The pack topic whose concepts hold the Croatian VAT rates (general and per item). */
export const VAT_RATE_TOPIC = "vat-rate"

export type ItemMatch =
  | { kind: "none" }
  /** The pack names the item but records why it has no rule for it. */
  | { kind: "gap"; subject: Subject }
  | { kind: "concepts"; concepts: Concept[] }
  /** The pack's rules are about narrower items than the name says ("newspaper": daily newspapers only). */
  | { kind: "narrower"; concepts: Concept[] }

export function matchItem(loaded: LoadedPack, itemName: string): ItemMatch {
  const index = focusIndex(loaded)
  const focus = extractFocus(index, tokenize(itemName))
  const items = focus.subjects.filter((id) => index.subjects.get(id)?.kind === "item")
  const gap = items.map((id) => index.subjects.get(id)).find((s) => s?.gap !== undefined)
  if (gap !== undefined) return { kind: "gap", subject: gap }
  if (items.length === 0) return { kind: "none" }
  const selection = selectFocusConcepts(index, {
    ...focus,
    subjects: items,
    attribute: "rate",
    vagueAmount: false,
    sinceWhen: false,
    unknownTokens: [],
  })
  if (selection.kind !== "fits") return { kind: "none" }
  // Only VAT-rate concepts: "reprezentacija" also has a rate rule, the deductible share for profit tax.
  const concepts = selection.concepts.filter((c) => c.topic === VAT_RATE_TOPIC)
  if (concepts.length === 0) return { kind: "none" }
  return selection.partial ? { kind: "narrower", concepts } : { kind: "concepts", concepts }
}

export interface RatesInForce {
  /** Enacted percentage rules in force on the date, without conditions. */
  enacted: Rule[]
  /** Proposed changes in force on the date (the pack records them; the law may not have them). */
  proposed: Rule[]
}

function inForce(rule: Rule, date: string): boolean {
  return rule.effectiveFrom <= date && (rule.effectiveUntil === null || date <= rule.effectiveUntil)
}

/** The percentage rate rules of the concepts that are in force on `date`. */
export function ratesInForce(loaded: LoadedPack, concepts: readonly Concept[], date: string): RatesInForce {
  const index = packIndex(loaded)
  const rules = concepts
    .flatMap((c) => index.rulesByConcept.get(c.slug) ?? [])
    .filter(
      (r) =>
        ruleAttribute(r) === "rate" &&
        r.value.type === "percentage" &&
        r.appliesWhen === undefined &&
        inForce(r, date),
    )
  return {
    enacted: rules.filter((r) => r.certainty === "ENACTED"),
    proposed: rules.filter((r) => r.certainty === "PROPOSED"),
  }
}

/** The concepts of the VAT-rate topic about no particular item: the general, reduced and zero rates. */
export function generalRateConcepts(loaded: LoadedPack): Concept[] {
  const index = focusIndex(loaded)
  const isItem = (id: string) => index.subjects.get(id)?.kind === "item"
  return (packIndex(loaded).conceptsByTopic.get(VAT_RATE_TOPIC) ?? []).filter(
    (c) => !(c.subjects ?? []).some(isItem),
  )
}

export function percentOf(rule: Rule): number | undefined {
  return rule.value.type === "percentage" ? rule.value.value : undefined
}

/** A pack rule as a citation: its id, legal basis and evidence. */
export function ruleCitation(loaded: LoadedPack, rules: readonly Rule[]): Citation {
  const index = packIndex(loaded)
  const [first] = rules
  const basis = first?.legalBasis
  const evidence = [...new Set(rules.flatMap((r) => r.evidenceIds))].flatMap((id) => {
    const e = index.evidence.get(id)
    return e === undefined ? [] : [{ id: e.id, title: e.title, url: e.url }]
  })
  return {
    source: "PACK",
    ruleId: rules.map((r) => r.id).join(", "),
    ...(basis === undefined
      ? {}
      : { legalBasis: [basis.act, basis.gazette, basis.article].filter(Boolean).join(", ") }),
    evidence,
  }
}
