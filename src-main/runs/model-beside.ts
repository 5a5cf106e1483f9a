import type { ReasoningEvent } from "../../src-shared/events/event"
import type { EngineRequest } from "../engine/types"
import type { ModelCompanionFactory } from "../model/model-run"
import type { AuditSinkOptions } from "../sinks/audit-sink"

// The local model beside one run (issue 24), for the run service: the model the caller asked for
// (the CLI's --model), else the host's provider when it is on; never for a what-if re-run (a
// hypothetical answers a changed fact, not a question anyone is reading). Off, the run and its
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
  run: { clock: () => Date; stageTimeoutMs?: number },
  withoutModel: AuditSinkOptions,
): { events: AsyncGenerator<ReasoningEvent, unknown>; audit: AuditSinkOptions } {
  const factory = choice.given ?? (choice.hypothetical ? undefined : choice.provider?.())
  const model = factory?.(request, run)
  if (model === undefined) return { events: generator, audit: withoutModel }
  // With the model on, its records follow the terminal in the same commit (trace format 2).
  return { events: model.beside(generator), audit: { trailer: (seq) => model.trailer(seq) } }
}
