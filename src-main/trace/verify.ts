import type { VerifyResult } from "../../src-shared/traces"
import { parseJsonOrNull } from "../util/parse-json"
import { verifyChain, type ChainExpectation, type ChainRow } from "./chain-verify"
import { compareReplay, type ReplayCue, type ReplayDifference } from "./replay"

// verify: a trace's hash chain recomputed from its stored rows, then the run replayed against its
// own pack snapshot, compared event by event (ts aside). One function for every kind of run:
// what differs between a question and a what-if run (what the replay starts from)
// comes in as the trace's ReplayPlan (engine/replay-run.ts), from its caller (runs/replay-source.ts
// reads the trace from the store; the bundle verifier has its own chain check and uses replayDifference).

/** The trace row's facts verify checks the stored events against. */
export interface TraceFacts extends ChainExpectation {
  packHash: string
}

/** The trace's pack snapshot as loaded: the pack, not stored, or the error loading it raised. */
export type PackSnapshot<P> = { pack: P } | { missing: true } | { error: string }

/** Loads a pack snapshot (null: not stored), turning an error (content not matching its hash, …) into a finding. */
export function loadSnapshot<P>(load: () => P | null): PackSnapshot<P> {
  try {
    const pack = load()
    return pack === null ? { missing: true } : { pack }
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) }
  }
}

/**
 * How a trace is replayed, as its caller read it from the trace's request: its replay (the events
 * made again with the trace's pack snapshot and cue), or why it cannot be replayed.
 */
export type ReplayPlan<P> =
  | {
      ok: true
      /** Set when this build's engine did not record the trace (engine/version.ts replayMismatch): not replayed. */
      skipped?: string
      replay: (pack: P, cue: ReplayCue) => AsyncIterable<unknown>
    }
  | { ok: false; reason: string }

export interface VerifyInput<P> {
  trace: TraceFacts
  /** The trace's event rows as stored, in seq order. */
  rows: readonly ChainRow[]
  pack: PackSnapshot<P>
  plan: ReplayPlan<P>
}

export async function verifyTrace<P>({ trace, rows, pack, plan }: VerifyInput<P>): Promise<VerifyResult> {
  const chainProblem = verifyChain(rows, trace)
  const { requestId } = trace
  if (plan.ok && plan.skipped !== undefined) {
    // Not replayed; the chain and the pack snapshot are still checked.
    const problem = chainProblem ?? packProblem(pack, trace.packHash)
    return {
      requestId,
      ok: problem === null,
      chainOk: chainProblem === null,
      replayOk: false,
      replaySkipped: plan.skipped,
      ...(problem === null ? {} : { firstProblem: problem }),
    }
  }
  const stored = rows.map((row) => parseJsonOrNull(row.eventJson))
  const replayProblem = await replayDifference(plan, pack, trace.packHash, stored, trace.status === "complete")
  const firstProblem = chainProblem ?? replayProblem
  return {
    requestId,
    ok: chainProblem === null && replayProblem === null,
    chainOk: chainProblem === null,
    replayOk: replayProblem === null,
    ...(firstProblem === null ? {} : { firstProblem }),
  }
}

/**
 * The replay's verdict on a trace's events (parsed, not trusted): the first difference, or null.
 * A plan whose replay is skipped is the caller's to report; this replays it regardless.
 */
export async function replayDifference<P>(
  plan: ReplayPlan<P>,
  pack: PackSnapshot<P>,
  packHash: string,
  stored: readonly unknown[],
  complete: boolean,
): Promise<ReplayDifference | null> {
  if (!("pack" in pack)) return packProblem(pack, packHash)
  if (!plan.ok) return { seq: null, reason: plan.reason }
  return compareReplay((cue) => plan.replay(pack.pack, cue), stored, complete)
}

function packProblem<P>(pack: PackSnapshot<P>, hash: string): ReplayDifference | null {
  if ("pack" in pack) return null
  return { seq: null, reason: "error" in pack ? pack.error : `the rule pack snapshot ${hash} is missing` }
}
