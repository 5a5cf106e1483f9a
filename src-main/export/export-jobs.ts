import type { ExportJobRef, ExportProgress, StartExportInput } from "../../src-shared/export"
import { IpcFailure } from "../../src-shared/ipc/channel"
import { ExportFailure, startExport, type ExportHandle } from "./export-runner"
import type { EventBus } from "../util/event-bus"
import { exportJobEnded, type JobEnded } from "../../src-shared/job-notice"

// Audit exports started from the window: each runs on a worker thread; its progress and its end
// (done, cancelled, failed) are pushed as ExportProgress, so the caller gets a job id at once.

export interface ExportJobsDeps {
  dbPath: string
  /** Where the installation's signing key lives. */
  dataDir: string
  progress: EventBus<ExportProgress>
  /** Where the export's end is announced as well (the hosts' background notices, issue 23). */
  ended?: EventBus<JobEnded>
  onBackgroundError(context: string, error: unknown): void
}

export class ExportJobs {
  private readonly running = new Map<string, ExportHandle>()

  constructor(private readonly deps: ExportJobsDeps) {}

  start(input: StartExportInput): ExportJobRef {
    let jobId = ""
    const publish = (progress: Omit<ExportProgress, "jobId">) => {
      this.deps.progress.publish({ jobId, ...progress })
      const ended = exportJobEnded(progress)
      if (ended !== null) this.deps.ended?.publish(ended)
    }
    const handle = startExport(
      { dbPath: this.deps.dbPath, selection: input.selection, outPath: input.outPath, userDataDir: this.deps.dataDir },
      { onProgress: ({ file, done, total, step, steps }) => publish({ phase: "writing", file, done, total, step, steps }) },
    )
    jobId = handle.jobId
    this.running.set(jobId, handle)
    handle.result
      .then(
        (result) => publish({ phase: "done", done: result.traceCount, total: result.traceCount, outPath: result.outPath, bytes: result.bytes }),
        (error: unknown) => {
          if (error instanceof ExportFailure && error.kind === "cancelled") return publish({ phase: "cancelled", done: 0, total: 0 })
          if (!(error instanceof ExportFailure)) this.deps.onBackgroundError(`export ${jobId}`, error)
          const errorKind = error instanceof ExportFailure && error.kind !== "cancelled" ? error.kind : "failed"
          publish({ phase: "failed", done: 0, total: 0, error: error instanceof Error ? error.message : String(error), errorKind })
        },
      )
      .finally(() => this.running.delete(jobId))
    return { jobId }
  }

  cancel({ jobId }: ExportJobRef): ExportJobRef {
    const handle = this.running.get(jobId)
    if (handle === undefined) throw new IpcFailure("NOT_FOUND", `no running export ${jobId}`)
    handle.cancel()
    return { jobId }
  }

  /** Cancels every running export and waits for them to stop (at shutdown). */
  async stopAll(): Promise<void> {
    const handles = [...this.running.values()]
    for (const handle of handles) handle.cancel()
    await Promise.allSettled(handles.map((handle) => handle.result))
  }
}
