import type { FollowUp, QuestionFocus, QuestionIntakePayload } from "../../../src-shared/events/payloads"
import { countOf } from "../../../src-shared/format/plural"
import { matchConcepts } from "../../knowledge/concept-matcher"
import { selectFocusConcepts } from "../../knowledge/focus-concepts"
import { extractFocus, type Focus } from "../../knowledge/focus"
import { focusIndex } from "../../knowledge/focus-index"
import { foldDiacritics, questionTokens } from "../../knowledge/text"
import { interpretQuestion, MAX_PROCESSED_CHARS, NONSENSE_RATIO_THRESHOLD, type QueryInterpretation } from "../interpret"
import { monthStart } from "../interpret/dates"
import { periodEndAsOf } from "../tax-period"
import { buildRefusal } from "../refusal-policy"
import { proceed, stop, type Run, type SyncStage } from "../run"
import type { IntakeResult } from "../state"
import { focusedMatching } from "../focus-matching"
import { strangeWords } from "../focus-words"
import { withImpliedFacts } from "../implied-facts"
import { ENGINE_VERSION } from "../version"

// QUESTION_INTAKE: interpret the question (topic, intent, language, entities, gibberish) and
// refuse at once what is not a regulatory question (seed 003 gates).

export function* questionIntakeStage(
  run: Run,
  question: string,
  requestedLocale?: "hr" | "en",
  followUp?: FollowUp,
  /** Folded words a follow-up carried as a stated condition ("revenue under EUR 1m"): never an unknown subject. */
  carried: readonly string[] = [],
): SyncStage<IntakeResult> {
  const interpretation = interpretQuestion(question)
  run.locale = requestedLocale ?? interpretation.language
  // The interpreter reads at most its first MAX_PROCESSED_CHARS; concept matching reads the same part.
  const tokens = questionTokens(question.slice(0, MAX_PROCESSED_CHARS))
  const matching = matchConcepts(run.index, tokens)
  const focus = extractFocus(focusIndex(run.pack), tokens, {
    tripAbroad: interpretation.destinationAbroad !== undefined,
    euGoodsSupply: interpretation.euGoodsSupplyTo !== undefined,
  })
  if (carried.length > 0) focus.unknownTokens = focus.unknownTokens.filter((t) => !carried.includes(t))
  const selection = selectFocusConcepts(focusIndex(run.pack), focus)
  // The pack knows its own vocabulary: a question the interpreter found off-topic but that names
  // a concept of the pack outright (a term no other concept shares, or an alias) is regulatory.
  // So is one asking the rate of an item the pack lacks ("Ide li na kavu 13 %?"): its refusal
  // then names the item, which says more than "off topic", and it can never answer. So is one
  // naming a subject the pack declares it does not cover ("trošarine na gorivo"): its refusal
  // gives the pack's own words on that gap.
  const asksItemRate = focus.attribute === "rate" && focus.unknownTokens.length > 0
  const namesGap = selection.kind === "uncovered" && focus.subjects.some((s) => focusIndex(run.pack).subjects.get(s)?.gap !== undefined)
  const topic =
    interpretation.topic === "OFFTOPIC" && (matching.bestWeight >= 1 || asksItemRate || namesGap) ? "REGULATORY" : interpretation.topic
  yield run.emit({
    stage: "QUESTION_INTAKE",
    status: "started",
    message: run.t("Analiziram pitanje…", "Analysing the question…"),
  })

  const topicLabel = run.t(TOPIC_HR[topic], TOPIC_EN[topic])
  const data: QuestionIntakePayload = {
    summary: run.t(
      `Pitanje na ${interpretation.language === "hr" ? "hrvatskom" : "engleskom"} · ${topicLabel} · ${countOf(interpretation.tokens.length, "hr", WORDS)}`,
      `Question in ${interpretation.language === "hr" ? "Croatian" : "English"} · ${topicLabel} · ${countOf(interpretation.tokens.length, "en", WORDS)}`,
    ),
    normalizedQuestion: interpretation.normalized,
    language: interpretation.language,
    topic,
    queryIntent: interpretation.queryIntent,
    jurisdictionHint: interpretation.jurisdiction.hint,
    tokenCount: interpretation.tokens.length,
    gibberishRatio: interpretation.gibberishRatio,
    interpretationConfidence: interpretation.confidence,
    keywords: interpretation.keywords,
    focus: focusPayload(run, focus, question),
    engineVersion: ENGINE_VERSION,
  }
  if (followUp) {
    data.followUp = followUp
    data.summary += run.t(" · nastavak prethodnog pitanja", " · follow-up of the previous question")
  }
  yield run.emit({ stage: "QUESTION_INTAKE", status: "complete", message: data.summary, data })

  if (interpretation.tokens.length === 0 || interpretation.gibberishRatio > NONSENSE_RATIO_THRESHOLD) {
    return stop({
      outcome: "REFUSAL",
      ...buildRefusal("OUT_OF_SCOPE", run.locale, {
        detail: run.t("Pitanje nije čitljivo.", "The question is not readable."),
      }),
    })
  }
  if (topic !== "REGULATORY") {
    const detail = run.t(
      `Pitanje je prepoznato kao: ${TOPIC_HR[topic]}.`,
      `The question was recognised as ${TOPIC_EN[topic]}.`,
    )
    return stop({ outcome: "REFUSAL", ...buildRefusal("OUT_OF_SCOPE", run.locale, { detail }) })
  }
  const implied = {
    ...interpretation,
    ...periodAsOf(interpretation, focus, tokens),
    facts: withImpliedFacts(focusIndex(run.pack), focus, interpretation.facts),
  }
  const intake: IntakeResult = { interpretation: implied, tokens, matching: focusedMatching(run, matching, focus, selection, tokens), focus, selection }
  if (data.focus?.unknownSubject !== undefined) intake.typedUnknown = data.focus.unknownSubject
  const concepts = intake.matching.matches.map((m) => m.slug)
  // Only a pack with a focus vocabulary (2.0) knows which words it speaks of.
  const vocabulary = focusIndex(run.pack)
  // With no concept at all, the words the pack does not know are what the question is about.
  const strange = (vocabulary.subjects.size > 0 ? strangeWords(vocabulary, tokens, focus, concepts) : []).filter((w) => !carried.includes(w))
  if (strange.length > 0) {
    const typed = typedWords(question)
    intake.strangeWords = strange.map((word) => typed.get(word) ?? word).join(", ")
  }
  return proceed(intake)
}

/**
 * A deadline asked for a month ("rok za PDV prijavu za siječanj 2026.") falls after that month:
 * the filing and payment rules that apply are those in force once the period has ended (a rule
 * change on 1 February decides January's return). So does one asked for a quarter or a year named
 * as the period filed for (tax-period.ts). Other questions about a period take its first day.
 */
export function periodAsOf(
  interpretation: QueryInterpretation,
  focus: Focus,
  tokens: readonly string[],
): Pick<QueryInterpretation, "asOfDate" | "namedMonth"> | Record<string, never> {
  const start = interpretation.asOfDate
  if (focus.attribute !== "deadline" || start === undefined) return {}
  const [year, month] = start.split("-").map(Number)
  if (year === undefined || month === undefined) return {}
  if (interpretation.asOfBasis === "month") return { asOfDate: monthStart(year, month, true), namedMonth: start }
  const after = interpretation.asOfBasis === "year" ? periodEndAsOf(tokens, year) : undefined
  return after === undefined ? {} : { asOfDate: after, namedMonth: start }
}

/** The focus as the trace records it: subjects with their names, and unknown words as typed. */
function focusPayload(run: Run, focus: Focus, question: string): QuestionFocus {
  const index = focusIndex(run.pack)
  const subjects = focus.subjects.flatMap((id) => {
    const subject = index.subjects.get(id)
    return subject ? [{ id, kind: subject.kind, nameHr: subject.nameHr, nameEn: subject.nameEn }] : []
  })
  const payload: QuestionFocus = { subjects }
  if (focus.attribute) payload.attribute = focus.attribute
  if (focus.unknownTokens.length > 0) payload.unknownSubject = asTyped(question, focus.unknownTokens)
  return payload
}

/** Folded form -> the first word of the question with that form, as the user typed it (with diacritics). */
function typedWords(question: string): Map<string, string> {
  const typed = new Map<string, string>()
  for (const word of question.split(/[^\p{L}\p{N}]+/u)) {
    const folded = foldDiacritics(word)
    if (!typed.has(folded)) typed.set(folded, word)
  }
  return typed
}

/**
 * The unknown words as the user typed them. When they stand in order within a short stretch of
 * the question ("services to a German company"), that stretch is quoted whole, so the small
 * words between them read as typed instead of being dropped.
 */
function asTyped(question: string, folded: readonly string[]): string {
  const words = question.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0)
  const stretch = typedStretch(words, folded)
  if (stretch !== undefined) return stretch
  const typed = typedWords(question)
  return folded.map((token) => typed.get(token) ?? token).join(" ")
}

function typedStretch(words: readonly string[], folded: readonly string[]): string | undefined {
  const first = folded[0]
  if (first === undefined) return undefined
  const start = words.findIndex((w) => foldDiacritics(w) === first)
  if (start < 0) return undefined
  let at = start
  for (const token of folded.slice(1)) {
    const found = words.findIndex((w, i) => i > at && foldDiacritics(w) === token)
    if (found < 0) return undefined
    at = found
  }
  return at - start + 1 <= folded.length + 3 ? words.slice(start, at + 1).join(" ") : undefined
}

const WORDS = { hr: { one: "riječ", few: "riječi", other: "riječi" }, en: { one: "word", other: "words" } }

const TOPIC_EN = {
  REGULATORY: "regulatory",
  PRODUCT: "about the product",
  SUPPORT: "support",
  OFFTOPIC: "off-topic",
} as const

const TOPIC_HR = {
  REGULATORY: "regulatorno",
  PRODUCT: "o proizvodu",
  SUPPORT: "podrška",
  OFFTOPIC: "izvan teme",
} as const
