import type { ReasoningEvent } from "../../src-shared/events/event"
import type { VerifyResult } from "../../src-shared/traces"
import type { CounterfactualRequest } from "../../src-shared/whatif"
import { retrievalStateFromEvents } from "../engine/replay-state"
import type { LoadedPack } from "../knowledge/loader"
import { verifyChain } from "../store/chain-verify"
import { comparable, differenceAt, type ReplayDifference } from "../store/replay"
import type { TraceReader } from "../store/trace-reader"
import { TraceNotFoundError } from "../store/verify-trace"
import { counterfactualRequestOf } from "./base-run"
import { counterfactualEvents } from "./counterfactual"
import { parseJsonOrNull } from "../util/parse-json"
import { systemClock } from "../util/clock"

// Replaying a counterfactual trace: its base's SOURCES and RETRIEVAL (from the base's stored
// events and pack snapshot) with the context its request_json records, through the same engine
// entry, compared event by event with what was stored (timestamps aside). The store's verify()
// and the bundle verifier dispatch here for traces whose request is a CounterfactualRequest.

export interface CounterfactualReplayInput {
  request: CounterfactualRequest
  /** The base trace's events (parsed). */
  baseEvents: readonly ReasoningEvent[]
  pack: LoadedPack
  /** The counterfactual trace's stored events, parsed but not trusted. */
  stored: readonly unknown[]
  complete: boolean
}

export async function replayCounterfactual(
  input: CounterfactualReplayInput,
): Promise<ReplayDifference | null> {
  let seq = 0
  try {
    const base = retrievalStateFromEvents(input.baseEvents, input.pack)
    const generator = counterfactualEvents(base, input.request, {
      pack: input.pack,
      clock: systemClock,
      deliberatePauseMs: 0,
    })
    for await (const event of generator) {
      const stored = input.stored[seq]
      if (seq >= input.stored.length) {
        if (!input.complete) return null
        return {
          seq,
          reason: `the replay yields event seq ${seq} (${event.stage} ${event.status}) that the trace does not have`,
        }
      }
      if (comparable(event) !== comparable(stored)) return differenceAt(seq, stored, event)
      seq += 1
    }
  } catch (error) {
    return { seq, reason: `the counterfactual replay failed at seq ${seq}: ${(error as Error).message}` }
  }
  if (seq < input.stored.length)
    return { seq, reason: `stored event seq ${seq} has no counterpart in the replay` }
  return null
}

/** verify() for a counterfactual trace: its hash chain, then its replay from its base. */
export async function verifyCounterfactualTrace(
  reader: TraceReader,
  requestId: string,
): Promise<VerifyResult> {
  const row = reader.row(requestId)
  if (row === undefined) throw new TraceNotFoundError(`no trace ${requestId}`)
  const rows = reader.eventRows(requestId)
  const chainProblem = verifyChain(rows, row)
  const replayProblem = await replayFromStore(reader, row, rows)
  const firstProblem = chainProblem ?? replayProblem
  return {
    requestId,
    ok: chainProblem === null && replayProblem === null,
    chainOk: chainProblem === null,
    replayOk: replayProblem === null,
    ...(firstProblem === null ? {} : { firstProblem }),
  }
}

async function replayFromStore(
  reader: TraceReader,
  row: NonNullable<ReturnType<TraceReader["row"]>>,
  rows: ReturnType<TraceReader["eventRows"]>,
): Promise<ReplayDifference | null> {
  const request = counterfactualRequestOf(row)
  if (request === null) return { seq: null, reason: `trace ${row.requestId} has no counterfactual request` }
  if (request.requestId !== row.requestId || request.counterfactualOf !== row.counterfactualOf)
    return { seq: null, reason: "the counterfactual request names another trace" }
  const baseRow = reader.row(request.counterfactualOf)
  if (baseRow === undefined)
    return { seq: null, reason: `the base trace ${request.counterfactualOf} is missing` }
  if (baseRow.packHash !== row.packHash)
    return { seq: null, reason: "the counterfactual does not use its base's rule pack snapshot" }
  let pack: LoadedPack | null
  try {
    pack = reader.packSnapshot(row.packHash)
  } catch (error) {
    return { seq: null, reason: (error as Error).message }
  }
  if (pack === null) return { seq: null, reason: `the rule pack snapshot ${row.packHash} is missing` }
  return replayCounterfactual({
    request,
    baseEvents: reader.events(baseRow.requestId),
    pack,
    stored: rows.map((r) => parseJsonOrNull(r.eventJson)),
    complete: row.status === "complete",
  })
}
