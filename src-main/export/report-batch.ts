import type { ReasoningEvent } from "../../src-shared/events/event"
import type { TraceSummary } from "../../src-shared/traces"
import type { BaseTrace } from "./report/counterfactual-section"
import { traceSection } from "./report/trace-section"
import { viewedLines, type SourceTrace } from "./trace-source"
import { viewTrace } from "./trace-view"

// The report's sections for a batch of traces: the unit of work of a report renderer. A batch
// carries each trace's summary and the events the report reads as JSON text, all in one byte
// array, so it crosses to a worker thread by transfer, without a copy; what comes back is the
// batch's HTML as UTF-8, transferred the same way.

export type ByteRange = readonly [start: number, end: number]

export interface ReportTraceInput {
  summary: TraceSummary
  /** Where this trace's events (a JSON array) are in the batch's bytes. */
  events: ByteRange
  /** A hypothetical's base run, when it is in the bundle. */
  base: { summary: TraceSummary; events: ByteRange } | null
}

export interface ReportBatch {
  /** 1-based place of the batch's first trace in the report. */
  firstIndex: number
  traces: ReportTraceInput[]
  bytes: Uint8Array
}

/** Gathers traces into a batch; `lookupBase` finds a hypothetical's base (null when it is not there). */
export function buildReportBatch(firstIndex: number, traces: readonly SourceTrace[], lookupBase: (requestId: string) => SourceTrace | null): ReportBatch {
  // Each trace's viewed lines of events.jsonl, copied into one JSON array per trace.
  const pieces: Array<{ trace: SourceTrace; lines: Array<[number, number]> }> = []
  let size = 0
  const place = (trace: SourceTrace): ByteRange => {
    const lines = viewedLines(trace)
    pieces.push({ trace, lines })
    const start = size
    size += 2 + Math.max(0, lines.length - 1)
    for (const [from, to] of lines) size += to - from
    return [start, size]
  }
  const inputs = traces.map((trace): ReportTraceInput => {
    const events = place(trace)
    const of = trace.summary.counterfactualOf
    const base = of === null ? null : lookupBase(of)
    return { summary: trace.summary, events, base: base === null ? null : { summary: base.summary, events: place(base) } }
  })
  // A fresh ArrayBuffer of exactly this size, so it can be transferred.
  const bytes = new Uint8Array(size)
  let at = 0
  for (const { trace, lines } of pieces) {
    bytes[at++] = OPEN_BRACKET
    lines.forEach(([from, to], i) => {
      if (i > 0) bytes[at++] = COMMA
      bytes.set(trace.eventsJsonl.subarray(from, to), at)
      at += to - from
    })
    bytes[at++] = CLOSE_BRACKET
  }
  return { firstIndex, traces: inputs, bytes }
}

const OPEN_BRACKET = "[".charCodeAt(0)
const COMMA = ",".charCodeAt(0)
const CLOSE_BRACKET = "]".charCodeAt(0)

const BASE_CACHE_LIMIT = 1000

const OUTPUT_CHUNK_BYTES = 1 << 20

/** Renders batches; keeps the views of recent bases, as many hypotheticals share one base. */
export class ReportBatchRenderer {
  private readonly decoder = new TextDecoder("utf-8", { fatal: true })
  private readonly bases = new Map<string, BaseTrace>()

  /** The batch's HTML as UTF-8, in pieces that each own their memory (so each can be transferred). */
  render(batch: ReportBatch): Uint8Array[] {
    const out = new Utf8Pieces()
    batch.traces.forEach((trace, i) => {
      const base = trace.base === null ? null : this.baseOf(trace.base.summary, batch.bytes, trace.base.events)
      const view = viewTrace(this.events(batch.bytes, trace.events))
      // Encoded trace by trace, so each section's strings die young instead of piling up per batch.
      out.write(traceSection({ summary: trace.summary, view, base }, batch.firstIndex + i).value)
    })
    return out.pieces()
  }

  private events(bytes: Uint8Array, [start, end]: ByteRange): ReasoningEvent[] {
    // The store validated these events when it wrote them; the verifier re-validates the bundle.
    return JSON.parse(this.decoder.decode(bytes.subarray(start, end))) as ReasoningEvent[]
  }

  private baseOf(summary: TraceSummary, bytes: Uint8Array, events: ByteRange): BaseTrace {
    let base = this.bases.get(summary.requestId)
    if (base === undefined) {
      if (this.bases.size >= BASE_CACHE_LIMIT) this.bases.clear()
      base = { summary, view: viewTrace(this.events(bytes, events)) }
      this.bases.set(summary.requestId, base)
    }
    return base
  }
}

/** Text encoded into UTF-8 pieces of about OUTPUT_CHUNK_BYTES. */
class Utf8Pieces {
  private readonly done: Uint8Array[] = []
  private current = Buffer.allocUnsafeSlow(OUTPUT_CHUNK_BYTES)
  private used = 0

  write(text: string): void {
    // At most 3 UTF-8 bytes per UTF-16 code unit.
    if (text.length * 3 > this.current.length - this.used) {
      this.flush()
      if (text.length * 3 > this.current.length) {
        this.done.push(Buffer.from(text, "utf8"))
        return
      }
    }
    this.used += this.current.write(text, this.used, "utf8")
  }

  pieces(): Uint8Array[] {
    this.flush()
    return this.done
  }

  private flush(): void {
    if (this.used === 0) return
    this.done.push(this.current.subarray(0, this.used))
    this.current = Buffer.allocUnsafeSlow(OUTPUT_CHUNK_BYTES)
    this.used = 0
  }
}
