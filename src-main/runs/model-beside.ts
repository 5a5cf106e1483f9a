import type { ReasoningEvent } from "../../src-shared/events/event"
import type { EngineRequest } from "../engine/types"
import type { CompanionRun, ModelCompanion, ModelCompanionFactory } from "../model/model-run"
import type { AuditSinkOptions } from "../sinks/audit-sink"

// The local model beside one run (issue 24), for the run service: the model the caller asked for
// (the CLI's --model), else the host's provider when it is on; never for a what-if re-run (a
// hypothetical answers a changed fact, not a question anyone is reading; nor for a scenario
// re-check). A run resumed after a clarification gets the model again for the stages that follow
// (run.resume; model/paused-parts.ts keeps its part from before the pause). Off, the run and its
// audit options are exactly as without a model.

export interface ModelChoice {
  /** The model the caller gave for this run. */
  given: ModelCompanionFactory | undefined
  /** The host's provider, asked per run (a saved setting applies to the next question). */
  provider: (() => ModelCompanionFactory | undefined) | undefined
  hypothetical: boolean
}

export function besideModel(
  generator: AsyncGenerator<ReasoningEvent, unknown>,
  choice: ModelChoice,
  request: EngineRequest,
  run: CompanionRun,
  withoutModel: AuditSinkOptions,
): { events: AsyncGenerator<ReasoningEvent, unknown>; audit: AuditSinkOptions } {
  return besideCompanion(generator, companionOf(choice, request, run), withoutModel)
}

/**
 * The model beside a new run, made before the engine starts: the engine may ask it mid-run (its
 * reading of a question the pack cannot place: ModelCompanion.engineHooks). Undefined: no model.
 */
export function companionOf(choice: ModelChoice, request: EngineRequest, run: CompanionRun): ModelCompanion | undefined {
  const factory = choice.given ?? (choice.hypothetical ? undefined : choice.provider?.())
  return factory?.(request, run)
}

/** The run's events with the model beside them, and the audit options that chain its records. */
export function besideCompanion(
  generator: AsyncGenerator<ReasoningEvent, unknown>,
  model: ModelCompanion | undefined,
  withoutModel: AuditSinkOptions,
): { events: AsyncGenerator<ReasoningEvent, unknown>; audit: AuditSinkOptions } {
  if (model === undefined) return { events: generator, audit: withoutModel }
  // With the model on, its records follow the terminal in the same commit (trace format 2).
  return { events: model.beside(generator), audit: { trailer: (seq) => model.trailer(seq) } }
}

/** Where a suspended run stands as the resume finds it (run-service.ts continueSuspended). */
export interface SuspendedAt {
  row: { counterfactualOf: string | null }
  /** The stored awaiting_input event the run goes on from. */
  last: ReasoningEvent
  /** The answer given; null: the clarification is cancelled (the run ends without the model). */
  answer: string | null
}

/** The host's model beside a resumed run: for an answered clarification of a question (not a what-if). */
export function besideResumedModel(
  generator: AsyncGenerator<ReasoningEvent, unknown>,
  provider: (() => ModelCompanionFactory | undefined) | undefined,
  request: EngineRequest,
  run: Omit<CompanionRun, "resume">,
  suspended: SuspendedAt,
  withoutModel: AuditSinkOptions,
): { events: AsyncGenerator<ReasoningEvent, unknown>; audit: AuditSinkOptions } {
  const { last, answer } = suspended
  const hypothetical = suspended.row.counterfactualOf !== null || answer === null
  if (answer === null) return besideModel(generator, { given: undefined, provider, hypothetical }, request, run, withoutModel)
  const clarification = last.stage === "CLARIFICATION" && last.status === "awaiting_input" ? last.data : undefined
  const resume = { afterSeq: last.seq + 1, clarification, answer }
  return besideModel(generator, { given: undefined, provider, hypothetical }, request, { ...run, resume }, withoutModel)
}
