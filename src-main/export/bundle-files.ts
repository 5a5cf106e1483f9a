import type { ReasoningEvent } from "../../src-shared/events/event"
import { CSV_BOM, csvRow } from "./csv"
import { TRACE_CSV_COLUMNS, tracesJsonlLine, type BundleTrace } from "./bundle-format"
import type { BaseTrace } from "./report/counterfactual-section"
import { reportFoot, reportHead, type ReportMeta } from "./report/document"
import { traceSection } from "./report/trace-section"
import type { BundleSource, EventLoad } from "./trace-source"
import { viewTrace } from "./trace-view"

// The content of each bundle file, produced trace by trace from one pass over the selection, in
// chunks of about CHUNK_BYTES so the ZIP stream gets few, large writes.

const CHUNK_CHARS = 256 * 1024
export const BATCH_SIZE = 500

export interface PassContext {
  source: BundleSource
  /** Called after each trace; throws to stop (cancel). */
  onTrace(file: string, done: number): void
}

function* chunked(parts: Iterable<string>): Iterable<Buffer> {
  let pending: string[] = []
  let size = 0
  for (const part of parts) {
    pending.push(part)
    size += part.length
    if (size >= CHUNK_CHARS) {
      yield Buffer.from(pending.join(""), "utf8")
      pending = []
      size = 0
    }
  }
  if (pending.length > 0) yield Buffer.from(pending.join(""), "utf8")
}

function* perTrace(
  ctx: PassContext,
  file: string,
  render: (trace: BundleTrace, index: number) => string,
  events: EventLoad = "full",
): Iterable<string> {
  let done = 0
  for (const batch of ctx.source.batches(BATCH_SIZE, events)) {
    for (const trace of batch) {
      done += 1
      yield render(trace, done)
      ctx.onTrace(file, done)
    }
  }
}

/** events.jsonl: every event's stored canonical JSON, one per line, traces in bundle order. */
export function eventsJsonl(ctx: PassContext, seen: (trace: BundleTrace) => void): Iterable<Buffer> {
  return chunked(
    perTrace(ctx, "events.jsonl", (trace) => {
      seen(trace)
      let out = ""
      for (const event of trace.events) out += event.json + "\n"
      return out
    }),
  )
}

/** traces.jsonl: per trace, the engine request replay needs and the hash of each event. */
export function tracesJsonl(ctx: PassContext): Iterable<Buffer> {
  return chunked(perTrace(ctx, "traces.jsonl", (trace) => tracesJsonlLine(trace), "hashes"))
}

export function tracesCsv(ctx: PassContext): Iterable<Buffer> {
  function* lines(): Iterable<string> {
    yield CSV_BOM + csvRow(TRACE_CSV_COLUMNS)
    yield* perTrace(ctx, "traces.csv", (trace) => csvRow(TRACE_CSV_COLUMNS.map((column) => trace.summary[column])), "none")
  }
  return chunked(lines())
}

/** Events as the store wrote them (validated there); the verifier re-validates what it reads. */
export function parseStoredEvents(trace: BundleTrace): ReasoningEvent[] {
  return trace.events.map((event) => JSON.parse(event.json) as ReasoningEvent)
}

export function reportHtml(ctx: PassContext, meta: ReportMeta): Iterable<Buffer> {
  const baseCache = new Map<string, BaseTrace | null>()
  function base(requestId: string): BaseTrace | null {
    if (!baseCache.has(requestId)) {
      // Bases are few; keep the cache small all the same.
      if (baseCache.size >= 1000) baseCache.clear()
      const trace = ctx.source.trace(requestId)
      baseCache.set(requestId, trace && { summary: trace.summary, view: viewTrace(parseStoredEvents(trace)) })
    }
    return baseCache.get(requestId) ?? null
  }
  function* parts(): Iterable<string> {
    yield reportHead(meta).value
    yield* perTrace(ctx, "report.html", (trace, index) => {
      const of = trace.summary.counterfactualOf
      return traceSection({ summary: trace.summary, view: viewTrace(parseStoredEvents(trace)), base: of === null ? null : base(of) }, index).value
    })
    yield reportFoot().value
  }
  return chunked(parts())
}
