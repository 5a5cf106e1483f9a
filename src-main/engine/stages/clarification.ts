import type {
  ClarificationAnswerPayload,
  ClarificationPayload,
  ConceptMatch,
} from "../../../src-shared/events/payloads"
import { matchConcepts, nearbyConcepts } from "../../knowledge/concept-matcher"
import type { Focus } from "../../knowledge/focus"
import { answersAttribute } from "../../knowledge/focus-concepts"
import { focusIndex } from "../../knowledge/focus-index"
import { conceptsOf } from "../../knowledge/pack-index"
import { foldDiacritics, tokenize } from "../../knowledge/text"
import { CONFIDENCE_THRESHOLD_CLARIFY } from "../interpret"
import { narrowedToAttribute, splitChosenAttribute } from "../chosen-attribute"
import { buildRefusal } from "../refusal-policy"
import { proceed, stop, type Run, type AsyncStage } from "../run"
import type { ClarificationAnswer } from "../types"

// CLARIFICATION (seed 001 §2, seed 003 gates): when the context confidence is below the gate,
// ask before researching. Below 0.6 the question is unclear: offer the pack's concepts closest
// to it. Between 0.6 and 0.9: confirm the understood context. The answer is applied
// deterministically: the same answer always narrows the run the same way.

/** Option values; any other answer is read as free text and matched against the pack again. */
export const CLARIFY_CONFIRM = "confirm"
export const CLARIFY_CANCEL = "cancel"
const CONCEPT_PREFIX = "concept:"
const TOPIC_PREFIX = "topic:"
const MAX_OPTIONS = 4
const AFFIRMATIVE = new Set(["da", "tocno", "yes", "correct", "ok", "potvrdujem", "confirm"])

export interface ClarificationInput {
  question: string
  confidence: number
  concepts: ConceptMatch[]
  ranked: ConceptMatch[]
  tokens: string[]
  /** The question's own content words (focus-words.ts): what "did you mean" offers are drawn from. */
  contentTokens: string[]
  /** The question's focus: offers drawn from its words must answer the attribute it asks. */
  focus?: Focus
  /** Question words the pack never uses, as typed: named in the confirmation question. */
  strangeWords?: string
  /** Whether the client's facts rule a concept out (profile-fit.ts): such a concept is never offered. */
  isRuledOut?: (slug: string) => boolean
}

export async function* clarificationStage(
  run: Run,
  input: ClarificationInput,
): AsyncStage<ConceptMatch[]> {
  const request = buildClarification(run, input)
  yield run.emit({
    stage: "CLARIFICATION",
    status: "awaiting_input",
    message: request.question,
    data: request,
  })
  const answer = await nextAnswer(run, request)
  const applied = answer.kind === "cancel" ? null : applyAnswer(run, input, request, answer.value)
  const given = answer.kind === "cancel" ? CLARIFY_CANCEL : answer.value
  const confirmedContext =
    applied && applied.length > 0
      ? applied.map((c) => (run.locale === "hr" ? c.nameHr : c.nameEn)).join(", ")
      : run.t("Kontekst nije potvrđen", "Context not confirmed")
  const data: ClarificationAnswerPayload = { confirmedContext, answer: given }
  yield run.emit({ stage: "CLARIFICATION", status: "complete", message: confirmedContext, data })
  if (!applied || applied.length === 0) {
    const detail =
      answer.kind === "cancel"
        ? run.t("Pojašnjenje je otkazano.", "The clarification was cancelled.")
        : run.t(
            "Ni nakon pojašnjenja pitanje ne odgovara nijednom pojmu iz paketa propisa.",
            "Even after the clarification the question matches no concept of the rule pack.",
          )
    return stop({ outcome: "REFUSAL", ...buildRefusal("NEEDS_CLARIFICATION", run.locale, { detail }) })
  }
  return proceed(applied)
}

function buildClarification(run: Run, input: ClarificationInput): ClarificationPayload {
  const name = (c: { nameHr: string; nameEn: string }) => (run.locale === "hr" ? c.nameHr : c.nameEn)
  const cancel = { label: run.t("Odustani", "Cancel"), value: CLARIFY_CANCEL }
  const unclear = input.confidence < CONFIDENCE_THRESHOLD_CLARIFY || input.concepts.length === 0
  if (!unclear) {
    const confirmed = understoodConcepts(run, input.concepts)
    const understood = confirmed.map(name).join(", ")
    const candidates = [...input.ranked, ...pointedConcepts(run, input)].filter(
      (c, at, all) => !confirmed.some((m) => m.slug === c.slug) && all.findIndex((o) => o.slug === c.slug) === at,
    )
    const others = openConcepts(input, candidates, MAX_OPTIONS - 1)
    const strange = input.strangeWords
    return {
      question: strange
        ? run.t(
            `Pitanje spominje „${strange}”, a o tome paket propisa nema pravila. Mogu odgovoriti samo o temi „${understood}”. Je li to ono što pitate?`,
            `The question mentions “${strange}”, on which the rule pack has no rules. I can answer only about “${understood}”. Is that what you are asking?`,
          )
        : run.t(
            `Prije istraživanja želimo potvrditi da smo vas dobro razumjeli: pitate li o temi „${understood}” prema hrvatskim propisima?`,
            `Before we research, we need to confirm we understood you: are you asking about “${understood}” under Croatian law?`,
          ),
      options: [
        { label: run.t("Da, točno", "Yes, that's right"), value: CLARIFY_CONFIRM },
        ...others.map((c) => ({
          label: run.t(`Ne, pitam o: ${c.nameHr}`, `No, I'm asking about: ${c.nameEn}`),
          value: CONCEPT_PREFIX + c.slug,
        })),
        cancel,
      ],
      freeformAllowed: true,
      required: true,
      reason: "context-confirmation",
    }
  }
  const closest = closestConcepts(run, input)
  const [only] = closest
  // One topic is no menu: ask whether it is the one meant ("Pitate li o temi …?").
  if (closest.length === 1 && only !== undefined)
    return {
      question: run.t(`Pitate li o temi „${only.nameHr}”?`, `Are you asking about “${only.nameEn}”?`),
      options: [{ label: run.t("Da, točno", "Yes, that's right"), value: CONCEPT_PREFIX + only.slug }, cancel],
      freeformAllowed: true,
      required: true,
      reason: "topic",
    }
  const options = closest.map((c) => ({ label: name(c), value: CONCEPT_PREFIX + c.slug }))
  if (options.length === 0)
    for (const topic of [...run.index.topics.values()].slice(0, MAX_OPTIONS))
      options.push({ label: name(topic), value: TOPIC_PREFIX + topic.id })
  return {
    question: run.t(
      "Molimo pojasnite vaše pitanje: na koju se temu odnosi?",
      "Please clarify your question: which topic is it about?",
    ),
    options: [...options, cancel],
    freeformAllowed: true,
    required: true,
    reason: "topic",
  }
}

/** What a confirmation confirms: the best concept and the matched concepts of its topic (the
 *  others are offered as alternatives). */
function understoodConcepts(run: Run, concepts: ConceptMatch[]): ConceptMatch[] {
  const topicOf = (slug: string) => run.index.concepts.get(slug)?.topic
  const best = concepts[0]
  return best ? concepts.filter((c) => topicOf(c.slug) === topicOf(best.slug)) : []
}

/**
 * Concepts several of the question's own words point to: offered beside the understood topic, so
 * that "naknada za korištenje privatnog auta" can be told apart from the one concept its single
 * keyword ("naknada") matched.
 */
function pointedConcepts(run: Run, input: ClarificationInput): Array<{ slug: string; nameHr: string; nameEn: string }> {
  const focus = input.focus
  // A question naming subjects of the pack has had its topics chosen by them (focus-matching.ts).
  if (focus !== undefined && focus.subjects.length > 0) return []
  const index = focusIndex(run.pack)
  // What the question asks rules a concept in or out: "koliko poreza" is not asking a deadline.
  const answersAsked = (slug: string) =>
    focus?.attribute === undefined || [...(index.conceptAttributes.get(slug) ?? [])].some((a) => answersAttribute(focus, a))
  const open = (slug: string) => input.isRuledOut?.(slug) !== true
  return conceptsOf(run.index, nearbyConcepts(run.index, input.contentTokens, MAX_OPTIONS * 2, 2).filter((slug) => answersAsked(slug) && open(slug)).slice(0, MAX_OPTIONS))
}

function closestConcepts(
  run: Run,
  input: ClarificationInput,
): Array<{ slug: string; nameHr: string; nameEn: string }> {
  // Concepts several of the question's own words point to come first: one keyword ("naknada")
  // matches many concepts, four words ("korištenje … službene svrhe") point to the one meant.
  const pointedBySeveral = pointedConcepts(run, input)
  const ranked = openConcepts(input, input.ranked.filter((c) => !pointedBySeveral.some((p) => p.slug === c.slug)), MAX_OPTIONS)
  if (pointedBySeveral.length + ranked.length > 0) return [...pointedBySeveral, ...ranked].slice(0, MAX_OPTIONS)
  return conceptsOf(run.index, nearbyConcepts(run.index, input.contentTokens, MAX_OPTIONS).filter((slug) => input.isRuledOut?.(slug) !== true))
}

/** The first `limit` concepts, in order, that the client's facts do not rule out (each asked only as needed). */
function openConcepts<T extends { slug: string }>(input: ClarificationInput, concepts: readonly T[], limit: number): T[] {
  const open: T[] = []
  for (const concept of concepts) {
    if (open.length >= limit) break
    if (input.isRuledOut?.(concept.slug) !== true) open.push(concept)
  }
  return open
}

/** Pre-supplied answers first (CLI --clarify, resume), then the callback; otherwise wait: the
 *  consumer suspends the run by not asking for the next event (generator.return()). */
export async function nextAnswer(run: Run, request: ClarificationPayload): Promise<ClarificationAnswer> {
  const given = run.deps.clarifications?.[run.clarificationsUsed]
  run.clarificationsUsed += 1
  if (given !== undefined)
    return given === CLARIFY_CANCEL ? { kind: "cancel" } : { kind: "answer", value: given }
  if (run.deps.clarify) return run.deps.clarify(request)
  return new Promise<ClarificationAnswer>(() => {})
}

function applyAnswer(
  run: Run,
  input: ClarificationInput,
  request: ClarificationPayload,
  raw: string,
): ConceptMatch[] {
  const typed = foldDiacritics(raw.trim())
  const byLabel = request.options?.find((o) => foldDiacritics(o.label) === typed) ?? offeredByName(run, request, typed)
  const offered = new Set((request.options ?? []).map((o) => o.value))
  // "Da" confirms a question that asked for a confirmation, or picks the one topic asked about.
  const onlyConcept = [...offered].filter((v) => v.startsWith(CONCEPT_PREFIX))
  const yes = AFFIRMATIVE.has(typed) && !offered.has(CLARIFY_CONFIRM) && onlyConcept.length === 1 ? onlyConcept[0] : undefined
  // A local model's proposal may carry the attribute asked (issue 24): taken only where it fits.
  const { value, attribute } = splitChosenAttribute(yes ?? (byLabel ? byLabel.value : raw.trim()))
  if (value === CLARIFY_CANCEL) return []
  if (value === CLARIFY_CONFIRM || AFFIRMATIVE.has(foldDiacritics(value)))
    return offered.has(CLARIFY_CONFIRM) ? understoodConcepts(run, input.concepts) : []
  // Only what was offered can be chosen: an answer naming another concept is not an answer to
  // this question, and answering it would answer something the user did not ask.
  if (value.startsWith(CONCEPT_PREFIX)) {
    const concept = offered.has(value) ? run.index.concepts.get(value.slice(CONCEPT_PREFIX.length)) : undefined
    return concept ? narrowedToAttribute(run, input.focus, [chosen(concept)], attribute) : []
  }
  if (value.startsWith(TOPIC_PREFIX))
    return offered.has(value) ? narrowedToAttribute(run, input.focus, (run.index.conceptsByTopic.get(value.slice(TOPIC_PREFIX.length)) ?? []).map(chosen), attribute) : []
  const fits = (slug: string) =>
    offered.has(CONCEPT_PREFIX + slug) ||
    offered.has(TOPIC_PREFIX + (run.index.concepts.get(slug)?.topic ?? "")) ||
    (offered.has(CLARIFY_CONFIRM) && understoodConcepts(run, input.concepts).some((c) => c.slug === slug))
  // Free text answers only through its own words: "maybe" or "nešto" names no concept, and the
  // question's words alone must not turn it into a "yes" to the understood topic.
  const named = new Set(
    matchConcepts(run.index, tokenize(value))
      .ranked.filter((m) => fits(m.slug))
      .map((m) => m.slug),
  )
  if (named.size === 0) return []
  return matchConcepts(run.index, [...input.tokens, ...tokenize(value)]).matches.filter((m) => named.has(m.slug))
}

/** An offered concept typed by its name ("Pitate li o temi X?" is answered "X"). */
function offeredByName(run: Run, request: ClarificationPayload, typed: string): { value: string } | undefined {
  return request.options?.find((o) => {
    const concept = o.value.startsWith(CONCEPT_PREFIX) ? run.index.concepts.get(o.value.slice(CONCEPT_PREFIX.length)) : undefined
    return concept !== undefined && [concept.nameHr, concept.nameEn].some((n) => foldDiacritics(n) === typed)
  })
}

function chosen(concept: { slug: string; nameHr: string; nameEn: string }): ConceptMatch {
  return {
    slug: concept.slug,
    nameHr: concept.nameHr,
    nameEn: concept.nameEn,
    score: 1,
    matchedBy: ["clarification"],
  }
}
