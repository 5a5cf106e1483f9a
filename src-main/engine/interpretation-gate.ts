import type { TerminalPayload } from "../../src-shared/events/event"
import type { ClarificationAnswerPayload, ClarificationPayload, ConceptMatch, FocusAttribute } from "../../src-shared/events/payloads"
import type { Locale } from "../../src-shared/events/stages"
import { matchConcepts } from "../knowledge/concept-matcher"
import { extractFocus } from "../knowledge/focus"
import { answersAttribute, selectFocusConcepts, type AskedAttribute } from "../knowledge/focus-concepts"
import { focusIndex } from "../knowledge/focus-index"
import type { LoadedPack } from "../knowledge/loader"
import { packIndex } from "../knowledge/pack-index"
import type { Concept } from "../knowledge/pack-schema"
import { foldDiacritics, questionTokens } from "../knowledge/text"
import { splitChosenAttribute, withChosenAttribute } from "./chosen-attribute"
import { focusRefusal } from "./focus-refusal"
import { withImpliedFacts } from "./implied-facts"
import { interpretQuestion, MAX_PROCESSED_CHARS, NONSENSE_RATIO_THRESHOLD } from "./interpret"
import { proceed, stop, type AsyncStage, type Run, type StageOutcome } from "./run"
import { cancelledTerminal } from "./stage-limit"
import { CLARIFY_CANCEL, nextAnswer } from "./stages/clarification"
import { periodAsOf } from "./stages/question-intake"
import type { IntakeResult } from "./state"
import type { InterpretationAsk, ProposedInterpretation } from "./types"
import { attributeWord } from "./attribute-words"

export type { InterpretationAsk, ProposedInterpretation }

// The local model's reading of a question the pack found no concept for (issue 24, point 3). Where
// the engine is about to refuse a readable question because nothing in the pack matched it (off
// topic for the intake, only everyday words, another domain), a proposer (the app's local model)
// may name ONE concept of the pack and the attribute asked. The engine checks the proposal itself
// (the concept exists, its published rules answer that attribute, the attribute answers what the
// question asks), asks the user "Did you mean …?", and only on a yes runs on it: the concept is
// the run's only concept, its subjects and the attribute are the answer's focus, so the focus
// check (answer/validate.ts) holds the answer to them like any other. No proposal, an invalid one
// or a no leaves the run as it would be without a proposer. A question naming a subject of the
// pack, or a thing the pack has no subject for, is never reinterpreted: its focus decides.
// The proposal is recorded in the clarification's option; a replay or a resume reads it from there
// (EngineDeps.interpretations) and never asks the proposer again.

export type InterpretationCheck = { ok: true; concept: Concept } | { ok: false; why: "not_in_pack" | "no_attribute" | "not_asked" }

/** The clarification's reason, and the option values it offers. */
export const INTERPRETATION_REASON = "interpretation"
export const INTERPRETATION_DECLINE = "decline"
const CONCEPT_PREFIX = "concept:"


/** The answer that accepts a proposal: "concept:<slug>;attribute=<attribute>" (chosen-attribute.ts). */
export function interpretationAnswer(proposal: ProposedInterpretation): string {
  return withChosenAttribute(`${CONCEPT_PREFIX}${proposal.concept}`, proposal.attribute)
}

/** "„Stopa poreza na dobit”, stopa": the proposal as the user reads it. */
export function interpretationLabel(concept: Pick<Concept, "nameHr" | "nameEn">, attribute: FocusAttribute, locale: Locale): string {
  return locale === "hr" ? `„${concept.nameHr}”, ${attributeWord(attribute, "hr")}` : `“${concept.nameEn}”, ${attributeWord(attribute, "en")}`
}

/** Whether a proposal may be offered for a question asking `asked`: the one check both sides use. */
export function checkInterpretation(pack: LoadedPack, asked: AskedAttribute, proposal: { concept: string; attribute: string }): InterpretationCheck {
  const concept = packIndex(pack).concepts.get(proposal.concept)
  if (concept === undefined) return { ok: false, why: "not_in_pack" }
  const attribute = [...(focusIndex(pack).conceptAttributes.get(concept.slug) ?? [])].find((a) => a === proposal.attribute)
  if (attribute === undefined) return { ok: false, why: "no_attribute" }
  if (!answersAttribute(asked, attribute)) return { ok: false, why: "not_asked" }
  return { ok: true, concept }
}

/**
 * Whether the gate is on for this run: with no proposer and nothing recorded it costs one check.
 * A replay of a stopped run goes through it too: the live run may have been stopped while it
 * waited for the proposer (the stop check after the wait), and the replay must stop there as well.
 */
export function mayInterpret(run: Run): boolean {
  return run.deps.proposeInterpretation !== undefined || (run.deps.interpretations?.length ?? 0) > 0 || run.deps.stopAtSeq !== undefined
}

/**
 * The gate, between QUESTION_INTAKE and CONTEXT_RESOLUTION. `intake` is the intake's outcome; what
 * comes back is the intake to go on with: the same one (no proposal, an invalid one, a no) or, on
 * a yes, the question read as the proposal.
 */
export async function* interpretationGate(run: Run, question: string, intake: StageOutcome<IntakeResult>): AsyncStage<IntakeResult> {
  const unplaced = unplacedIntake(run, question, intake)
  if (unplaced === undefined) return intake
  const asked = askedOf(unplaced)
  const proposal = await proposalFor(run, { question, locale: run.locale, forSeq: run.nextSeq, asked })
  // A stop check after the wait (the proposer aborts its request on the Stop): a run the user
  // stopped while the model was asked ends as cancelled, like a Stop at any other moment, whatever
  // the proposer replied. A replay without a proposer reaches this check at the same seq.
  if (run.stopRequested()) return stop(cancelledTerminal(run))
  if (proposal === undefined) return intake
  const checked = checkInterpretation(run.pack, asked, proposal)
  if (!checked.ok) return intake
  const accept = interpretationAnswer(proposal)
  const label = interpretationLabel(checked.concept, proposal.attribute, run.locale)
  const request: ClarificationPayload = {
    question: run.t(
      `Jeste li mislili: ${label}? Paket propisa nije prepoznao temu pitanja, a lokalni jezični model predlaže ovo tumačenje. Ako potvrdite, odgovor daje i provjerava sustav pravila, kao i za svako pitanje.`,
      `Did you mean: ${label}? The rule pack did not recognise the question's topic, and the local language model proposes this reading. If you confirm, the rule engine answers it and checks the answer as it checks every question.`,
    ),
    options: [
      { label: run.t(`Da: ${label}`, `Yes: ${label}`), value: accept },
      { label: run.t("Ne, pitanje je o nečemu drugom", "No, the question is about something else"), value: INTERPRETATION_DECLINE },
    ],
    freeformAllowed: false,
    required: true,
    reason: INTERPRETATION_REASON,
  }
  yield run.emit({ stage: "CLARIFICATION", status: "awaiting_input", message: request.question, data: request })
  const answer = await nextAnswer(run, request)
  const given = answer.kind === "cancel" ? CLARIFY_CANCEL : answer.value
  const accepted = given === accept || isLabelOf(given, request.options?.[0]?.label ?? "")
  const confirmedContext = accepted ? label : run.t("Tumačenje modela nije prihvaćeno", "The model's reading was not accepted")
  const data: ClarificationAnswerPayload = { confirmedContext, answer: given }
  yield run.emit({ stage: "CLARIFICATION", status: "complete", message: confirmedContext, data })
  return accepted ? proceed(readAs(unplaced, checked.concept, proposal.attribute)) : intake
}

/** The proposals a trace's interpretation clarifications recorded, in order (for a replay or a resume). */
export function recordedInterpretations(events: readonly unknown[]): ProposedInterpretation[] {
  const found: ProposedInterpretation[] = []
  for (const event of events) {
    const e = event as { stage?: unknown; status?: unknown; data?: { reason?: unknown; options?: unknown } } | null
    if (e?.stage !== "CLARIFICATION" || e.status !== "awaiting_input" || e.data?.reason !== INTERPRETATION_REASON) continue
    const options = Array.isArray(e.data.options) ? (e.data.options as { value?: unknown }[]) : []
    const parsed = options.map((o) => (typeof o.value === "string" ? parseAnswer(o.value) : undefined)).find((p) => p !== undefined)
    if (parsed !== undefined) found.push(parsed)
  }
  return found
}

function parseAnswer(answer: string): ProposedInterpretation | undefined {
  const { value, attribute } = splitChosenAttribute(answer)
  if (!value.startsWith(CONCEPT_PREFIX) || attribute === undefined) return undefined
  return { concept: value.slice(CONCEPT_PREFIX.length), attribute }
}

/** A recorded proposal (replay, resume), else the proposer's; anything that goes wrong is none. */
async function proposalFor(run: Run, ask: InterpretationAsk): Promise<ProposedInterpretation | undefined> {
  const recorded = run.deps.interpretations
  if (recorded !== undefined) return recorded[0]
  const propose = run.deps.proposeInterpretation
  if (propose === undefined) return undefined
  const { stageTimeoutMs, signal } = run.deps
  try {
    const proposal = await propose({ ...ask, ...(stageTimeoutMs === undefined ? {} : { limitMs: stageTimeoutMs }), ...(signal === undefined ? {} : { signal }) })
    return proposal ?? undefined
  } catch {
    return undefined
  }
}

/**
 * The question's intake when the engine is about to refuse it for finding no concept of the pack:
 * refused by the intake as off topic (readable), or about to be refused by CONTEXT_RESOLUTION for
 * matching only everyday words or another domain. Undefined for every other run, among them a
 * question that names a subject of the pack or a thing the pack has no subject for (its focus
 * decides), and one about another country.
 */
function unplacedIntake(run: Run, question: string, intake: StageOutcome<IntakeResult>): IntakeResult | undefined {
  if (!intake.ok) return offTopic(intake.terminal) ? openIntake(run, intakeOf(run, question)) : undefined
  const read = openIntake(run, intake.value)
  if (read === undefined) return undefined
  const weakly = focusRefusal(run, read) !== undefined
  const otherDomain = read.matching.matches.length === 0 && read.interpretation.domain !== "TAX" && read.interpretation.domain !== "OTHER"
  return weakly || otherDomain ? read : undefined
}

function offTopic(terminal: TerminalPayload): boolean {
  return terminal.outcome === "REFUSAL" && terminal.reason === "OUT_OF_SCOPE"
}

/** The intake when its focus is open (no subject, no unknown thing) and the question is about Croatia. */
function openIntake(run: Run, intake: IntakeResult | undefined): IntakeResult | undefined {
  if (intake === undefined || intake.selection.kind !== "open" || intake.interpretation.jurisdiction.hint === "OTHER") return undefined
  return intake
}

/** The intake a question refused as off topic would have had (stages/question-intake.ts), if readable. */
function intakeOf(run: Run, question: string): IntakeResult | undefined {
  const interpretation = interpretQuestion(question)
  if (interpretation.tokens.length === 0 || interpretation.gibberishRatio > NONSENSE_RATIO_THRESHOLD) return undefined
  const tokens = questionTokens(question.slice(0, MAX_PROCESSED_CHARS))
  const index = focusIndex(run.pack)
  const focus = extractFocus(index, tokens, {
    tripAbroad: interpretation.destinationAbroad !== undefined,
    euGoodsSupply: interpretation.euGoodsSupplyTo !== undefined,
  })
  const implied = { ...interpretation, ...periodAsOf(interpretation, focus, tokens), facts: withImpliedFacts(index, focus, interpretation.facts) }
  return { interpretation: implied, tokens, matching: matchConcepts(run.index, tokens), focus, selection: selectFocusConcepts(index, focus) }
}

function askedOf(intake: IntakeResult): AskedAttribute {
  const { attribute, vagueAmount, sinceWhen, paying } = intake.focus
  return { ...(attribute === undefined ? {} : { attribute }), vagueAmount, sinceWhen, ...(paying === undefined ? {} : { paying }) }
}

/**
 * The question read as the accepted proposal: the concept is its only concept, and the answer must
 * be about the concept's subjects and answer the proposed attribute (narrower than or equal to what
 * the question asked, checked above), so the sources, the retrieval and the focus check hold it to them.
 */
function readAs(intake: IntakeResult, concept: Concept, attribute: FocusAttribute): IntakeResult {
  const match: ConceptMatch = {
    slug: concept.slug,
    nameHr: concept.nameHr,
    nameEn: concept.nameEn,
    score: 1,
    matchedBy: [`attribute:${attribute}`, INTERPRETATION_REASON],
  }
  const subjects = [...(concept.subjects ?? [])]
  return {
    interpretation: intake.interpretation,
    tokens: intake.tokens,
    matching: { matches: [match], ranked: [match], bestWeight: 2, ambiguous: false },
    focus: { ...intake.focus, subjects, attribute, vagueAmount: false, sinceWhen: false, paying: false },
    selection: { kind: "fits", concepts: [concept], partial: false },
  }
}

/** Folded comparison of a typed answer with an option's label (the command line's resume). */
function isLabelOf(typed: string, label: string): boolean {
  return foldDiacritics(typed.trim()) === foldDiacritics(label)
}
