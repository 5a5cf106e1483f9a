import { Worker, type MessagePort } from "node:worker_threads"
import { ReportBatchRenderer, type ReportBatch } from "./report-batch"

// Who renders the report's batches: the export's own thread, or worker threads that run beside
// it (parsing the events and building the HTML is the export's largest share of JavaScript work,
// so on a machine with two or more cores it runs in parallel with reading, hashing and zipping).
// Batches go to the workers in turn and each result is awaited in order by the caller.

export interface ReportRenderers {
  /** The batch's HTML as UTF-8 pieces. The batch's bytes may be transferred away: do not use them after. */
  render(batch: ReportBatch): Promise<Uint8Array[]>
  /** Stops the workers (after the last result, or at once on failure and cancel). */
  close(): Promise<void>
}

/** How to start a report worker: the export worker's own entry, in its report-rendering role. */
export interface ReportWorkerSpec {
  /** URL (href) of export-worker's built .js, or of its .ts source run through tsx. */
  entry: string
  execArgv: string[]
  count: number
}

/** workerData of a report worker (the export worker's entry tells the two roles apart by it). */
export interface ReportWorkerData {
  role: "report-renderer"
}

export type ReportWorkerReply = { id: number; html: Uint8Array[] } | { id: number; error: string }

/** A report worker's heap: one batch of parsed events and its HTML at a time. */
const REPORT_WORKER_HEAP_MB = 96
/**
 * Each trace's parsed events and HTML die young, so a bounded nursery keeps the worker small; each
 * scavenge has a fixed cost, and 16 MB halves their number against 8 MB (32 MB saves a third more
 * but costs 20 MB of peak RSS).
 */
const REPORT_WORKER_YOUNG_MB = 16

export function inThreadRenderers(): ReportRenderers {
  const renderer = new ReportBatchRenderer()
  return {
    render: (batch) => Promise.resolve(renderer.render(batch)),
    close: () => Promise.resolve(),
  }
}

interface Pending {
  resolve(html: Uint8Array[]): void
  reject(error: Error): void
}

export function workerRenderers(spec: ReportWorkerSpec): ReportRenderers {
  const pending = new Map<number, Pending>()
  let nextId = 0
  let failure: Error | null = null
  const fail = (error: Error) => {
    failure ??= error
    for (const waiting of pending.values()) waiting.reject(error)
    pending.clear()
  }
  const data: ReportWorkerData = { role: "report-renderer" }
  const workers = Array.from({ length: Math.max(1, spec.count) }, () => {
    const worker = new Worker(new URL(spec.entry), {
      workerData: data,
      execArgv: spec.execArgv,
      resourceLimits: { maxOldGenerationSizeMb: REPORT_WORKER_HEAP_MB, maxYoungGenerationSizeMb: REPORT_WORKER_YOUNG_MB },
    })
    worker.on("message", (reply: ReportWorkerReply) => {
      const waiting = pending.get(reply.id)
      if (waiting === undefined) return
      pending.delete(reply.id)
      if ("html" in reply) waiting.resolve(reply.html)
      else waiting.reject(new Error(`rendering the report failed: ${reply.error}`))
    })
    worker.on("error", (error) => fail(new Error(`the report worker failed: ${error.message}`)))
    worker.on("exit", (code) => {
      if (pending.size > 0) fail(new Error(`the report worker stopped unexpectedly (exit code ${code})`))
    })
    return worker
  })
  return {
    render(batch) {
      if (failure !== null) return Promise.reject(failure)
      const id = nextId++
      const worker = workers[id % workers.length]
      if (worker === undefined) return Promise.reject(new Error("no report worker"))
      return new Promise<Uint8Array[]>((resolve, reject) => {
        pending.set(id, { resolve, reject })
        worker.postMessage({ id, batch }, [batch.bytes.buffer as ArrayBuffer])
      })
    },
    async close() {
      for (const waiting of pending.values()) waiting.reject(new Error("the report renderers were closed"))
      pending.clear()
      await Promise.all(workers.map((worker) => worker.terminate()))
    },
  }
}

/** The worker side: renders each batch it is sent and transfers the HTML back. */
export function serveReportBatches(port: MessagePort): void {
  const renderer = new ReportBatchRenderer()
  port.on("message", (message: { id: number; batch: ReportBatch }) => {
    let reply: ReportWorkerReply
    try {
      reply = { id: message.id, html: renderer.render(message.batch) }
    } catch (error) {
      reply = { id: message.id, error: error instanceof Error ? error.message : String(error) }
    }
    port.postMessage(reply, "html" in reply ? reply.html.map((piece) => piece.buffer as ArrayBuffer) : [])
  })
}
