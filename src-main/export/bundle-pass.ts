import { TRACE_CSV_COLUMNS } from "./bundle-format"
import type { ManifestTraceList } from "./bundle-manifest"
import type { ContentStream } from "./content-stream"
import { CSV_BOM, csvRow } from "./csv"
import { buildReportBatch } from "./report-batch"
import type { ReportRenderers } from "./report-renderers"
import { reportFoot, reportHead, type ReportMeta } from "./report/document"
import type { BundleSource, SourceTrace } from "./trace-source"

// The one pass over the selected traces that fills all four content files: each batch read from
// the store goes at once into events.jsonl (the stored bytes as they are), traces.jsonl and
// traces.csv (built here), and to the report renderers; their HTML is appended to report.html in
// trace order as it comes back. Nothing is read twice and nothing waits for a second pass.

export const BATCH_SIZE = 250

export interface ContentFiles {
  events: ContentStream
  tracesJsonl: ContentStream
  tracesCsv: ContentStream
  report: ContentStream
}

export interface TracePassOptions {
  source: BundleSource
  files: ContentFiles
  /** Where each trace's manifest entry goes. */
  traces: ManifestTraceList
  renderers: ReportRenderers
  /** How many rendered batches may be outstanding (enough to keep every renderer busy). */
  renderAhead: number
  meta: ReportMeta
  /** Called before each batch is read; throws to stop (cancel). */
  checkCancelled(): void
  /** Called after each batch is in all four files, with the number of traces written. */
  onProgress(done: number): void
}

/** One line of traces.jsonl, built by hand so the stored canonical request text is kept byte for byte. */
export function tracesJsonlLine(trace: SourceTrace): string {
  return `{"eventHashes":[${trace.eventHashes}],"request":${trace.requestJson},"requestId":${JSON.stringify(trace.summary.requestId)}}\n`
}

interface Rendering {
  html: Promise<Uint8Array[]>
  count: number
}

/** Writes every selected trace into the four files and the manifest's list of traces. */
export async function writeTracePass(options: TracePassOptions): Promise<void> {
  const { source, files, renderers, traces } = options
  const streams = [files.events, files.tracesJsonl, files.tracesCsv, files.report]
  const rendering: Rendering[] = []
  let done = 0
  const collect = async () => {
    const next = rendering.shift()
    if (next === undefined) return
    for (const piece of await next.html) files.report.writeBytes(piece)
    done += next.count
    options.onProgress(done)
  }
  const baseLookup = new BaseLookup(source)
  files.report.write(reportHead(options.meta).value)
  files.tracesCsv.write(CSV_BOM + csvRow(TRACE_CSV_COLUMNS))
  try {
    for (const batch of source.batches(BATCH_SIZE)) {
      options.checkCancelled()
      const html = renderers.render(buildReportBatch(traces.count + 1, batch, (id) => baseLookup.get(id)))
      // Awaited in order below; a failure meanwhile must not count as unhandled.
      html.catch(() => undefined)
      rendering.push({ html, count: batch.length })
      for (const trace of batch) {
        files.events.writeBytes(trace.eventsJsonl)
        files.tracesJsonl.write(tracesJsonlLine(trace))
        files.tracesCsv.write(csvRow(TRACE_CSV_COLUMNS.map((column) => trace.summary[column])))
        traces.add(trace)
        // Deflating is behind: wait, so that memory stays bounded.
        for (const stream of streams) if (stream.congested) await stream.drain()
      }
      await traces.flush()
      while (rendering.length > options.renderAhead) await collect()
    }
    while (rendering.length > 0) await collect()
  } finally {
    rendering.length = 0
  }
  files.report.write(reportFoot().value)
}

const BASE_LOOKUP_LIMIT = 1000

/** A hypothetical's base run for the report, read once and kept while bases repeat. */
class BaseLookup {
  private readonly found = new Map<string, SourceTrace | null>()

  constructor(private readonly source: BundleSource) {}

  get(requestId: string): SourceTrace | null {
    let trace = this.found.get(requestId)
    if (trace === undefined) {
      if (this.found.size >= BASE_LOOKUP_LIMIT) this.found.clear()
      trace = this.source.trace(requestId)
      this.found.set(requestId, trace)
    }
    return trace
  }
}
