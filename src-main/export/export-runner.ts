import { randomUUID } from "node:crypto"
import { availableParallelism } from "node:os"
import { pathToFileURL } from "node:url"
import { Worker } from "node:worker_threads"
import type { BundleWriteProgress } from "./bundle-writer"
import { resolveWorkerEntry } from "../util/worker-entry"
import type { ExportJobParams, ExportJobResult } from "./export-job"

// Starts an export on a worker thread and speaks to it: progress comes back, "cancel" goes out,
// and the result or a typed failure settles the job. The main thread never touches the bundle.

export type WorkerMessage =
  | ({ type: "progress" } & BundleWriteProgress)
  | ({ type: "done" } & ExportJobResult)
  | { type: "failed"; name: string; message: string }

/** Why an export failed: the kind decides the CLI's exit code and the window's message. */
export type ExportFailureKind = "empty" | "selection" | "cancelled" | "failed"

export class ExportFailure extends Error {
  constructor(
    readonly kind: ExportFailureKind,
    message: string,
  ) {
    super(message)
  }
}

const KIND_BY_ERROR: Record<string, ExportFailureKind> = {
  EmptySelectionError: "empty",
  SelectionError: "selection",
  ExportCancelledError: "cancelled",
}

export interface ExportHandle {
  readonly jobId: string
  readonly result: Promise<ExportJobResult>
  cancel(): void
}

export interface StartExportOptions {
  onProgress?: (progress: BundleWriteProgress) => void
  /** The worker's entry file; by default the built export-worker.js beside this module, else the
   *  TypeScript source run through tsx (development, tests, CLI). */
  workerEntry?: string | URL
  /** Worker threads that render report.html beside the export worker (they run the same entry). */
  reportWorkers?: number
}

const EXPORT_HEAP_MB = 256
/**
 * The young generation, sized by measurement (20,000 traces, --trace-gc): with V8's default the
 * export's peak RSS was 25 MB higher; at 8 MB a batch's rows outlived the nursery and every few
 * hundred traces cost a full mark-compact; 16 MB halves the scavenges and saves a quarter of
 * the full collections.
 */
const EXPORT_YOUNG_MB = 16

/**
 * Report renderers beside the export worker: one per core left over, at least one, at most two
 * (each costs about 40 MB of RSS; on two cores a second one only adds CPU time).
 */
export function defaultReportWorkers(): number {
  return Math.max(1, Math.min(2, availableParallelism() - 1))
}

export function startExport(params: ExportJobParams, options: StartExportOptions = {}): ExportHandle {
  const jobId = randomUUID()
  const { url: entry, execArgv } =
    options.workerEntry === undefined ? resolveWorkerEntry(import.meta.url, "export-worker", "./export-worker.ts") : { url: options.workerEntry, execArgv: [] }
  const href = entry instanceof URL ? entry.href : pathToFileURL(entry).href
  const workerData: ExportJobParams = {
    ...params,
    reportWorkers: { entry: href, execArgv, count: options.reportWorkers ?? defaultReportWorkers() },
  }
  // The export streams, so its heap stays small; firm caps make V8 collect early instead of
  // growing the heap (peak RSS goal: under 300 MB for 100,000 traces).
  const worker = new Worker(entry, { workerData, execArgv, resourceLimits: { maxOldGenerationSizeMb: EXPORT_HEAP_MB, maxYoungGenerationSizeMb: EXPORT_YOUNG_MB } })
  let settled = false
  const result = new Promise<ExportJobResult>((resolve, reject) => {
    worker.on("message", (message: WorkerMessage) => {
      if (message.type === "progress") options.onProgress?.(message)
      else if (message.type === "done") {
        settled = true
        resolve({ outPath: message.outPath, traceCount: message.traceCount, bytes: message.bytes })
      } else {
        settled = true
        reject(new ExportFailure(KIND_BY_ERROR[message.name] ?? "failed", message.message))
      }
    })
    worker.on("error", (error) => {
      settled = true
      reject(new ExportFailure("failed", `the export worker failed: ${error.message}`))
    })
    worker.on("exit", (code) => {
      if (!settled) reject(new ExportFailure("failed", `the export worker stopped unexpectedly (exit code ${code})`))
    })
  })
  return {
    jobId,
    result,
    cancel() {
      if (!settled) worker.postMessage("cancel")
    },
  }
}
