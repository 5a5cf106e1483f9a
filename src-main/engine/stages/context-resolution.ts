import type { ProfileContext } from "../../../src-shared/context"
import type { ContextResolutionPayload, FocusAttribute } from "../../../src-shared/events/payloads"
import type { RiskTier } from "../../../src-shared/events/stages"
import type { ConceptMatching } from "../../knowledge/concept-matcher"
import { buildEvaluationContext, userContextSnapshot } from "../context-builder"
import { deepFreeze } from "../freeze"
import {
  CONFIDENCE_THRESHOLD_CLARIFY,
  CONFIDENCE_THRESHOLD_STRICT,
  MAX_INTERPRETATION_CONFIDENCE,
  type QueryInterpretation,
} from "../interpret"
import { buildRefusal } from "../refusal-policy"
import { proceed, stop, type Run, type SyncStage } from "../run"
import type { IntakeResult, ResolvedContext } from "../state"
import type { DateClarificationInput } from "./date-clarification"
import { focusRefusal } from "../focus-refusal"
import { focusIndex } from "../../knowledge/focus-index"
import { formatDate } from "../../knowledge/format"
import { countryName } from "../interpret/country-names"

// CONTEXT_RESOLUTION: jurisdiction, domain, risk tier, as-of date and the evaluation context
// (frozen profile + question facts), plus the concepts of the pack the question is about, which
// decide the domain and feed the context confidence that gates clarification (seed 001 §2).

/** Below this context confidence the run asks before researching (seed 001). */
export const CONTEXT_CONFIDENCE_GATE = 0.9

export function* contextResolutionStage(
  run: Run,
  intake: IntakeResult,
  profile: ProfileContext | undefined,
  dates: {
    asOfDate: string | undefined
    askedOn: string | undefined
    /** A follow-up's own date replaces the thread's: the user just typed it. */
    questionDateWins?: boolean
  },
  clientId: string | undefined,
): SyncStage<ResolvedContext> {
  const { interpretation, matching } = intake
  // A deadline for a named month is decided by the rules in force once that month has ended,
  // whatever day it is asked on; a follow-up's own date is the one the user just typed.
  const questionDecides =
    interpretation.namedMonth !== undefined || (dates.questionDateWins === true && interpretation.asOfDate !== undefined)
  const requestAsOf = questionDecides ? undefined : dates.asOfDate
  yield run.emit({
    stage: "CONTEXT_RESOLUTION",
    status: "started",
    message: run.t("Utvrđujem kontekst pitanja…", "Resolving the question's context…"),
  })
  // The run's "today": the day the request says it was asked (a replay), else the clock's.
  const clockDate = dates.askedOn ?? run.deps.clock().toISOString().slice(0, 10)
  const built = buildEvaluationContext({ profile, interpretation, requestAsOf, clockDate })
  const context = deepFreeze(built.context)
  const foreign = interpretation.jurisdiction.hint === "OTHER"
  const riskTier = focusTier(intake) ?? strictestTier(interpretation.riskTier, topicTier(run, matching))
  const domain =
    interpretation.domain === "OTHER" && matching.matches.length > 0 ? "TAX" : interpretation.domain
  const confidence = focusedConfidence(intake, contextConfidence(interpretation, matching), focusIndex(run.pack).subjects.size > 0)
  const jurisdiction = foreign ? "UNKNOWN" : interpretation.jurisdiction.hint === "EU" ? "EU" : "HR"
  const dateToAsk = impossibleDateToAsk(interpretation, requestAsOf, clockDate) ?? disagreeingDateToAsk(interpretation, requestAsOf, intake.focus.attribute === "deadline")

  const data: ContextResolutionPayload = {
    summary: contextSummary(run, jurisdiction, domain, riskTier, dateToAsk ? `${dateToAsk.kind === "impossible" ? dateToAsk.impossible.written : formatDate(dateToAsk.questionDate, run.locale)}?` : formatDate(context.asOf, run.locale)),
    jurisdiction,
    domain,
    riskTier,
    language: run.locale,
    intent: interpretation.intent,
    asOfDate: context.asOf,
    entities: interpretation.entities,
    confidence,
    requiresClarification: confidence < CONTEXT_CONFIDENCE_GATE || dateToAsk !== undefined,
    userContextSnapshot: userContextSnapshot(context, built.assumedDefaults),
    evaluationContext: context,
    factSources: built.factSources,
  }
  if (clientId !== undefined) data.clientId = clientId
  yield run.emit({ stage: "CONTEXT_RESOLUTION", status: "complete", message: data.summary, data })

  if (foreign) {
    const country = interpretation.jurisdiction.country
    const detail = country
      ? run.t(
          `Pitanje se odnosi na drugu državu (${countryName(country, "hr")}).`,
          `The question is about another country (${countryName(country, "en")}).`,
        )
      : undefined
    return stop({ outcome: "REFUSAL", ...buildRefusal("UNSUPPORTED_JURISDICTION", run.locale, { detail }) })
  }
  const outOfFocus = focusRefusal(run, intake)
  if (outOfFocus) return stop(outOfFocus)
  if (matching.matches.length === 0 && domain !== "TAX" && domain !== "OTHER") {
    const detail = run.t(
      `Područje pitanja (${DOMAIN_WORDS[domain].hr}) nije pokriveno paketom ${run.pack.id}.`,
      `The question's domain (${DOMAIN_WORDS[domain].en}) is not covered by pack ${run.pack.id}.`,
    )
    return stop({ outcome: "REFUSAL", ...buildRefusal("UNSUPPORTED_DOMAIN", run.locale, { detail }) })
  }
  return proceed({
    context,
    factSources: built.factSources,
    assumedDefaults: built.assumedDefaults,
    matching,
    confidence,
    riskTier,
    profileGiven: profile !== undefined,
    ...(dateToAsk ? { dateToAsk } : {}),
  })
}

const JURISDICTION_WORDS = { HR: { hr: "Hrvatska", en: "Croatia" }, EU: { hr: "EU", en: "EU" }, UNKNOWN: { hr: "nepoznata država", en: "unknown country" } }
const DOMAIN_WORDS = {
  TAX: { hr: "porezi", en: "tax" },
  LABOR: { hr: "rad i plaće", en: "labour and pay" },
  COMPANY: { hr: "društva", en: "companies" },
  FINANCE: { hr: "financije", en: "finance" },
  OTHER: { hr: "ostalo", en: "other" },
}
const TIER_WORDS: Record<RiskTier, { hr: string; en: string }> = {
  T0: { hr: "rizik: kritičan", en: "risk: critical" },
  T1: { hr: "rizik: visok", en: "risk: high" },
  T2: { hr: "rizik: srednji", en: "risk: medium" },
  T3: { hr: "rizik: nizak", en: "risk: low" },
}

/** "Hrvatska · porezi · rizik: srednji · 1. 6. 2025.": the context in words, no codes. */
function contextSummary(
  run: Run,
  jurisdiction: keyof typeof JURISDICTION_WORDS,
  domain: keyof typeof DOMAIN_WORDS,
  tier: RiskTier,
  date: string,
): string {
  const words = [JURISDICTION_WORDS[jurisdiction], DOMAIN_WORDS[domain], TIER_WORDS[tier]].map((w) => w[run.locale])
  return [...words, date].join(" · ")
}

/**
 * The impossible date the run must ask about, if any. A date set on the request (the form's date
 * field, --as-of) is the user's explicit choice for the run and wins over the question's text as
 * it does for real dates, so an impossible date in the text is then not asked about: the answer
 * states the date it is for. Without one, the run neither assumes today nor a year's first day.
 */
function impossibleDateToAsk(
  interpretation: QueryInterpretation,
  requestAsOf: string | undefined,
  clockDate: string,
): DateClarificationInput | undefined {
  const [impossible] = interpretation.impossibleDates
  if (requestAsOf !== undefined || impossible === undefined) return undefined
  const basis = interpretation.asOfBasis
  const fromQuestion = basis === "explicit_date" || basis === "single_date" ? interpretation.asOfDate : undefined
  return { kind: "impossible", impossible, clockDate, ...(fromQuestion === undefined ? {} : { questionDate: fromQuestion }) }
}

/**
 * A request made for one date about a question that names another period ("minimalna plaća za
 * 2023." asked with the date 26. 11. 2026. set in the form or the thread): the run asks which
 * one, instead of answering for the request's date a question about another year. A request
 * date inside the named year, month or day agrees with it and stays; so does any later date for
 * a deadline of a named year ("rok za porez na dobit za 2025." is asked after 2025 has ended).
 */
function disagreeingDateToAsk(
  interpretation: QueryInterpretation,
  requestAsOf: string | undefined,
  deadline: boolean,
): DateClarificationInput | undefined {
  const questionDate = interpretation.asOfDate
  const basis = interpretation.asOfBasis
  if (requestAsOf === undefined || questionDate === undefined || basis === undefined) return undefined
  const sameLength = basis === "year" ? 4 : basis === "month" ? 7 : 10
  if (requestAsOf.slice(0, sameLength) === questionDate.slice(0, sameLength)) return undefined
  if (deadline && basis === "year" && requestAsOf > questionDate) return undefined
  const input: DateClarificationInput = { kind: "disagreeing", questionDate, requestDate: requestAsOf }
  if (basis === "year") input.questionYear = Number(questionDate.slice(0, 4))
  return input
}

/**
 * Context confidence: how sure we are what the question is about. Two views, the better wins:
 * - the interpreter's confidence, +0.1 when the question names a concept of the pack clearly,
 *   capped below the strict threshold with fewer than two entities (seed 003: 0.6–0.75 needs 2+);
 * - the pack's view: an unambiguous match on an alias or several distinctive keywords (0.9), or
 *   on one distinctive keyword (0.8). The pack knows subjects the interpreter's lexicon does not.
 * No concept at all caps it at 0.5 (ask which topic); concepts of different topics scoring about
 * the same, or only terms many concepts share, cap it at 0.85 (confirm first).
 */
export function contextConfidence(interpretation: QueryInterpretation, matching: ConceptMatching): number {
  const best = matching.matches[0]
  const round = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 100) / 100
  if (!best) return round(Math.min(interpretation.confidence, 0.5))
  const clear = !matching.ambiguous && matching.bestWeight >= 0.5
  let fromInterpreter = interpretation.confidence + (clear && best.score >= 0.5 ? 0.1 : 0)
  if (interpretation.confidence < CONFIDENCE_THRESHOLD_STRICT && interpretation.entities.length < 2)
    fromInterpreter = Math.min(fromInterpreter, CONFIDENCE_THRESHOLD_STRICT)
  const fromPack =
    clear && best.score >= 0.6 ? (matching.bestWeight >= 2 ? 0.9 : matching.bestWeight >= 1 ? 0.8 : 0) : 0
  const confidence = Math.max(fromInterpreter, fromPack)
  return round(clear ? confidence : Math.min(confidence, 0.85))
}

/**
 * The focus settles what keyword matching can only guess: one concept that fits the question's
 * subjects and attribute needs no confirmation; several fitting ones are a choice to offer (below
 * the clarify threshold, so that the user picks among them instead of confirming one).
 */
function focusedConfidence(intake: IntakeResult, confidence: number, focusVocabulary: boolean): number {
  // Words the pack never speaks of: the topic found may be only part of the question; confirm it.
  const confirm = (c: number) => (intake.strangeWords ? Math.min(c, STRANGE_WORDS_CONFIDENCE) : c)
  // Neither a subject nor an attribute of the pack ("porez"): which topic is it? Offer a choice.
  if (focusVocabulary && intake.selection.kind === "open" && intake.focus.attribute === undefined)
    return Math.min(confirm(confidence), CONFIDENCE_THRESHOLD_CLARIFY - 0.05)
  if (intake.selection.kind !== "fits") return confirm(confidence)
  if (!intake.matching.ambiguous) return confirm(Math.max(confidence, MAX_INTERPRETATION_CONFIDENCE))
  return Math.min(confidence, CONFIDENCE_THRESHOLD_CLARIFY - 0.05)
}

/** Below the gate, above the clarify threshold: the run asks the user to confirm its topic. */
const STRANGE_WORDS_CONFIDENCE = 0.8

/**
 * The risk of a question whose focus the pack settles follows what is asked (seed 001 §3, seed
 * 003's tiers): a penalty is critical, a deadline or an obligation high, a published rate, amount
 * or threshold medium. The basic VAT rate is not a high-risk question because "PDV" is in it.
 */
const ATTRIBUTE_TIER: Record<FocusAttribute, RiskTier> = {
  penalty: "T0",
  deadline: "T1",
  obligation: "T1",
  threshold: "T2",
  rate: "T2",
  amount: "T2",
  procedure: "T2",
}

function focusTier(intake: IntakeResult): RiskTier | undefined {
  const attribute = intake.focus.attribute
  return intake.selection.kind === "fits" && attribute ? ATTRIBUTE_TIER[attribute] : undefined
}

function topicTier(run: Run, matching: ConceptMatching): RiskTier | undefined {
  const slug = matching.matches[0]?.slug
  const concept = slug ? run.index.concepts.get(slug) : undefined
  return concept ? run.index.topics.get(concept.topic)?.riskTier : undefined
}

function strictestTier(a: RiskTier, b: RiskTier | undefined): RiskTier {
  return b !== undefined && b < a ? b : a
}
