import { eventId, ReasoningEvent, isTerminal } from "../../../src-shared/events/event"
import { isModelRecord, ModelRecordEvent } from "../../../src-shared/events/model-record"
import type { BundleProblem, TraceVerdict } from "../../../src-shared/export"
import type { ReasoningEngine } from "../../engine/types"
import type { LoadedPack } from "../../knowledge/loader"
import { replayPlan, type ReplayOrigin } from "../../engine/replay-run"
import { canonicalJson } from "../../util/canonical-json"
import { replayDifference } from "../../trace/verify"
import { EVENTS_FILE, packFileName, TRACES_JSONL_FILE, type ManifestTrace, type TracesJsonlLine } from "../bundle-format"
import { checkChain, type EventLine } from "./chain-check"
import { checkCsvRecord, expectedColumns, type CsvRecord } from "./csv-check"
import { overflowMessage } from "./record-streams"
import { StoredRequest } from "../../store/stored-request"
import { CounterfactualRequest } from "../../../src-shared/whatif"

// Everything the verifier checks about one trace: its events are valid canonical JSON of the
// event contract and belong to it; the hash chain; its request; its traces.csv row; and the replay
// of the request against its rule-pack snapshot, which must yield the same events (ts aside).

export interface TraceInput {
  trace: ManifestTrace
  events: EventLine[]
  record: { line: number; value: TracesJsonlLine } | null
  csv: CsvRecord | null
  pack: LoadedPack | null
  engine: ReasoningEngine
  /** For a counterfactual trace: its base, checked earlier in the same bundle (null if absent). */
  base?: CheckedTrace | null
  /** Why the base is absent although the bundle has it (the verifier could not keep it). */
  baseUnavailable?: string
  /** A line of this trace's events that could not be read: the trace is not checked further. */
  unreadableLine?: { line: number; message: string } | null
  /** Set when this trace's events are over the verifier's limits (record-streams.ts). */
  overflow?: { lines: number; bytes: number } | null
  /** events.jsonl line where this trace's events begin. */
  firstLine?: number | null
}

/** What a later counterfactual of this trace needs: its validated events and request. */
export interface CheckedTrace {
  events: ReasoningEvent[]
  request: StoredRequest
}

export interface TraceCheck {
  verdict: TraceVerdict
  /** Present when the trace's events and request were valid (a base for its counterfactuals). */
  checked: CheckedTrace | null
}

export async function checkTrace(input: TraceInput): Promise<TraceCheck> {
  const { trace } = input
  const problems: BundleProblem[] = []
  const add = (p: Omit<BundleProblem, "requestId">) => problems.push({ requestId: trace.requestId, ...p })
  const unchecked = (line: number | null, message: string): TraceCheck => {
    add({ file: EVENTS_FILE, seq: null, line, message })
    const verdict: TraceVerdict = { requestId: trace.requestId, ok: false, outcome: null, chainOk: false, csvOk: false, replayOk: false, problems }
    return { verdict, checked: null }
  }
  if (input.unreadableLine)
    return unchecked(
      input.unreadableLine.line,
      `${input.unreadableLine.message}; this trace's chain, table row and replay were not checked`,
    )
  if (input.overflow) return unchecked(input.firstLine ?? null, overflowMessage(input.overflow))

  const parsed = parseEvents(trace, input.events, add)
  const chainOk = checkChain(trace, input.events, input.record?.value.eventHashes ?? null, add)
  const recorded = readRequest(input, add)
  if (input.pack === null)
    add({ file: packFileName(trace.packHash), seq: null, line: null, message: `the rule pack snapshot ${trace.packHash} is missing or invalid` })

  let csvOk = false
  if (input.csv === null) add({ file: "traces.csv", seq: null, line: null, message: "traces.csv has no row for this trace" })
  else if (recorded !== null && parsed !== null)
    csvOk = checkCsvRecord(input.csv, expectedColumns(trace, recorded.request, parsed.events, input.pack, parsed.raw.length), add)

  const replay = await checkReplay(input, recorded, parsed, add)
  const terminal = parsed?.events.findLast(isTerminal)
  const verdict: TraceVerdict = {
    requestId: trace.requestId,
    ok: problems.length === 0,
    outcome: terminal?.stage ?? null,
    chainOk,
    csvOk,
    replayOk: replay.ok,
    problems,
  }
  if (replay.skipped !== undefined) verdict.replaySkipped = replay.skipped
  const isBase = parsed !== null && recorded !== null && recorded.origin.kind === "question"
  return { verdict, checked: isBase ? { events: parsed.events, request: recorded.request } : null }
}

/** The trace's recorded request and what its replay starts from; null (reported) when it cannot be read or used. */
interface RecordedRequest {
  /** The request (a hypothetical's: its base's, with its own id and date): what traces.csv is checked against. */
  request: StoredRequest
  origin: ReplayOrigin
}

/** The request traces.jsonl records for the trace: a question's, or a hypothetical's (replayed from its base). */
function readRequest(input: TraceInput, add: (p: Omit<BundleProblem, "requestId">) => void): RecordedRequest | null {
  const { trace } = input
  if (input.record === null) {
    add({ file: TRACES_JSONL_FILE, seq: null, line: null, message: "traces.jsonl has no record for this trace" })
    return null
  }
  const line = input.record.line
  const problem = (message: string) => {
    add({ file: TRACES_JSONL_FILE, seq: null, line, message })
    return null
  }
  const raw = input.record.value.request
  const asCounterfactual = trace.counterfactualOf === null ? null : CounterfactualRequest.safeParse(raw)
  const checked = asCounterfactual?.success ? asCounterfactual : StoredRequest.safeParse(raw)
  if (!checked.success) return problem(`the recorded request is invalid: ${checked.error.issues[0]?.message ?? "?"}`)
  if (checked.data.requestId !== trace.requestId) return problem(`the recorded request belongs to trace ${checked.data.requestId}`)
  if (!("kind" in checked.data))
    return { request: checked.data, origin: { kind: "question", request: checked.data, counterfactualOf: trace.counterfactualOf } }
  // A hypothetical: replayed from its base's events with the context its request records.
  const counterfactual = checked.data
  const base = input.base ?? null
  if (counterfactual.counterfactualOf !== trace.counterfactualOf)
    return problem(`the counterfactual request names base ${counterfactual.counterfactualOf}`)
  if (base === null)
    return problem(input.baseUnavailable ?? `the base trace ${counterfactual.counterfactualOf} is not verified earlier in this bundle`)
  return {
    request: { ...base.request, requestId: trace.requestId, asOfDate: counterfactual.context.asOf },
    origin: {
      kind: "counterfactual",
      request: counterfactual,
      base: { events: base.events, engineVersion: base.request.engineVersion },
    },
  }
}

/** The replay of the trace from its origin against its pack snapshot (engine/replay-run.ts), as the store's verify does it. */
async function checkReplay(
  input: TraceInput,
  recorded: RecordedRequest | null,
  parsed: ParsedEvents | null,
  add: (p: Omit<BundleProblem, "requestId">) => void,
): Promise<{ ok: boolean; skipped?: string }> {
  if (recorded === null) return { ok: false }
  const plan = replayPlan(recorded.origin, input.engine, parsed?.raw ?? [])
  if (plan.ok && plan.skipped !== undefined) return { ok: false, skipped: plan.skipped }
  if (parsed === null || input.pack === null) return { ok: false }
  const complete = parsed.events.some(isTerminal)
  const difference = await replayDifference(plan, { pack: input.pack }, input.trace.packHash, parsed.raw, complete)
  if (difference === null) return { ok: true }
  const line = difference.seq === null ? null : (input.events.find((e) => e.seq === difference.seq)?.line ?? null)
  add({ file: EVENTS_FILE, seq: difference.seq, line, message: `replay: ${difference.reason}` })
  return { ok: false }
}

/** Parses and validates every event line; null when any line is not a valid event of this trace. */
function parseEvents(
  trace: ManifestTrace,
  lines: EventLine[],
  add: (p: Omit<BundleProblem, "requestId">) => void,
): ParsedEvents | null {
  const events: ReasoningEvent[] = []
  const raw: unknown[] = []
  let ok = true
  for (const line of lines) {
    const at = (message: string) => {
      ok = false
      add({ file: EVENTS_FILE, seq: line.seq, line: line.line, message })
    }
    const value = line.value
    if (value === undefined) {
      at("the line is not valid JSON")
      continue
    }
    if (canonicalJson(value) !== line.text) at("the line is not in canonical JSON form")
    raw.push(value)
    // Trace format 2: the local model's recording follows the terminal; it is chained and read, never replayed.
    if (isModelRecord(value)) {
      const record = ModelRecordEvent.safeParse(value)
      if (!record.success) at("the model record does not fit the record contract")
      else if (record.data.requestId !== trace.requestId || record.data.id !== eventId(record.data.requestId, record.data.seq))
        at(`the model record ${record.data.id} does not belong here`)
      continue
    }
    const checked = ReasoningEvent.safeParse(value)
    if (!checked.success) {
      const issue = checked.error.issues[0]
      at(`the event does not fit the event contract at ${issue?.path.join(".") || "(event)"}: ${issue?.message ?? "?"}`)
      continue
    }
    const event = checked.data
    if (event.requestId !== trace.requestId) at(`the event belongs to trace ${event.requestId}`)
    if (event.id !== eventId(event.requestId, event.seq)) at(`the event id ${event.id} does not match its seq ${event.seq}`)
    if ((event.counterfactualOf ?? null) !== trace.counterfactualOf)
      at(`the event's counterfactualOf (${event.counterfactualOf ?? "none"}) differs from the manifest's (${trace.counterfactualOf ?? "none"})`)
    events.push(event)
  }
  return ok ? { events, raw } : null
}

/** The events validated (typed), and as read (replay compares these, unknown members included). */
interface ParsedEvents {
  events: ReasoningEvent[]
  raw: unknown[]
}
