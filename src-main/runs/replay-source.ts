import { ReasoningEvent } from "../../src-shared/events/event"
import { MODEL_RECORD_STAGE } from "../../src-shared/events/model-record"
import type { VerifyResult } from "../../src-shared/traces"
import { CounterfactualRequest } from "../../src-shared/whatif"
import { replayPlan, type ReplayOrigin } from "../engine/replay-run"
import type { ReasoningEngine } from "../engine/types"
import { TraceNotFoundError } from "../store/errors"
import type { TraceRow } from "../store/schema"
import { StoredRequest } from "../store/stored-request"
import type { TraceReader } from "../store/trace-reader"
import { loadSnapshot, verifyTrace } from "../trace/verify"
import { parseJsonOrNull } from "../util/parse-json"

// A stored trace's replay, for RunService.verify and WhatIfService.verify alike: what the trace is
// computed again from, read from the store (a question run: its frozen request; a what-if run: its
// CounterfactualRequest and its base trace's events), handed to the engine's one choice of how a
// recorded run replays (engine/replay-run.ts) and checked by trace/verify.ts. The bundle verifier
// reads the same origins from a bundle (export/verify/trace-check.ts).

/** verify(requestId) over the store, for every kind of run: the chain, then the replay. */
export async function verifyStoredTrace(reader: TraceReader, engine: ReasoningEngine, requestId: string): Promise<VerifyResult> {
  const row = reader.row(requestId)
  if (row === undefined) throw new TraceNotFoundError(`no trace ${requestId}`)
  const rows = reader.eventRows(requestId)
  const origin = storedOrigin(reader, row)
  return verifyTrace({
    trace: row,
    rows,
    pack: loadSnapshot(() => reader.packSnapshot(row.packHash)),
    plan:
      typeof origin === "string"
        ? { ok: false, reason: origin }
        : replayPlan(origin, engine, rows.map((r) => parseJsonOrNull(r.eventJson))),
  })
}

/** A stored trace's replay origin, or why it has none. */
function storedOrigin(reader: TraceReader, row: TraceRow): ReplayOrigin | string {
  const request = parseJsonOrNull(row.requestJson)
  if ((request as { kind?: unknown } | null)?.kind === "counterfactual") return storedCounterfactualOrigin(reader, row, request)
  const parsed = StoredRequest.safeParse(request)
  if (!parsed.success) return "the trace's frozen request cannot be read"
  return { kind: "question", request: parsed.data, counterfactualOf: row.counterfactualOf }
}

function storedCounterfactualOrigin(reader: TraceReader, row: TraceRow, raw: unknown): ReplayOrigin | string {
  const parsed = CounterfactualRequest.safeParse(raw)
  if (!parsed.success || row.counterfactualOf === null) return `trace ${row.requestId} has no counterfactual request`
  const request = parsed.data
  if (request.requestId !== row.requestId || request.counterfactualOf !== row.counterfactualOf)
    return "the counterfactual request names another trace"
  const baseRow = reader.row(request.counterfactualOf)
  if (baseRow === undefined) return `the base trace ${request.counterfactualOf} is missing`
  if (baseRow.packHash !== row.packHash) return "the counterfactual does not use its base's rule pack snapshot"
  const events: ReasoningEvent[] = []
  for (const eventRow of reader.eventRows(baseRow.requestId)) {
    // Trace format 2: the base's model recording is no part of what a what-if starts from.
    if (eventRow.stage === MODEL_RECORD_STAGE) continue
    const event = ReasoningEvent.safeParse(parseJsonOrNull(eventRow.eventJson))
    if (!event.success) return `the base trace's event seq ${eventRow.seq} cannot be read as an event`
    events.push(event.data)
  }
  const baseRequest = StoredRequest.safeParse(parseJsonOrNull(baseRow.requestJson))
  return {
    kind: "counterfactual",
    request,
    base: { events, engineVersion: baseRequest.success ? baseRequest.data.engineVersion : undefined },
  }
}
