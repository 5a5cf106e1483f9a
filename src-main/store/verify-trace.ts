import type { VerifyResult } from "../../src-shared/traces"
import { verifyChain } from "./chain-verify"
import { replayAndCompare, type ReasoningEngine, type ReplayDifference } from "./replay"
import { StoredRequest } from "./stored-request"
import type { TraceReader } from "./trace-reader"
import { parseJsonOrNull } from "../util/parse-json"
import { recordedEngineVersion, replayMismatch } from "../engine/version"

// verify(requestId): the hash chain recomputed from the stored rows, then the run replayed against
// its own pack snapshot and recorded clarification answers, compared event by event (ts aside).

export class TraceNotFoundError extends Error {}

export async function verifyTrace(reader: TraceReader, engine: ReasoningEngine, requestId: string): Promise<VerifyResult> {
  const row = reader.row(requestId)
  if (row === undefined) throw new TraceNotFoundError(`no trace ${requestId}`)
  if (isCounterfactualRequest(row.requestJson)) {
    // A What-if run replays from its base trace's sources and rules, not from a question: its own
    // verifier (loaded on demand: the whatif module builds on the store, not the other way round).
    const { verifyCounterfactualTrace } = await import("../whatif/replay")
    return verifyCounterfactualTrace(reader, requestId)
  }
  const rows = reader.eventRows(requestId)
  const chainProblem = verifyChain(rows, row)
  const stored = StoredRequest.safeParse(parseJsonOrNull(row.requestJson))
  const recorded = recordedEngineVersion(
    stored.success ? stored.data.engineVersion : undefined,
    rows.map((r) => parseJsonOrNull(r.eventJson)),
  )
  const skipped = stored.success ? replayMismatch(recorded) : undefined
  if (skipped !== undefined) {
    const snapshot = packProblem(reader, row.packHash)
    const problem = chainProblem ?? snapshot
    return {
      requestId,
      ok: problem === null,
      chainOk: chainProblem === null,
      replayOk: false,
      replaySkipped: skipped,
      ...(problem === null ? {} : { firstProblem: problem }),
    }
  }
  const replayProblem = await replay(reader, engine, row, rows)
  const firstProblem = chainProblem ?? replayProblem
  return {
    requestId,
    ok: chainProblem === null && replayProblem === null,
    chainOk: chainProblem === null,
    replayOk: replayProblem === null,
    ...(firstProblem === null ? {} : { firstProblem }),
  }
}

async function replay(
  reader: TraceReader,
  engine: ReasoningEngine,
  row: NonNullable<ReturnType<TraceReader["row"]>>,
  rows: ReturnType<TraceReader["eventRows"]>,
): Promise<ReplayDifference | null> {
  let pack
  try {
    pack = reader.packSnapshot(row.packHash)
  } catch (error) {
    return { seq: null, reason: (error as Error).message }
  }
  if (pack === null) return { seq: null, reason: `the rule pack snapshot ${row.packHash} is missing` }
  const request = StoredRequest.safeParse(parseJsonOrNull(row.requestJson))
  if (!request.success) return { seq: null, reason: "the trace's frozen request cannot be read" }
  return replayAndCompare({
    engine,
    request: request.data,
    pack,
    counterfactualOf: row.counterfactualOf,
    stored: rows.map((r) => parseJsonOrNull(r.eventJson)),
    complete: row.status === "complete",
  })
}

/** The trace's pack snapshot loads and matches its hash, or why not. */
function packProblem(reader: TraceReader, hash: string): ReplayDifference | null {
  try {
    return reader.packSnapshot(hash) === null ? { seq: null, reason: `the rule pack snapshot ${hash} is missing` } : null
  } catch (error) {
    return { seq: null, reason: (error as Error).message }
  }
}

function isCounterfactualRequest(json: string): boolean {
  const value = parseJsonOrNull(json)
  return value !== null && typeof value === "object" && (value as { kind?: unknown }).kind === "counterfactual"
}
