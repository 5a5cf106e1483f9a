import type { ReasoningEvent } from "../../src-shared/events/event"
import type { CounterfactualRequest } from "../../src-shared/whatif"
import type { LoadedPack } from "../knowledge/loader"
import { systemClock } from "../util/clock"
import { counterfactualFromEvents } from "./counterfactual"
import type { EngineDeps, EngineRequest, ProposedInterpretation, ReasoningEngine } from "./types"
import { recordedEngineVersion, replayMismatch } from "./version"

// How a recorded run is computed again, the one place that knows: a question run is the engine
// again on the trace's frozen request, with its recorded answers (and Stop); a what-if run (its
// request is a CounterfactualRequest) is the engine's what-if entry again, from its base run's
// events and the base's pack snapshot. The store's verify reads a trace's origin from the store
// (runs/replay-source.ts), the bundle verifier from the bundle (export/verify/trace-check.ts);
// both hand the plan to trace/verify.ts and trace/replay.ts, which compare.

/** What a recorded run is computed again from. */
export type ReplayOrigin =
  | { kind: "question"; request: EngineRequest; counterfactualOf: string | null }
  | {
      kind: "counterfactual"
      request: CounterfactualRequest
      /** The base run's events (validated) and the engine version its request records. */
      base: { events: readonly ReasoningEvent[]; engineVersion: number | undefined }
    }

/** What the replay is told from the recorded run itself (trace/replay.ts reads it from the stored events). */
export interface RecordedInputs {
  /** The answers recorded at its clarification gates, in order. */
  clarifications: readonly string[]
  /** The seq of its ERROR CANCELLED terminal when the user's Stop ended it. */
  stopAtSeq?: number
  /** The readings a local model proposed at its interpretation clarifications (interpretation-gate.ts). */
  interpretations?: readonly ProposedInterpretation[]
}

/** How a recorded run replays (the shape of trace/verify.ts's ReplayPlan). */
export interface RunReplay {
  ok: true
  /** Set when another engine version recorded the run: this engine does not re-derive it. */
  skipped?: string
  /** The run's events computed again with its pack snapshot, told its recorded inputs. */
  replay: (pack: LoadedPack, recorded: RecordedInputs) => AsyncIterable<ReasoningEvent>
}

/**
 * How the run `origin` describes replays. `engine` computes question runs (in process or on the
 * engine thread); `stored`, the run's own events (parsed, not trusted), tell which engine version
 * recorded it, with its request (a what-if run: its base's request and events).
 */
export function replayPlan(origin: ReplayOrigin, engine: ReasoningEngine, stored: readonly unknown[]): RunReplay {
  const recorded =
    origin.kind === "question"
      ? recordedEngineVersion(origin.request.engineVersion, stored)
      : recordedEngineVersion(origin.base.engineVersion, origin.base.events)
  const skipped = replayMismatch(recorded)
  return {
    ok: true,
    ...(skipped === undefined ? {} : { skipped }),
    replay: (pack, inputs) => replayedEvents(origin, engine, pack, inputs),
  }
}

function replayedEvents(
  origin: ReplayOrigin,
  engine: ReasoningEngine,
  pack: LoadedPack,
  inputs: RecordedInputs,
): AsyncIterable<ReasoningEvent> {
  const deps: Omit<EngineDeps, "counterfactualOf"> = {
    pack,
    clock: systemClock,
    deliberatePauseMs: 0,
    // The user stopped the run: the stop is an input, recorded as the seq of its terminal; the
    // replay stops at the same check and must yield the same CANCELLED terminal.
    ...(inputs.stopAtSeq === undefined ? {} : { stopAtSeq: inputs.stopAtSeq }),
  }
  if (origin.kind === "counterfactual") return counterfactualFromEvents(origin.request, origin.base.events, deps)
  return engine(origin.request, {
    ...deps,
    clarifications: inputs.clarifications,
    // The model's proposal is read from the recording, never asked for again.
    ...(inputs.interpretations === undefined ? {} : { interpretations: inputs.interpretations }),
    // More gates than recorded answers: the run was cancelled at the next one.
    clarify: async () => ({ kind: "cancel" }),
    ...(origin.counterfactualOf === null ? {} : { counterfactualOf: origin.counterfactualOf }),
  })
}
