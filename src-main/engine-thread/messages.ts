import type { ClarificationPayload } from "../../src-shared/events/payloads"
import type { ClarificationAnswer, EngineRequest } from "../engine/types"

// What the main thread and the engine thread say to each other. A run is named by a number the
// main thread picks (one worker serves every run of the app, several at once).

/** The engine settings a run takes across (functions cannot cross: see EngineThread). */
export interface ThreadRunSettings {
  packHash: string
  clarifications: readonly string[]
  stageTimeoutMs?: number
  deliberatePauseMs?: number
  counterfactualOf?: string
  /** Whether the main thread has a clarify callback to ask when no answer was given in advance. */
  canClarify: boolean
  /** The capacity gate's decision, taken on the main thread (undefined: the run has no gate). */
  admitted?: boolean
}

export type ToEngineThread =
  | { type: "pack"; hash: string; canonicalJson: string }
  | { type: "start"; run: number; request: EngineRequest; settings: ThreadRunSettings }
  /** The consumer asked for the event after an awaiting_input: the run may go on. */
  | { type: "continue"; run: number }
  /** The consumer stopped (suspended at a clarification, or failed): end the run's generator. */
  | { type: "stop"; run: number }
  | { type: "answer"; run: number; answer: ClarificationAnswer }
  /** The clarify callback failed: the engine sees the failure as the in-process engine would. */
  | { type: "answer-failed"; run: number; message: string }

/**
 * An event as the engine thread sealed it: its canonical JSON (the exact text the trace stores
 * and hashes) and its hash on a chain started at the genesis hash for this run's first event.
 */
export interface SealedEventMessage {
  eventJson: string
  prevHash: string
  hash: string
}

export type FromEngineThread =
  | ({ type: "event"; run: number } & SealedEventMessage)
  | { type: "clarify"; run: number; question: ClarificationPayload }
  | { type: "end"; run: number }
  | { type: "failed"; run: number; message: string }
  | { type: "pack-failed"; hash: string; message: string }
