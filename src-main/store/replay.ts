import type { ReasoningEvent, TerminalPayload } from "../../src-shared/events/event"
import type { EngineDeps, EngineRequest } from "../engine/types"
import type { LoadedPack } from "../knowledge/loader"
import { canonicalJson } from "../util/canonical-json"
import { systemClock } from "../util/clock"

// Determinism (house plan, principle 3) turns resume, cancel and verify into replays: the engine,
// given the trace's frozen request, its pack snapshot and its recorded clarification answers,
// yields the stored events again, timestamps aside.

/**
 * A run's events as an engine yields them. One that computes ahead of its consumer (the engine
 * thread) can also tell whether the next event is already at hand: the audit sink then commits
 * the stage boundaries that arrived together in one transaction (see AuditSink).
 */
export type EngineRun = AsyncGenerator<ReasoningEvent, TerminalPayload> & { nextEventReady?: () => boolean }

export type ReasoningEngine = (request: EngineRequest, deps: EngineDeps) => EngineRun

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
export function firstDifference(a: unknown, b: unknown, path = ""): string | null {
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

export function differenceAt(seq: number, stored: unknown, replayed: unknown): ReplayDifference {
  const where = firstDifference(stored, replayed) ?? "(value)"
  return { seq, reason: `event seq ${seq} (${describe(stored)}) differs from the replay at ${where}` }
}

/**
 * Yields the engine's events after the stored prefix, having checked that the prefix replays
 * identically (ts aside); throws ReplayMismatchError at the first difference.
 */
export async function* afterStoredPrefix(
  generator: AsyncGenerator<ReasoningEvent, TerminalPayload>,
  stored: readonly unknown[],
): AsyncGenerator<ReasoningEvent, void> {
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

export interface ReplayInput {
  engine: ReasoningEngine
  request: EngineRequest
  pack: LoadedPack
  counterfactualOf: string | null
  /** The stored events, parsed but not trusted. */
  stored: readonly unknown[]
  /** True when the trace ended: the replay must end exactly where it did. */
  complete: boolean
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

/** Replays a stored run and returns the first difference, or null when it replays identically. */
export async function replayAndCompare(input: ReplayInput): Promise<ReplayDifference | null> {
  let stored = input.stored
  let complete = input.complete
  if (complete && isCircumstantialError(stored.at(-1))) {
    // Compare the work before the timeout / capacity error; the error itself is not reproducible.
    stored = stored.slice(0, -1)
    complete = false
  }
  const stoppedAt = complete ? stopSeqOf(stored.at(-1)) : undefined
  const deps: EngineDeps = {
    pack: input.pack,
    clock: systemClock,
    clarifications: recordedAnswers(stored),
    // The user stopped the run: the stop is an input, recorded as the seq of its terminal; the
    // replay stops at the same check and must yield the same CANCELLED terminal.
    ...(stoppedAt === undefined ? {} : { stopAtSeq: stoppedAt }),
    // More gates than recorded answers: the run was cancelled at the next one.
    clarify: async () => ({ kind: "cancel" }),
    deliberatePauseMs: 0,
    ...(input.counterfactualOf === null ? {} : { counterfactualOf: input.counterfactualOf }),
  }
  const generator = input.engine(input.request, deps)
  let seq = 0
  try {
    for await (const event of generator) {
      if (seq >= stored.length) {
        if (!complete) return null
        return { seq, reason: `the replay yields event seq ${seq} (${describe(event)}) that the trace does not have` }
      }
      if (comparable(event) !== comparable(stored[seq])) return differenceAt(seq, stored[seq], event)
      seq += 1
    }
  } catch (error) {
    return { seq, reason: `the replay failed at seq ${seq}: ${(error as Error).message}` }
  }
  if (seq < stored.length)
    return { seq, reason: `stored event seq ${seq} (${describe(stored[seq])}) has no counterpart in the replay` }
  return null
}
