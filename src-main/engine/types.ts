import type { ProfileContext } from "../../src-shared/context"
import type { ReasoningEvent, TerminalPayload } from "../../src-shared/events/event"
import type { ClarificationPayload, FocusAttribute, InheritedPart } from "../../src-shared/events/payloads"
import type { Locale } from "../../src-shared/events/stages"
import type { AskedAttribute } from "../knowledge/focus-concepts"
import type { LoadedPack } from "../knowledge/loader"

// The engine's public inputs. Everything the engine needs is passed in, never imported.

export interface EngineRequest {
  requestId: string
  question: string
  /**
   * The date the answer is for, as the user set it (form, --as-of). When absent the date the
   * question names is used, else `askedOn`.
   */
  asOfDate?: string
  /**
   * The day the question was asked (UTC date): the run's "today" for defaults. The trace store
   * records it so that a replay years later defaults to the same day; the clock's date when absent.
   */
  askedOn?: string
  /** Reply language; defaults to the language the question is written in. */
  locale?: Locale
  /** The client profile, snapshotted (frozen) at the start of the run. */
  profile?: ProfileContext
  clientId?: string
  /**
   * The thread's previous turn, when the question is asked in a thread: a question that names no
   * subject or no attribute of its own ("A za 2023?") inherits them from it (seed 002 follow-ups).
   */
  previousTurn?: PreviousTurn
  /** The engine version that made the run (engine/version.ts); recorded, never read by the engine. */
  engineVersion?: number
}

export interface PreviousTurn {
  requestId: string
  /** The previous turn's question as the engine read it (its follow-up's effective question, if any). */
  question: string
  /** Parts the user removed from what a follow-up would inherit (the chips they cleared). */
  dropped?: InheritedPart[]
}

export type ClarificationAnswer = { kind: "answer"; value: string } | { kind: "cancel" }

export interface EngineDeps {
  pack: LoadedPack
  clock: () => Date
  /**
   * Answers given in advance (CLI --clarify, resume after restart), consumed in order at each
   * clarification gate. The engine still emits CLARIFICATION awaiting_input then complete, so a
   * resumed run yields exactly the events of an uninterrupted one.
   */
  clarifications?: readonly string[]
  /** Asked when the gate closes and no answer was given in advance. A consumer that wants to
   *  suspend simply stops iterating (generator.return()) after the awaiting_input event. */
  clarify?: (question: ClarificationPayload) => Promise<ClarificationAnswer>
  /** Per-stage time limit; exceeding it ends the run in ERROR TIMEOUT. */
  stageTimeoutMs?: number
  /** The deliberate pause before the answer (seed 001 §2): a setting, 0 in tests. */
  deliberatePauseMs?: number
  /** Concurrency limit shared by all runs of a host; a full gate ends the run in ERROR CAPACITY. */
  gate?: { tryAcquire(): boolean; release(): void }
  /** Marks every event of a counterfactual run. */
  counterfactualOf?: string
  /**
   * The user's Stop. The engine looks at it between stages and during the deliberate pause (which
   * it cuts short) and then ends the run in ERROR CANCELLED. Work inside a stage is never cut.
   */
  signal?: AbortSignal
  /**
   * A resumed run replays its stored prefix first: the signal is honoured only from this event seq
   * on, so that a Stop during the replay cannot make the prefix differ from the stored one.
   */
  stoppableFromSeq?: number
  /**
   * Replay of a stopped run: stop at the first check at or after this event seq (the recorded
   * CANCELLED terminal's seq), as the live run did when its signal fired.
   */
  stopAtSeq?: number
  /**
   * Issue 24: asked once, where the run would refuse a readable question for finding no concept of
   * the pack, for a reading of it (a concept and the attribute asked); the engine checks it and asks
   * the user before it runs on it (interpretation-gate.ts). Live runs in the app only.
   */
  proposeInterpretation?: (ask: InterpretationAsk) => Promise<ProposedInterpretation | null>
  /** The proposals a trace recorded at that gate (replay, resume): read, never asked again. */
  interpretations?: readonly ProposedInterpretation[]
}

/** A proposed reading of a question: a concept of the pack and the attribute asked (interpretation-gate.ts). */
export interface ProposedInterpretation {
  concept: string
  attribute: FocusAttribute
}

/** What the engine tells whoever proposes a reading. */
export interface InterpretationAsk {
  question: string
  locale: Locale
  /** The seq the clarification will have if the proposal is offered. */
  forSeq: number
  /** What the question itself asks: a proposal must answer it. */
  asked: AskedAttribute
  /** The run's stage limit, when it has one: the proposer answers within it. */
  limitMs?: number
  signal?: AbortSignal
}

/**
 * A run's events as an engine yields them. One that computes ahead of its consumer (the engine
 * thread) can also tell whether the next event is already at hand: the audit sink then commits
 * the stage boundaries that arrived together in one transaction (see AuditSink).
 */
export type EngineRun = AsyncGenerator<ReasoningEvent, TerminalPayload> & { nextEventReady?: () => boolean }

/** The engine's entry for a question: in process (buildAnswerWithReasoning) or on the engine thread. */
export type ReasoningEngine = (request: EngineRequest, deps: EngineDeps) => EngineRun
