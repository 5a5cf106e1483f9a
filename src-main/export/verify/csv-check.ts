import type { ReasoningEvent } from "../../../src-shared/events/event"
import { isTerminal } from "../../../src-shared/events/event"
import type { BundleProblem } from "../../../src-shared/export"
import { summarizeEvent, type TracePatch } from "../../trace/summary"
import { TRACES_CSV_FILE, TRACE_CSV_COLUMNS, type ManifestTrace, type TraceCsvColumn } from "../bundle-format"
import { unguardText } from "../csv"
import type { StoredRequest } from "../../store/stored-request"

// traces.csv must say what the events say. Each column is derived again from the trace's own
// events (with the store's summary rules), its request and the signed manifest; the columns that
// record wall-clock measurements (createdAt, durationMs, ttfusMs) are only checked for form.

export interface CsvRecord {
  line: number
  fields: ReadonlyMap<TraceCsvColumn, string>
}

type Expected = Partial<Record<TraceCsvColumn, string | number | null>>

function text(value: string | number | null | undefined): string {
  return value === null || value === undefined ? "" : String(value)
}

function status(events: readonly ReasoningEvent[]): string | null {
  const last = events.at(-1)
  if (last !== undefined && isTerminal(last)) return "complete"
  if (last?.status === "awaiting_input") return "awaiting_input"
  // "running" or "interrupted": both mean the run stopped without an outcome; events cannot tell which.
  return null
}

export function expectedColumns(
  trace: ManifestTrace,
  request: StoredRequest,
  events: readonly ReasoningEvent[],
  pack: { id: string; version: string } | null,
  /** Events on the trace's chain: the engine's, plus (trace format 2) the model's records after them. */
  chainLength = events.length,
): Expected {
  const patch: TracePatch = {}
  for (const event of events) summarizeEvent(event, patch, request.locale)
  return {
    requestId: trace.requestId,
    question: request.question,
    status: status(events),
    outcome: patch.outcome ?? null,
    refusalReason: patch.refusalReason ?? null,
    domain: patch.domain ?? null,
    riskTier: patch.riskTier ?? null,
    confidence: patch.confidence ?? null,
    locale: request.locale ?? patch.locale ?? "hr",
    // As the store derives it: the date the events say the run evaluated on, else the one requested,
    // else the day it was asked.
    asOfDate: patch.evaluatedAsOf ?? request.asOfDate ?? request.askedOn,
    clientId: request.clientId ?? null,
    sourceCount: patch.sourceCount ?? null,
    eligibleRuleCount: patch.eligibleRuleCount ?? null,
    exclusionCount: patch.exclusionCount ?? null,
    conflictCount: patch.conflictCount ?? null,
    counterfactualOf: trace.counterfactualOf,
    ...(pack === null ? {} : { packId: pack.id, packVersion: pack.version }),
    packHash: trace.packHash,
    chainHead: trace.chainHead,
    eventCount: chainLength,
  }
}

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

export function checkCsvRecord(
  record: CsvRecord,
  expected: Expected,
  problem: (p: Omit<BundleProblem, "requestId">) => void,
): boolean {
  let ok = true
  const at = (message: string) => {
    ok = false
    problem({ file: TRACES_CSV_FILE, seq: null, line: record.line, message })
  }
  for (const column of TRACE_CSV_COLUMNS) {
    const field = unguardText(record.fields.get(column) ?? "")
    if (column in expected) {
      const want = expected[column]
      if (column === "status" && want === null) {
        if (field !== "running" && field !== "interrupted") at(`column status says "${field}" but the run has no outcome (running or interrupted)`)
      } else if (field !== text(want)) at(`column ${column} says "${field}" but the events say "${text(want)}"`)
    } else if (column === "createdAt") {
      if (!ISO_TIMESTAMP.test(field)) at(`column createdAt is not an ISO 8601 timestamp: "${field}"`)
    } else if ((column === "durationMs" || column === "ttfusMs") && field !== "" && !Number.isFinite(Number(field))) {
      at(`column ${column} is not a number: "${field}"`)
    }
  }
  return ok
}
