import {
  eventId,
  type EventBody,
  type ReasoningEvent,
  type TerminalPayload,
} from "../../src-shared/events/event"
import type { Locale } from "../../src-shared/events/stages"
import type { LoadedPack } from "../knowledge/loader"
import { packIndex, type PackIndex } from "../knowledge/pack-index"
import { errorSeverity, refusalSeverity } from "./refusal-policy"
import type { EngineDeps } from "./types"

// One run of the engine: its id, dependencies, the pack and its index, the reply language and the
// event sequence. Events are built here and nowhere else, so seq and id can never disagree.

export class Run {
  readonly index: PackIndex
  readonly pack: LoadedPack
  /** Reply language; settled by QUESTION_INTAKE (request.locale or the question's language). */
  locale: Locale
  /** How many clarification answers this run has consumed (index into deps.clarifications). */
  clarificationsUsed = 0
  private seq = 0

  constructor(
    readonly requestId: string,
    readonly deps: EngineDeps,
    locale: Locale,
  ) {
    this.pack = deps.pack
    this.index = packIndex(deps.pack)
    this.locale = locale
  }

  /** Milliseconds on the injected clock (stage time limits are measured on it too). */
  now(): number {
    return this.deps.clock().getTime()
  }

  /** The seq the next event will get. */
  get nextSeq(): number {
    return this.seq
  }

  /**
   * Whether the run is to stop here, at one of the pipeline's stop checks (before each stage and
   * after the deliberate pause). Live: the user's Stop has fired. Replay of a stopped run: the
   * recorded stop's seq is reached. Checks come at distinct seqs (each stage emits at least its
   * start), so the replay stops at the very check where the live run did.
   */
  stopRequested(): boolean {
    const { stopAtSeq, signal, stoppableFromSeq } = this.deps
    if (stopAtSeq !== undefined) return this.seq >= stopAtSeq
    return signal?.aborted === true && this.seq >= (stoppableFromSeq ?? 0)
  }

  /** Picks the Croatian or English copy for the run's language. */
  t(hr: string, en: string): string {
    return this.locale === "hr" ? hr : en
  }

  emit(body: EventBody): ReasoningEvent {
    // Read the clock before taking a sequence number: a failing clock must not leave a gap.
    const ts = this.deps.clock().toISOString()
    const seq = this.seq++
    const envelope = { v: 1 as const, id: eventId(this.requestId, seq), requestId: this.requestId, seq, ts }
    const event = { ...envelope, ...body }
    if (this.deps.counterfactualOf !== undefined)
      Object.assign(event, { counterfactualOf: this.deps.counterfactualOf })
    // The union of bodies spread over one envelope is exactly ReasoningEvent; TypeScript cannot
    // distribute the spread over the union by itself.
    return event as ReasoningEvent
  }

  /** The terminal event for a payload: stage = outcome, data = the payload without `outcome`. */
  terminalEvent(terminal: TerminalPayload): ReasoningEvent {
    switch (terminal.outcome) {
      case "REFUSAL": {
        const { outcome, ...data } = terminal
        return this.emit({
          stage: outcome,
          status: "complete",
          severity: refusalSeverity(data.reason),
          message: data.message,
          data,
        })
      }
      case "ERROR": {
        const { outcome, ...data } = terminal
        return this.emit({
          stage: outcome,
          status: "complete",
          severity: errorSeverity(data.code),
          message: data.message,
          data,
        })
      }
      case "QUALIFIED_ANSWER": {
        const { outcome, ...data } = terminal
        return this.emit({
          stage: outcome,
          status: "complete",
          severity: "warning",
          message: data.headline,
          data,
        })
      }
      case "CONDITIONAL_ANSWER": {
        const { outcome, ...data } = terminal
        return this.emit({
          stage: outcome,
          status: "complete",
          severity: "info",
          message: data.headline,
          data,
        })
      }
      case "ANSWER": {
        const { outcome, ...data } = terminal
        return this.emit({
          stage: outcome,
          status: "complete",
          severity: "info",
          message: data.headline,
          data,
        })
      }
    }
  }
}

/** What a stage hands on: a value for the next stage, or the terminal that ends the run. */
export type StageOutcome<T> = { ok: true; value: T } | { ok: false; terminal: TerminalPayload }

export function proceed<T>(value: T): StageOutcome<T> {
  return { ok: true, value }
}

export function stop<T>(terminal: TerminalPayload): StageOutcome<T> {
  return { ok: false, terminal }
}

/**
 * A stage whose work between events is synchronous (every stage but the clarifications): a plain
 * generator. The pipeline chains these with yield* at no promise cost; only the run's driver
 * (pipeline.ts) is asynchronous, so an event crosses one promise turn, not one per level.
 */
export type SyncStage<T> = Generator<ReasoningEvent, StageOutcome<T>, undefined>

/** A stage that waits for a person (CLARIFICATION): its answer may come later. */
export type AsyncStage<T> = AsyncGenerator<ReasoningEvent, StageOutcome<T>>

export type StageGenerator<T> = SyncStage<T> | AsyncStage<T>
