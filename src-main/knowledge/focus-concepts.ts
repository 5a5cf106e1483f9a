import type { Focus } from "./focus"
import { isWithin } from "./focus-index"
import { GENERIC_ITEM_WORDS } from "./focus-slots"
import type { FocusIndex } from "./focus-index"
import type { Attribute, Concept } from "./pack-schema"

// Which concepts of the pack can answer a question's focus. A concept fits when it is about every
// subject the question names (the narrowest ones) and has a rule answering the asked attribute.
// Only fitting concepts are ever offered or answered from: a rule about another subject, or about
// another attribute of the same subject, is a wrong answer however well it is cited.

export type FocusSelection =
  /** The question names no subject of the pack: the keyword matcher decides, filtered by attribute. */
  | { kind: "open" }
  /** Words stand where a subject should be, and the pack has no subject for them. */
  | { kind: "unknown-subject"; tokens: string[] }
  /** Only words like "proizvod" or "service" stand there: the item itself is missing. */
  | { kind: "unnamed-item"; tokens: string[] }
  /** The pack knows the subjects but has nothing on them (together) for the asked attribute. */
  | { kind: "uncovered"; available: Attribute[] }
  /** Concepts that fit; `partial` when none covers every subject and each covers some. */
  | { kind: "fits"; concepts: Concept[]; partial: boolean }

/** What a rule's attribute must be for the asked one. */
const ACCEPTS: Record<Attribute, readonly Attribute[]> = {
  rate: ["rate"],
  deadline: ["deadline"],
  // A limit and a capped amount answer each other ("the tax-free limit for a Christmas bonus").
  threshold: ["threshold", "amount"],
  amount: ["amount", "threshold"],
  penalty: ["penalty"],
  obligation: ["obligation"],
  procedure: ["procedure"],
}

/** What someone pays is an amount or a rate of a charge, never a limit. */
const PAID_AMOUNT_ACCEPTS: readonly Attribute[] = ["amount", "rate"]

/** "How much" asked with a question word alone is answered by an amount, a rate or a limit. */
const VAGUE_AMOUNT_ACCEPTS: readonly Attribute[] = ["amount", "rate", "threshold"]

/**
 * "Od kada moram izdavati eRačune?" asks when a duty starts as much as it asks a deadline: the
 * rule that states the duty from its start date answers it, so it is offered beside deadlines.
 */
const SINCE_WHEN_ACCEPTS: readonly Attribute[] = ["deadline", "obligation"]

/** What was asked: the attribute, and whether it was only a vague "how much". */
export interface AskedAttribute {
  attribute?: Attribute
  vagueAmount?: boolean
  sinceWhen?: boolean
  paying?: boolean
}

export function answersAttribute(asked: AskedAttribute, ruleAttribute: Attribute | undefined): boolean {
  if (asked.attribute === undefined) return true
  if (ruleAttribute === undefined) return false
  const accepted =
    asked.attribute === "amount" && asked.paying === true
      ? PAID_AMOUNT_ACCEPTS
      : asked.attribute === "amount" && asked.vagueAmount
        ? VAGUE_AMOUNT_ACCEPTS
        : asked.attribute === "deadline" && asked.sinceWhen
          ? SINCE_WHEN_ACCEPTS
          : ACCEPTS[asked.attribute]
  return accepted.includes(ruleAttribute)
}

export function selectFocusConcepts(index: FocusIndex, focus: Focus): FocusSelection {
  // A subject the pack declares it does not cover (its `gap`: excise, inheritance tax): the
  // question is about that, whatever else it names, and the refusal gives the gap's words.
  if (focus.subjects.some((s) => declaredGap(index, s))) return { kind: "uncovered", available: [] }
  if (focus.unknownTokens.length > 0)
    return focus.unknownTokens.every((t) => GENERIC_ITEM_WORDS.has(t))
      ? { kind: "unnamed-item", tokens: focus.unknownTokens }
      : { kind: "unknown-subject", tokens: focus.unknownTokens }
  if (focus.subjects.length === 0) return { kind: "open" }
  const covering = coveringAll(index, focus)
  if (covering.length === 0) {
    // "Moram li kao paušalist izdavati eRačune?": a subject that only describes the client (it
    // implies client facts, which the run already takes from it) need not be covered as well.
    const described = focus.subjects.filter((s) => index.subjects.get(s)?.implies === undefined)
    if (described.length > 0 && described.length < focus.subjects.length) {
      // Unless the pack has the topic for that client: "koliko paušalist plaća za mirovinsko?" is
      // about the paušal craft's own pension contributions (fixed amounts), not an employee's 20 %.
      const ownTopic = clientsOwnTopic(index, focus, described)
      const answering = ownTopic.filter((c) => hasAttribute(index, c, focus))
      if (answering.length > 0) return { kind: "fits", concepts: answering, partial: true }
      // The client's own topic without the asked attribute: the employee's rule would answer
      // another subject ("stopa doprinosa za paušalista": 20 % of a gross salary it does not have).
      if (ownTopic.length > 0) return { kind: "uncovered", available: attributesOf(index, ownTopic) }
      const narrowed = selectFocusConcepts(index, { ...focus, subjects: described })
      if (narrowed.kind === "fits" && !narrowed.partial) return narrowed
    }
  }
  const partial = covering.length === 0
  const candidates = (partial ? coveringAny(index, focus).filter((c) => partlyFits(index, focus, c)) : covering).filter(
    (c) => !ruledOut(focus, c),
  )
  // The attribute first, then exactness: a concept that needs an unnamed subject but answers the
  // asked attribute beats one that fits the subjects exactly and answers something else.
  const fitting = candidates.filter((c) => hasAttribute(index, c, focus))
  if (fitting.length > 0)
    return { kind: "fits", concepts: partial ? fitting : preferExact(index, focus, fitting), partial }
  // "Prag za PDV": nothing about VAT as such answers a threshold, but narrower subjects within it
  // do (registration, distance selling): offer those, never a rule about another attribute.
  const narrower = narrowerFitting(index, focus).filter((c) => !ruledOut(focus, c))
  if (narrower.length > 0) return { kind: "fits", concepts: narrower, partial: true }
  return { kind: "uncovered", available: attributesOf(index, candidates) }
}

function declaredGap(index: FocusIndex, subject: string): boolean {
  return index.subjects.get(subject)?.gap !== undefined && (index.conceptsBySubject.get(subject)?.length ?? 0) === 0
}

function attributesOf(index: FocusIndex, concepts: readonly Concept[]): Attribute[] {
  const available = new Set<Attribute>()
  for (const concept of concepts) for (const a of index.conceptAttributes.get(concept.slug) ?? []) available.add(a)
  return [...available].sort()
}

function narrowerFitting(index: FocusIndex, focus: Focus): Concept[] {
  if (focus.subjects.length !== 1 || focus.attribute === undefined) return []
  const [broad] = focus.subjects
  const out = new Map<string, Concept>()
  for (const [subject, concepts] of index.conceptsBySubject)
    if (broad !== undefined && isWithin(index, subject, broad))
      for (const concept of concepts) if (hasAttribute(index, concept, focus)) out.set(concept.slug, concept)
  return [...out.values()]
}

function hasAttribute(index: FocusIndex, concept: Concept, asked: AskedAttribute): boolean {
  const attributes = index.conceptAttributes.get(concept.slug)
  if (!attributes) return false
  return [...attributes].some((a) => answersAttribute(asked, a))
}

/**
 * Concepts about the client the question describes (every describing subject) and about what it
 * asks, or a broader or narrower subject of it: "paušalist … mirovinsko" has the paušal craft's
 * contributions and its first- and second-pillar amounts.
 */
function clientsOwnTopic(index: FocusIndex, focus: Focus, described: readonly string[]): Concept[] {
  const describing = focus.subjects.filter((s) => !described.includes(s))
  const related = (a: string, b: string) => a === b || isWithin(index, a, b) || isWithin(index, b, a)
  const [first] = describing
  if (first === undefined) return []
  return (index.conceptsBySubject.get(first) ?? []).filter((c) => {
    const about = c.subjects ?? []
    return describing.every((s) => about.includes(s)) && described.every((d) => about.some((a) => related(a, d)))
  })
}

/** Concepts about every narrowest subject the question names. */
function coveringAll(index: FocusIndex, focus: Focus): Concept[] {
  const [first, ...rest] = focus.subjects
  if (first === undefined) return []
  return (index.conceptsBySubject.get(first) ?? []).filter((c) => rest.every((s) => c.subjects?.includes(s)))
}

/**
 * Concepts about some of the named subjects. A subject that only qualifies the attribute (one with
 * `onlyWith`: the payment of "do kada se plaća …") must be covered, and so must one of the others:
 * the payment deadline of another tax, or the return deadline of this one, answers another question.
 */
function coveringAny(index: FocusIndex, focus: Focus): Concept[] {
  const main = focus.subjects.filter((s) => !isQualifier(index, s))
  const seen = new Map<string, Concept>()
  for (const subject of focus.subjects)
    for (const concept of index.conceptsBySubject.get(subject) ?? [])
      if (
        coversQualifiers(index, focus, concept) &&
        (main.length === 0 || main.some((s) => concept.subjects?.includes(s)))
      )
        seen.set(concept.slug, concept)
  return [...seen.values()]
}

/**
 * A concept that covers only part of what the question names must not answer it through the tax
 * alone, nor through another tax: "What is the VAT rate on client dinners?" names VAT and
 * representation, and neither the standard VAT rate (about VAT only: the general rate for a named
 * thing) nor the profit-tax share of representation (another tax) answers it.
 */
function partlyFits(index: FocusIndex, focus: Focus, concept: Concept): boolean {
  const about = concept.subjects ?? []
  const isTax = (id: string) => index.subjects.get(id)?.kind === "tax"
  const namedTaxes = focus.subjects.filter(isTax)
  if (namedTaxes.length > 0 && about.some(isTax) && !namedTaxes.some((t) => about.includes(t))) return false
  const namesMore = focus.subjects.some((s) => !isTax(s))
  return !namesMore || focus.subjects.some((s) => !isTax(s) && about.includes(s))
}

function ruledOut(focus: Focus, concept: Concept): boolean {
  return focus.ruledOut.some((s) => (concept.subjects ?? []).includes(s))
}

function isQualifier(index: FocusIndex, subject: string): boolean {
  return index.subjects.get(subject)?.onlyWith !== undefined
}

/**
 * Does the concept cover every qualifying subject the question names (see coveringAny), and none
 * the question rules out ("predaje" rules out the payment)?
 */
export function coversQualifiers(index: FocusIndex, focus: Focus, concept: Concept): boolean {
  const about = concept.subjects ?? []
  return (
    focus.subjects.every((s) => !isQualifier(index, s) || about.includes(s)) &&
    !focus.ruledOut.some((s) => about.includes(s))
  )
}

/**
 * Of the concepts about the named subjects, those that need no subject the question did not name
 * ("doprinosi" alone is not about paušal contributions, "doprinosi za paušalni obrt" is).
 */
function preferExact(index: FocusIndex, focus: Focus, concepts: Concept[]): Concept[] {
  // With no attribute asked, one named subject does not pin the topic down, and exactness would
  // pick for the user: "Plaća li paušalist porez tromjesečno?" names only the paušal craft, and the
  // one concept about nothing else (its receipts limit) answered a question about paying tax. Then
  // every fitting concept is offered, ranked by the question's words. Two named subjects
  // ("doprinosi za paušalni obrt") do pin it down.
  if (focus.attribute === undefined && focus.named.length < 2) return concepts
  const named = (subject: string) => focus.named.some((n) => n === subject || isWithin(index, n, subject))
  const exact = concepts.filter((c) => (c.subjects ?? []).every(named))
  return exact.length > 0 ? exact : concepts
}
