import type { ClarificationPayload } from "../../src-shared/events/payloads"
import type { ReasoningEvent } from "../../src-shared/events/event"
import type { CounterfactualRequest } from "../../src-shared/whatif"
import type { ClarificationAnswer, EngineDeps, EngineRequest, InterpretationAsk, ProposedInterpretation } from "../engine/types"
import type { SealedEvent } from "../trace/hash-chain"

// What the main thread and the engine thread say to each other. A run is named by a number the
// main thread picks (one worker serves every run of the app, several at once).

/** Engine settings that are plain data and cross to the engine thread as they are. */
export type PlainEngineSettings = Pick<
  EngineDeps,
  "stageTimeoutMs" | "deliberatePauseMs" | "counterfactualOf" | "stopAtSeq" | "stoppableFromSeq" | "interpretations"
>

/** The plain settings of `from`, leaving out the ones it does not set. */
export function plainEngineSettings(from: PlainEngineSettings): PlainEngineSettings {
  return {
    ...(from.stageTimeoutMs === undefined ? {} : { stageTimeoutMs: from.stageTimeoutMs }),
    ...(from.deliberatePauseMs === undefined ? {} : { deliberatePauseMs: from.deliberatePauseMs }),
    ...(from.counterfactualOf === undefined ? {} : { counterfactualOf: from.counterfactualOf }),
    ...(from.stopAtSeq === undefined ? {} : { stopAtSeq: from.stopAtSeq }),
    ...(from.stoppableFromSeq === undefined ? {} : { stoppableFromSeq: from.stoppableFromSeq }),
    ...(from.interpretations === undefined ? {} : { interpretations: from.interpretations }),
  }
}

/** The engine settings a run takes across (functions cannot cross: see EngineThread). */
export interface ThreadRunSettings extends PlainEngineSettings {
  packHash: string
  clarifications: readonly string[]
  /** Whether the main thread has a clarify callback to ask when no answer was given in advance. */
  canClarify: boolean
  /** Whether the main thread has a proposer (issue 24: the local model's reading) the engine may ask. */
  canPropose?: boolean
  /** Whether the run has a Stop signal (the main thread then sends "abort" when it fires). */
  stoppable?: boolean
  /** The Stop fired before the run was sent: it ends before its first stage. */
  aborted?: boolean
  /** The capacity gate's decision, taken on the main thread (undefined: the run has no gate). */
  admitted?: boolean
}

/** What the engine tells a proposer, without the signal (which cannot cross threads). */
export type PlainInterpretationAsk = Omit<InterpretationAsk, "signal">

/** What a run computes: a question from the start, or a what-if from its base run's events. */
export type EngineJob =
  | { kind: "question"; request: EngineRequest }
  | { kind: "counterfactual"; request: CounterfactualRequest; baseEvents: readonly ReasoningEvent[] }

export type ToEngineThread =
  | { type: "pack"; hash: string; canonicalJson: string }
  | { type: "start"; run: number; job: EngineJob; settings: ThreadRunSettings }
  /** The consumer asked for the event after an awaiting_input: the run may go on. */
  | { type: "continue"; run: number }
  /** The user's Stop: the run's signal fires on the engine thread (the run ends in ERROR CANCELLED). */
  | { type: "abort"; run: number }
  /** The consumer stopped (suspended at a clarification, or failed): end the run's generator. */
  | { type: "stop"; run: number }
  | { type: "answer"; run: number; answer: ClarificationAnswer }
  /** The clarify callback failed: the engine sees the failure as the in-process engine would. */
  | { type: "answer-failed"; run: number; message: string }
  /** The proposer's reply (null: none, also when it failed, as the engine reads a failure in process). */
  | { type: "proposal"; run: number; proposal: ProposedInterpretation | null }

export type FromEngineThread =
  /** An event in canonical JSON (the exact text the trace stores), hashed on a chain that starts at the genesis hash with the run's first event. */
  | ({ type: "event"; run: number } & SealedEvent)
  | { type: "clarify"; run: number; question: ClarificationPayload }
  /** The engine asks the main thread's proposer for a reading (the run's Stop signal is the main thread's). */
  | { type: "propose"; run: number; ask: PlainInterpretationAsk }
  | { type: "end"; run: number }
  | { type: "failed"; run: number; message: string }
  | { type: "pack-loaded"; hash: string }
  | { type: "pack-failed"; hash: string; message: string }
