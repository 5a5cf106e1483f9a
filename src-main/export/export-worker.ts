import { parentPort, workerData } from "node:worker_threads"
import { runExportJob, type ExportJobParams } from "./export-job"
import type { WorkerMessage } from "./export-runner"
import { serveReportBatches, type ReportWorkerData } from "./report-renderers"

// The export worker: runs one export off the main thread with its own read-only SQLite
// connection, reports progress, and stops when the main thread says "cancel". The same entry,
// started by an export worker with ReportWorkerData, renders report batches for it instead (one
// entry file, so the build needs no second one).

const port = parentPort
if (port === null) throw new Error("export-worker.ts must run as a worker thread")

function isReportWorker(data: unknown): data is ReportWorkerData {
  return typeof data === "object" && data !== null && (data as Partial<ReportWorkerData>).role === "report-renderer"
}

if (isReportWorker(workerData)) serveReportBatches(port)
else {
  const controller = new AbortController()
  port.on("message", (message: unknown) => {
    if (message === "cancel") controller.abort()
  })

  const post = (message: WorkerMessage) => port.postMessage(message)

  runExportJob(workerData as ExportJobParams, controller.signal, (progress) => post({ type: "progress", ...progress }))
    .then((result) => post({ type: "done", ...result }))
    .catch((error: unknown) => {
      const name = error instanceof Error ? error.constructor.name : "Error"
      post({ type: "failed", name, message: error instanceof Error ? error.message : String(error) })
    })
    .finally(() => port.close())
}
