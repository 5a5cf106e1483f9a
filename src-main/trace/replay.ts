import type { ReasoningEvent, TerminalPayload } from "../../src-shared/events/event"
import { canonicalJson } from "../util/canonical-json"
import { recordedInterpretations, type ProposedInterpretation } from "../engine/interpretation-gate"
import { engineEventsOf, modelRecordProblem } from "./model-records"

// Determinism (house plan, principle 3) turns resume, cancel and verify into replays: the engine,
// given the trace's frozen request, its pack snapshot and its recorded clarification answers (a
// what-if run: its base run's events and the context its request records), yields the stored
// events again, timestamps aside. This module compares; how a trace's events are made again is
// the engine's (engine/replay-run.ts), handed in by the caller (runs/replay-source.ts, the bundle
// verifier), so that the comparison knows nothing of engines, stores or bundles.

export interface ReplayDifference {
  seq: number | null
  reason: string
}

export class ReplayMismatchError extends Error {
  /**
   * @param busy the replay ended in a capacity or stage-time-limit error before it reached the
   *   end of the stored events: the machine was too busy to replay, nothing about the run differs.
   */
  constructor(
    readonly difference: ReplayDifference,
    readonly busy = false,
  ) {
    super(difference.reason)
  }
}

/** An event as compared by replay: canonical JSON without `ts`. */
export function comparable(event: unknown): string {
  if (event === null || typeof event !== "object") return canonicalJson(event)
  const { ts: _ts, ...rest } = event as Record<string, unknown>
  return canonicalJson(rest)
}

/** Answers recorded in a run's CLARIFICATION complete events, in order. */
export function recordedAnswers(events: readonly unknown[]): string[] {
  const answers: string[] = []
  for (const event of events) {
    if (event === null || typeof event !== "object") continue
    const e = event as { stage?: unknown; status?: unknown; data?: { answer?: unknown } }
    if (e.stage === "CLARIFICATION" && e.status === "complete" && typeof e.data?.answer === "string")
      answers.push(e.data.answer)
  }
  return answers
}

/** Where two JSON values first differ, as a path like `data.sources[1].name`. */
function firstDifference(a: unknown, b: unknown, path = ""): string | null {
  if (canonicalJson(a) === canonicalJson(b)) return null
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const inner = firstDifference(a[i], b[i], `${path}[${i}]`)
      if (inner !== null) return inner
    }
    return path || "(value)"
  }
  if (a !== null && b !== null && typeof a === "object" && typeof b === "object" && !Array.isArray(a) && !Array.isArray(b)) {
    const ra = a as Record<string, unknown>
    const rb = b as Record<string, unknown>
    for (const key of [...new Set([...Object.keys(ra), ...Object.keys(rb)])].sort()) {
      if (key === "ts" && path === "") continue
      const inner = firstDifference(ra[key], rb[key], path ? `${path}.${key}` : key)
      if (inner !== null) return inner
    }
  }
  return path || "(value)"
}

function describe(event: unknown): string {
  const e = (event ?? {}) as { stage?: unknown; status?: unknown }
  return `${String(e.stage)} ${String(e.status)}`
}

function differenceAt(seq: number, stored: unknown, replayed: unknown): ReplayDifference {
  const where = firstDifference(stored, replayed) ?? "(value)"
  return { seq, reason: `event seq ${seq} (${describe(stored)}) differs from the replay at ${where}` }
}

/**
 * Yields the engine's events after the stored prefix, having checked that the prefix replays
 * identically (ts aside); throws ReplayMismatchError at the first difference.
 */
export async function* afterStoredPrefix(
  generator: AsyncGenerator<ReasoningEvent, TerminalPayload>,
  recorded: readonly unknown[],
): AsyncGenerator<ReasoningEvent, void> {
  // A suspended run has no model recording (it is written with the terminal); set aside regardless.
  const stored = engineEventsOf(recorded)
  let seq = 0
  for await (const event of generator) {
    if (seq < stored.length) {
      if (comparable(event) !== comparable(stored[seq])) throw new ReplayMismatchError(differenceAt(seq, stored[seq], event), isCircumstantialError(event))
    } else yield event
    seq += 1
  }
  if (seq < stored.length)
    throw new ReplayMismatchError({ seq, reason: `the replay ended before stored event seq ${seq} (${describe(stored[seq])})` })
}

/** Errors a replay cannot reproduce: they depend on the machine's load at the time, not on the inputs. */
function isCircumstantialError(event: unknown): boolean {
  const e = event as { stage?: unknown; data?: { code?: unknown } } | undefined
  return e?.stage === "ERROR" && (e.data?.code === "TIMEOUT" || e.data?.code === "CAPACITY")
}

/** The seq at which the user's Stop ended a run (its ERROR CANCELLED terminal), if it did. */
export function stopSeqOf(event: unknown): number | undefined {
  const e = event as { stage?: unknown; seq?: unknown; data?: { code?: unknown } } | undefined
  if (e?.stage !== "ERROR" || e.data?.code !== "CANCELLED") return undefined
  return typeof e.seq === "number" && Number.isInteger(e.seq) && e.seq >= 0 ? e.seq : undefined
}

/** What a replay is told from the trace itself. */
export interface ReplayCue {
  /** The answers recorded in the trace's CLARIFICATION complete events, in order. */
  clarifications: string[]
  /** The seq of the ERROR CANCELLED terminal when the user's Stop ended the run. */
  stopAtSeq?: number
  /** The readings a local model proposed at the trace's interpretation clarifications (issue 24), if any. */
  interpretations?: ProposedInterpretation[]
}

/** Makes a trace's events again, as told by its cue. */
export type ReplayStream = (cue: ReplayCue) => AsyncIterable<unknown>

/**
 * The replay's comparison, for every kind of run: the replayed events against the stored ones,
 * event by event (canonical JSON without `ts`), up to the first difference; null when the run
 * replays identically.
 *
 * `replayed` is the replayed event stream, or a function that makes it from the cue (the recorded
 * answers and Stop). `stored`: the trace's events, parsed but not trusted. `complete`: the trace
 * ended, so the replay must end exactly where it did; a trace that did not (suspended at a
 * clarification, interrupted) only has to be a prefix of the replay. A terminal `ERROR TIMEOUT` or
 * `ERROR CAPACITY` depends on the machine's load, not on the inputs: the events before it are
 * compared, the error itself is not. A stop is an input: the replay stops at the same seq.
 */
export async function compareReplay(
  replayed: AsyncIterable<unknown> | ReplayStream,
  stored: readonly unknown[],
  complete: boolean,
): Promise<ReplayDifference | null> {
  // Trace format 2: the model's recording is read, never made again (trace/model-records.ts).
  const recordProblem = modelRecordProblem(stored)
  if (recordProblem !== null) return recordProblem
  let expected = engineEventsOf(stored)
  let ended = complete
  if (ended && isCircumstantialError(expected.at(-1))) {
    expected = expected.slice(0, -1)
    ended = false
  }
  const stopAtSeq = ended ? stopSeqOf(expected.at(-1)) : undefined
  const interpretations = recordedInterpretations(expected)
  const cue: ReplayCue = {
    clarifications: recordedAnswers(expected),
    ...(stopAtSeq === undefined ? {} : { stopAtSeq }),
    ...(interpretations.length === 0 ? {} : { interpretations }),
  }
  let seq = 0
  try {
    for await (const event of typeof replayed === "function" ? replayed(cue) : replayed) {
      if (seq >= expected.length) {
        if (!ended) return null
        return { seq, reason: `the replay yields event seq ${seq} (${describe(event)}) that the trace does not have` }
      }
      if (comparable(event) !== comparable(expected[seq])) return differenceAt(seq, expected[seq], event)
      seq += 1
    }
  } catch (error) {
    return { seq, reason: `the replay failed at seq ${seq}: ${error instanceof Error ? error.message : String(error)}` }
  }
  if (seq < expected.length)
    return { seq, reason: `stored event seq ${seq} (${describe(expected[seq])}) has no counterpart in the replay` }
  return null
}
