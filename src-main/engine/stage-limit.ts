import type { TerminalPayload } from "../../src-shared/events/event"
import type { ReasoningStage } from "../../src-shared/events/stages"
import { buildError } from "./refusal-policy"
import { stop, type Run, type SyncStage } from "./run"

// Per-stage time limit, measured on the injected clock after every step of the stage. Stages do
// their work synchronously between events, so the check after each step is where a slow stage
// is caught; time spent waiting for a person (CLARIFICATION) is not stage work and not limited.

export class StageTimeoutError extends Error {
  constructor(
    readonly stage: ReasoningStage,
    readonly elapsedMs: number,
    readonly limitMs: number,
  ) {
    super(`stage ${stage} took ${elapsedMs} ms (limit ${limitMs} ms)`)
  }
}

/**
 * The stage as the pipeline runs it. A plain function, not a generator: it is called exactly where
 * the pipeline's `yield*` starts the stage, so the stop check happens at the same moment, and a
 * stage without a time limit is handed on as it is.
 */
export function withStageLimit<T>(run: Run, stage: ReasoningStage, stageRun: SyncStage<T>): SyncStage<T> {
  // The stop check before each stage: a stopped run does not start the next one.
  if (run.stopRequested()) return stoppedBefore(cancelledTerminal(run))
  const limit = run.deps.stageTimeoutMs
  if (limit === undefined) return stageRun
  return limited(run, stage, stageRun, limit)
}

// eslint-disable-next-line require-yield -- a stage that ends before it starts yields nothing
function* stoppedBefore<T>(terminal: TerminalPayload): SyncStage<T> {
  return stop(terminal)
}

function* limited<T>(run: Run, stage: ReasoningStage, stageRun: SyncStage<T>, limit: number): SyncStage<T> {
  // Stages hold no resources of their own (the pipeline releases the gate), so a stage abandoned
  // mid-way by a timeout or a consumer that stopped needs no cleanup.
  const started = run.now()
  for (;;) {
    const step = stageRun.next()
    const elapsed = run.now() - started
    if (elapsed > limit) throw new StageTimeoutError(stage, elapsed, limit)
    if (step.done) return step.value
    yield step.value
  }
}

/** The terminal of a run the user stopped. */
export function cancelledTerminal(run: Run): TerminalPayload {
  return { outcome: "ERROR", ...buildError("CANCELLED", run.locale, run.requestId) }
}
