import { eventId, ReasoningEvent, isTerminal } from "../../../src-shared/events/event"
import type { BundleProblem, TraceVerdict } from "../../../src-shared/export"
import type { LoadedPack } from "../../knowledge/loader"
import { replayAndCompare, type ReasoningEngine } from "../../store/replay"
import { canonicalJson } from "../../util/canonical-json"
import { EVENTS_FILE, packFileName, TRACES_JSONL_FILE, type ManifestTrace, type TracesJsonlLine } from "../bundle-format"
import { checkChain, type EventLine } from "./chain-check"
import { checkCsvRecord, expectedColumns, type CsvRecord } from "./csv-check"
import { StoredRequest } from "./stored-request"

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
}

export async function checkTrace(input: TraceInput): Promise<TraceVerdict> {
  const { trace } = input
  const problems: BundleProblem[] = []
  const add = (p: Omit<BundleProblem, "requestId">) => problems.push({ requestId: trace.requestId, ...p })

  const parsed = parseEvents(trace, input.events, add)
  const chainOk = checkChain(trace, input.events, input.record?.value.eventHashes ?? null, add)

  let request: StoredRequest | null = null
  if (input.record === null) add({ file: TRACES_JSONL_FILE, seq: null, line: null, message: "traces.jsonl has no record for this trace" })
  else {
    const checked = StoredRequest.safeParse(input.record.value.request)
    if (!checked.success)
      add({ file: TRACES_JSONL_FILE, seq: null, line: input.record.line, message: `the recorded request is invalid: ${checked.error.issues[0]?.message ?? "?"}` })
    else if (checked.data.requestId !== trace.requestId)
      add({ file: TRACES_JSONL_FILE, seq: null, line: input.record.line, message: `the recorded request belongs to trace ${checked.data.requestId}` })
    else request = checked.data
  }
  if (input.pack === null)
    add({ file: packFileName(trace.packHash), seq: null, line: null, message: `the rule pack snapshot ${trace.packHash} is missing or invalid` })

  let csvOk = false
  if (input.csv === null) add({ file: "traces.csv", seq: null, line: null, message: "traces.csv has no row for this trace" })
  else if (request !== null && parsed !== null)
    csvOk = checkCsvRecord(input.csv, expectedColumns(trace, request, parsed.events, input.pack), add)

  let replayOk = false
  if (request !== null && parsed !== null && input.pack !== null) {
    const difference = await replayAndCompare({
      engine: input.engine,
      request,
      pack: input.pack,
      counterfactualOf: trace.counterfactualOf,
      stored: parsed.raw,
      complete: parsed.events.some(isTerminal),
    })
    if (difference === null) replayOk = true
    else {
      const line = difference.seq === null ? null : (input.events.find((e) => e.seq === difference.seq)?.line ?? null)
      add({ file: EVENTS_FILE, seq: difference.seq, line, message: `replay: ${difference.reason}` })
    }
  }
  const terminal = parsed?.events.findLast(isTerminal)
  return {
    requestId: trace.requestId,
    ok: problems.length === 0,
    outcome: terminal?.stage ?? null,
    chainOk,
    csvOk,
    replayOk,
    problems,
  }
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
