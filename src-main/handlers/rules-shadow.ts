import { randomUUID } from "node:crypto"
import { resolve } from "node:path"
import { IpcFailure } from "../../src-shared/ipc/channel"
import { shadowJobEnded } from "../../src-shared/job-notice"
import type { ShadowJob } from "../../src-shared/rule-changes"
import type { Services } from "../composition/services"
import type { RuleEdit } from "../packs/apply-changes"
import { nextPack } from "../packs/apply-changes"
import type { RuleChange } from "../packs/contract"
import { PackRefusal } from "../packs/refusals"
import { nextPatch } from "../packs/semver"
import { shadowRun, type AppBusy } from "../shadow/shadow-run"
import type { LatestVersion } from "./rules-base"

// Shadow runs of rule changes in review (issue 19, "shadow run before publishing"): the latest
// version with the change, run over every stored finished run in the background on worker threads
// and compared with the same questions asked again on the latest version (so that only this
// change shows, not an older publication). The window polls a job's progress, stops it (the report
// then covers the runs done) and reads its report. While the app answers a question the workers
// pause between two runs. Jobs live as long as the host; the last few are kept.

const KEPT_JOBS = 20

interface Job {
  view: ShadowJob
  controller: AbortController
}

export class ShadowJobs {
  private readonly jobs = new Map<string, Job>()

  constructor(
    private readonly services: Services,
    private readonly latest: LatestVersion,
  ) {}

  /** Starts a shadow run of the change over every stored run, or over the runs of `clientIds`. */
  start(change: RuleChange, editOf: (change: RuleChange) => RuleEdit, clientIds?: readonly string[]): ShadowJob {
    if (change.status !== "IN_REVIEW")
      throw new PackRefusal("not-in-review", { change: change.id, status: change.status })
    const base = this.latest.get().pack
    const candidate = nextPack(base, [editOf(change)], {
      version: nextPatch(base.version),
      publishedAt: base.pack.publishedAt,
    })
    const jobId = randomUUID()
    const controller = new AbortController()
    const job: Job = {
      controller,
      view: {
        jobId,
        changeId: change.id,
        state: "running",
        progress: { done: 0, total: 0, changed: 0 },
        report: null,
        error: null,
      },
    }
    this.remember(jobId, job)
    shadowRun({
      dbPath: resolve(this.services.store.path),
      candidate,
      baseline: base,
      ...(clientIds === undefined ? {} : { clientIds }),
      signal: controller.signal,
      appBusy: this.appBusy(),
      onProgress: (progress) => (job.view = { ...job.view, progress }),
    }).then(
      (report) => {
        job.view = {
          ...job.view,
          state: report.status,
          report,
          progress: { done: report.done, total: report.total, changed: report.counts.changed },
        }
        this.announceEnd(job.view)
      },
      (error: unknown) => {
        this.services.reportBackgroundError(`shadow of change ${change.id}`, error)
        job.view = {
          ...job.view,
          state: "failed",
          error: error instanceof Error ? error.message : String(error),
        }
        this.announceEnd(job.view)
      },
    )
    return job.view
  }

  status(jobId: string): ShadowJob {
    return this.job(jobId).view
  }

  /** Stops a running job; its report (marked stopped) follows once the workers have handed back what they did. */
  stop(jobId: string): ShadowJob {
    const job = this.job(jobId)
    job.controller.abort()
    return job.view
  }

  /** For the hosts' background notices (issue 23): the user may have turned to other work. */
  private announceEnd(view: ShadowJob): void {
    const ended = shadowJobEnded(view)
    if (ended !== null) this.services.jobsEnded.publish(ended)
  }

  private job(jobId: string): Job {
    const job = this.jobs.get(jobId)
    if (job === undefined)
      throw new IpcFailure("NOT_FOUND", `no shadow run ${jobId} (ended with an earlier start of the app?)`)
    return job
  }

  private remember(jobId: string, job: Job): void {
    this.jobs.set(jobId, job)
    for (const [id, old] of this.jobs) {
      if (this.jobs.size <= KEPT_JOBS) break
      if (old.view.state !== "running") this.jobs.delete(id)
    }
  }

  /** Busy while the app answers a question: every run event may change that. */
  private appBusy(): AppBusy {
    const { runs, events } = this.services
    return { busy: () => runs.activeCount > 0, subscribe: (onChange) => events.subscribe(() => onChange()) }
  }
}
