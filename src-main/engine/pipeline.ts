import type { EvaluationContext, FactSource } from "../../src-shared/context"
import type { ReasoningEvent, TerminalPayload } from "../../src-shared/events/event"
import { buildAnswer, primaryRule } from "./answer/terminal"
import { answerViolations, focusViolations } from "./answer/validate"
import { answerFocus } from "./answer-focus"
import { withAnsweredAsOf } from "./context-builder"
import { deepFreeze, frozenCopy, snapshotHash } from "./freeze"
import { buildError } from "./refusal-policy"
import { Run } from "./run"
import { cancelledTerminal, StageTimeoutError, withStageLimit } from "./stage-limit"
import { analysisStage } from "./stages/analysis"
import { applicabilityStage } from "./stages/applicability"
import { clarificationStage } from "./stages/clarification"
import { profileFit } from "./profile-fit"
import { confidenceStage } from "./stages/confidence"
import { conflictsStage } from "./stages/conflicts"
import { CONTEXT_CONFIDENCE_GATE, contextResolutionStage } from "./stages/context-resolution"
import { dateClarificationStage } from "./stages/date-clarification"
import { questionIntakeStage } from "./stages/question-intake"
import { readQuestion } from "./follow-up"
import { focusIndex } from "../knowledge/focus-index"
import { retrievalStage } from "./stages/retrieval"
import { sourcesStage } from "./stages/sources"
import type { RetrievalState } from "./state"
import { contentTokens } from "./focus-words"
import type { EngineDeps, EngineRequest, ReasoningEngine } from "./types"
import { awaitIn, driveRun, type RunBody } from "./run-driver"
import { withDocumentFacts } from "./document-facts"
import { withDocumentActions } from "./document-actions"
import { interpretationGate, mayInterpret } from "./interpretation-gate"
import { focusWithChosenAttribute } from "./chosen-attribute"

// The reasoning generator (seed 001 §7): one generator per stage composed with yield*, exactly
// one terminal event, yielded and returned. Deterministic for the same question, as-of date,
// profile, pack and clarification answers (timestamps aside).

// A plain function handing on the driven body: nothing runs before the first next() but the
// Run's construction. The body and its stages are plain generators (run-driver.ts).
function rulesRun(request: EngineRequest, deps: EngineDeps): AsyncGenerator<ReasoningEvent, TerminalPayload> {
  const run = new Run(request.requestId, deps, request.locale ?? "hr")
  return driveRun(guarded(run, () => fullRun(run, request)))
}

/**
 * The engine: a question about the fields of a document the request carries is answered from the
 * document (document-facts.ts), every other question by the rules. One entry point, so that a
 * live run, a replay and a bundle's verification take the same path.
 */
export const buildAnswerWithReasoning: ReasoningEngine = withDocumentActions(withDocumentFacts(rulesRun))

export interface ContinueRequest {
  /** The new run's id (a counterfactual is a run of its own). */
  requestId: string
  /** SOURCES and RETRIEVAL of the original run (see retrievalStateFromEvents). */
  state: RetrievalState
  /** The changed evaluation context; defaults to the original one. */
  context?: EvaluationContext
  factSources?: Record<string, FactSource>
}

/**
 * Re-runs APPLICABILITY, CONFLICTS, ANALYSIS, CONFIDENCE and the terminal on a (changed) context,
 * reusing the original run's sources and retrieved rules: the what-if seam (seed 001 §10).
 */
export function continueFromRetrieval(
  request: ContinueRequest,
  deps: EngineDeps,
): AsyncGenerator<ReasoningEvent, TerminalPayload> {
  return driveRun(continuedRun(request, deps))
}

function* continuedRun(request: ContinueRequest, deps: EngineDeps): RunBody {
  const state: RetrievalState = {
    ...request.state,
    context: frozenCopy(request.context ?? request.state.context),
    factSources: { ...(request.factSources ?? request.state.factSources) },
  }
  const run = new Run(request.requestId, deps, state.locale)
  const hashAtStart = snapshotHash(state.context)
  return yield* guarded(run, () =>
    fromApplicability(run, state, hashAtStart, () => snapshotHash(state.context)),
  )
}

/** Capacity gate, error handling and the single terminal event around a run's stages. */
function* guarded(run: Run, body: () => RunBody): RunBody {
  const gate = run.deps.gate
  if (gate && !gate.tryAcquire()) {
    const terminal: TerminalPayload = {
      outcome: "ERROR",
      ...buildError("CAPACITY", run.locale, run.requestId),
    }
    yield run.terminalEvent(terminal)
    return terminal
  }
  try {
    let terminal: TerminalPayload
    try {
      terminal = yield* body()
    } catch (error) {
      terminal =
        error instanceof StageTimeoutError
          ? { outcome: "ERROR", ...buildError("TIMEOUT", run.locale, run.requestId, error.stage) }
          : { outcome: "ERROR", ...buildError("INTERNAL", run.locale, run.requestId) }
    }
    yield run.terminalEvent(terminal)
    return terminal
  } finally {
    gate?.release()
  }
}

function* fullRun(run: Run, request: EngineRequest): RunBody {
  const profile = request.profile ? frozenCopy(request.profile) : undefined
  const hashAtStart = snapshotHash(profile)
  // A follow-up in a thread is read with what it inherits from the previous turn.
  const reading = readQuestion(focusIndex(run.pack), request.question, request.previousTurn)
  let intake = yield* withStageLimit(
    run,
    "QUESTION_INTAKE",
    questionIntakeStage(run, reading.question, request.locale, reading.followUp, reading.carried),
  )
  // Issue 24: a question the pack found no concept for may be read as a local model proposes, if the user agrees.
  if (mayInterpret(run)) intake = yield* awaitIn(interpretationGate(run, reading.question, intake))
  if (!intake.ok) return intake.terminal
  const resolved = yield* withStageLimit(
    run,
    "CONTEXT_RESOLUTION",
    contextResolutionStage(
      run,
      intake.value,
      profile,
      { asOfDate: request.asOfDate, askedOn: request.askedOn, questionDateWins: reading.followUp !== undefined },
      request.clientId,
    ),
  )
  if (!resolved.ok) return resolved.terminal
  const { matching } = resolved.value
  // Topics the client's facts rule out are never offered; when they leave one, it is the topic.
  const fit = profileFit(run.index, matching.matches, resolved.value.context)
  let concepts = fit.matches
  const settledByProfile = fit.narrowed && concepts.length === 1 && intake.value.strangeWords === undefined
  if (resolved.value.confidence < CONTEXT_CONFIDENCE_GATE && !settledByProfile) {
    const clarified = yield* awaitIn(clarificationStage(run, {
      question: reading.question,
      confidence: resolved.value.confidence,
      concepts,
      ranked: matching.ranked,
      isRuledOut: fit.isRuledOut,
      tokens: intake.value.tokens,
      contentTokens: contentTokens(intake.value.tokens, intake.value.focus),
      focus: intake.value.focus,
      ...(intake.value.strangeWords ? { strangeWords: intake.value.strangeWords } : {}),
    }))
    if (!clarified.ok) return clarified.terminal
    concepts = clarified.value
  }
  // A date the question names but that does not exist is asked about after the topic (a run
  // refused for its topic needs no date); the answer is the run's date from here on.
  let dated = resolved.value
  if (dated.dateToAsk) {
    const answered = yield* awaitIn(dateClarificationStage(run, dated.dateToAsk))
    if (!answered.ok) return answered.terminal
    dated = withAnsweredAsOf(dated, answered.value)
    deepFreeze(dated.context)
  }
  const focus = answerFocus(run, focusWithChosenAttribute(intake.value.focus, concepts), concepts, intake.value.tokens)
  const found = yield* withStageLimit(run, "SOURCES", sourcesStage(run, concepts, focus))
  if (!found.ok) return found.terminal
  const retrieved = yield* withStageLimit(run, "RETRIEVAL", retrievalStage(run, concepts, found.value.rules, focus))
  if (!retrieved.ok) return retrieved.terminal
  const state: RetrievalState = {
    locale: run.locale,
    context: dated.context,
    factSources: dated.factSources,
    assumedDefaults: dated.assumedDefaults,
    profileGiven: dated.profileGiven,
    concepts,
    rules: retrieved.value,
    sources: found.value.sources,
    focus,
  }
  return yield* fromApplicability(run, state, hashAtStart, () => snapshotHash(profile))
}

function* fromApplicability(
  run: Run,
  state: RetrievalState,
  hashAtStart: string,
  hashNow: () => string,
): RunBody {
  const applicability = yield* withStageLimit(run, "APPLICABILITY", applicabilityStage(run, state))
  if (!applicability.ok) return applicability.terminal
  const proposed = applicability.value.checks
    .filter((c) => c.failure === "proposed" && c.conditionsHold !== false)
    .map((c) => c.rule)
  const conflicts = yield* withStageLimit(run, "CONFLICTS", conflictsStage(run, applicability.value.eligible, proposed))
  if (!conflicts.ok) return conflicts.terminal
  const analysis = yield* withStageLimit(
    run,
    "ANALYSIS",
    analysisStage(run, state, applicability.value, conflicts.value),
  )
  if (!analysis.ok) return analysis.terminal
  const confidence = yield* withStageLimit(
    run,
    "CONFIDENCE",
    confidenceStage(run, state, applicability.value, conflicts.value),
  )
  if (!confidence.ok) return confidence.terminal

  const answer = buildAnswer(run, state, applicability.value, conflicts.value)
  const violations = [
    ...answerViolations(answer, {
      asOf: state.context.asOf,
      snapshotHashAtStart: hashAtStart,
      snapshotHashNow: hashNow(),
    }),
    ...focusViolations(answer, primaryRule(state, applicability.value, conflicts.value), state.focus, run.index),
  ]
  if (violations.length > 0)
    return { outcome: "ERROR", ...buildError("VALIDATION_FAILED", run.locale, run.requestId, answer.outcome) }
  const pauseMs = run.deps.deliberatePauseMs ?? 0
  if (pauseMs > 0 && run.deps.signal?.aborted !== true) yield* awaitIn(deliberatePause(run, pauseMs))
  // The last stop check: a Stop during the pause ends the run here, without the answer.
  if (run.stopRequested()) return cancelledTerminal(run)
  return answer
}

/** The deliberate pause before the answer (seed 001 §2); the user's Stop ends it at once. */
// eslint-disable-next-line require-yield -- a wait without events, run by the driver (awaitIn)
async function* deliberatePause(run: Run, ms: number): AsyncGenerator<ReasoningEvent, void> {
  const signal = run.deps.signal
  await new Promise<void>((resolve) => {
    const end = () => {
      clearTimeout(timer)
      signal?.removeEventListener("abort", end)
      resolve()
    }
    const timer = setTimeout(end, ms)
    signal?.addEventListener("abort", end, { once: true })
  })
}
