import { availableParallelism } from "node:os"
import { Worker } from "node:worker_threads"
import type { ShadowProgress, ShadowReport } from "../../src-shared/shadow"
import { ENGINE_VERSION } from "../engine/version"
import type { LoadedPack } from "../knowledge/loader"
import { resolveWorkerEntry, type WorkerEntry } from "../util/worker-entry"
import { CONTROL_FLAGS, PAUSE_INDEX, STOP_INDEX, type FromShadowWorker, type PackText, type ShadowWorkerData, type ToShadowWorker } from "./messages"
import { ReportBuilder } from "./report"
import { openReadOnly, RunPages } from "./run-source"
import type Database from "better-sqlite3"

// The shadow run (issue 19): a candidate rule pack over every stored finished run's question and
// frozen context, in the background on worker threads (one per core by default), and the impact
// report. This thread only reads pages of trace ids and hands them out, at most PAGES_AHEAD pages
// per worker at a time (the back-pressure: nothing is read faster than the workers shadow it), and
// gathers what comes back. Stop sets a flag every worker reads before each run; the workers are
// then ended and the report covers the runs done, marked "stopped". The app's questions come
// first: while it answers one (`appBusy`), the workers pause between two runs. A lower thread
// priority alone did not keep asking at its speed: two vCPUs are often one core's two threads.

export interface ShadowRunOptions {
  dbPath: string
  candidate: LoadedPack
  /** What the candidate is compared with: each run's recorded answer, or a re-run with this pack. */
  baseline: LoadedPack | "as-recorded"
  /** Only the runs asked for these clients. */
  clientIds?: readonly string[]
  signal?: AbortSignal
  onProgress?: (progress: ShadowProgress) => void
  /** Worker threads; default: one per core (os.availableParallelism()). */
  workers?: number
  /** Runs per page handed to a worker. */
  pageSize?: number
  /** The worker's entry; by default the built shadow-worker.js beside this module, else the TypeScript source via tsx. */
  workerEntry?: WorkerEntry
  /** Whether the app is answering a question now, and word when that changes: the workers pause meanwhile. */
  appBusy?: AppBusy
}

/** The app's activity as the shadow yields to it (e.g. the runs in progress of the run service). */
export interface AppBusy {
  busy(): boolean
  /** Calls `onChange` whenever busy() may have changed; returns the unsubscribe. */
  subscribe(onChange: () => void): () => void
}

export class ShadowRunError extends Error {}

const DEFAULT_PAGE_SIZE = 64
/** Pages a worker holds at once: one it works on, one waiting, so that it never idles for the next. */
const PAGES_AHEAD = 2
/**
 * A worker's young generation: each shadowed run allocates a whole engine run's events, so V8's
 * small default nursery collected every few runs (the export worker sizes its own the same way).
 */
const WORKER_YOUNG_MB = 32
/** How long a Stop waits for the workers to hand back the runs they finished before they are ended. */
const STOP_GRACE_MS = 500

/** The shadow runs under way in this process, so that a host that shuts down can stop them all. */
const underWay = new Set<{ stop(): void; ended: Promise<unknown> }>()

/**
 * Stops every shadow run of this process and waits until each has ended its workers and closed its
 * connection (the hosts call it before they close the database: a worker killed by the process's
 * exit in the middle of a run would leave its read transaction open while the writer checkpoints).
 */
export async function stopShadowRuns(): Promise<void> {
  const runs = [...underWay]
  for (const run of runs) run.stop()
  await Promise.allSettled(runs.map((run) => run.ended))
}

export function shadowRun(options: ShadowRunOptions): Promise<ShadowReport> {
  const shutdown = new AbortController()
  const signal = options.signal === undefined ? shutdown.signal : AbortSignal.any([options.signal, shutdown.signal])
  const ended = runShadow({ ...options, signal })
  const run = { stop: () => shutdown.abort(), ended }
  underWay.add(run)
  const forget = () => void underWay.delete(run)
  ended.then(forget, forget)
  return ended
}

async function runShadow(options: ShadowRunOptions): Promise<ShadowReport> {
  const startedAt = new Date()
  const db = openReadOnly(options.dbPath)
  try {
    const pages = new RunPages(db, { clientIds: options.clientIds ?? null })
    const pageSize = Math.max(1, options.pageSize ?? DEFAULT_PAGE_SIZE)
    const workers = Math.max(1, Math.min(options.workers ?? availableParallelism(), Math.ceil(pages.total / pageSize) || 1))
    const builder = new ReportBuilder()
    const status =
      pages.total === 0 ? "complete" : options.signal?.aborted === true ? "stopped" : await new ShadowPool(options, pages, builder, workers, pageSize).run()
    return builder.report(
      {
        status,
        candidate: refOf(options.candidate),
        baseline: options.baseline === "as-recorded" ? "as-recorded" : refOf(options.baseline),
        engineVersion: ENGINE_VERSION,
        clientIds: options.clientIds === undefined ? null : [...options.clientIds],
        total: pages.total,
        workers,
        startedAt: startedAt.toISOString(),
        durationMs: Date.now() - startedAt.getTime(),
      },
      clientNames(db, builder.clientIdsWithChanges()),
    )
  } finally {
    db.close()
  }
}

function refOf(pack: LoadedPack): { id: string; version: string; hash: string } {
  return { id: pack.id, version: pack.version, hash: pack.hash }
}

function clientNames(db: Database.Database, ids: readonly string[]): Map<string, string> {
  if (ids.length === 0) return new Map()
  const rows = db.prepare("SELECT id, name FROM clients WHERE id IN (SELECT value FROM json_each(?))").all(JSON.stringify(ids)) as { id: string; name: string }[]
  return new Map(rows.map((r) => [r.id, r.name]))
}

function packText(pack: LoadedPack): PackText {
  return { canonicalJson: pack.canonicalJson, hash: pack.hash }
}

type Status = ShadowReport["status"]

/** The workers of one shadow run and the pages they hold. */
class ShadowPool {
  private readonly flags = new Int32Array(new SharedArrayBuffer(CONTROL_FLAGS * Int32Array.BYTES_PER_ELEMENT))
  private unsubscribe: (() => void) | null = null
  private readonly workers: Worker[] = []
  private readonly held = new Map<Worker, number>()
  private nextPage = 0
  private exhausted = false
  private stopping = false
  private finished = false
  private graceTimer: NodeJS.Timeout | null = null
  private settle: { resolve: (status: Status) => void; reject: (error: Error) => void } | null = null
  private readonly onAbort = () => this.stop()

  constructor(
    private readonly options: ShadowRunOptions,
    private readonly pages: RunPages,
    private readonly builder: ReportBuilder,
    private readonly count: number,
    private readonly pageSize: number,
  ) {}

  run(): Promise<Status> {
    return new Promise<Status>((resolve, reject) => {
      this.settle = { resolve, reject }
      const entry = this.options.workerEntry ?? resolveWorkerEntry(import.meta.url, "shadow-worker", "./shadow-worker.ts")
      const workerData: ShadowWorkerData = {
        dbPath: this.options.dbPath,
        candidate: packText(this.options.candidate),
        baseline: this.options.baseline === "as-recorded" ? null : packText(this.options.baseline),
        control: this.flags.buffer as SharedArrayBuffer,
      }
      for (let i = 0; i < this.count; i++) this.workers.push(this.startWorker(entry, workerData))
      this.options.signal?.addEventListener("abort", this.onAbort, { once: true })
      const app = this.options.appBusy
      if (app !== undefined) {
        this.unsubscribe = app.subscribe(() => this.setPaused(app.busy()))
        this.setPaused(app.busy())
      }
      if (this.options.signal?.aborted === true) this.stop()
      for (const worker of this.workers) this.feed(worker)
    })
  }

  private startWorker(entry: WorkerEntry, workerData: ShadowWorkerData): Worker {
    const worker = new Worker(entry.url, { execArgv: entry.execArgv, workerData, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB } })
    this.held.set(worker, 0)
    worker.on("message", (message: FromShadowWorker) => this.receive(worker, message))
    worker.on("error", (error) => this.fail(new ShadowRunError(`a shadow worker failed: ${error.message}`)))
    worker.on("exit", (code) => this.fail(new ShadowRunError(`a shadow worker stopped unexpectedly (exit code ${code})`)))
    return worker
  }

  /** Hands the worker pages until it holds PAGES_AHEAD (reads a page of ids only when a worker has room). */
  private feed(worker: Worker): void {
    while (!this.stopping && !this.exhausted && (this.held.get(worker) ?? 0) < PAGES_AHEAD) {
      let ids: number[]
      try {
        ids = this.pages.next(this.pageSize)
      } catch (error) {
        this.fail(new ShadowRunError(`the stored runs cannot be read: ${error instanceof Error ? error.message : String(error)}`))
        return
      }
      if (ids.length === 0) {
        this.exhausted = true
        break
      }
      const message: ToShadowWorker = { type: "page", page: this.nextPage++, ids }
      worker.postMessage(message)
      this.held.set(worker, (this.held.get(worker) ?? 0) + 1)
    }
    if (this.heldTotal() === 0 && (this.exhausted || this.stopping)) void this.finish(this.stopping ? "stopped" : "complete")
  }

  private receive(worker: Worker, message: FromShadowWorker): void {
    if (this.finished) return
    if (message.type === "failed") {
      this.fail(new ShadowRunError(`a shadow worker failed: ${message.message}`))
      return
    }
    this.held.set(worker, (this.held.get(worker) ?? 1) - 1)
    this.builder.add(message.result)
    this.options.onProgress?.({ done: this.builder.done, total: this.pages.total, changed: this.builder.changed })
    this.feed(worker)
  }

  private setPaused(paused: boolean): void {
    Atomics.store(this.flags, PAUSE_INDEX, paused ? 1 : 0)
    if (!paused) Atomics.notify(this.flags, PAUSE_INDEX)
  }

  private raiseStop(): void {
    Atomics.store(this.flags, STOP_INDEX, 1)
    // A paused worker wakes to see it.
    Atomics.notify(this.flags, PAUSE_INDEX)
  }

  private stop(): void {
    if (this.stopping || this.finished) return
    this.stopping = true
    this.raiseStop()
    // Each worker ends the run it is on and hands back its pages; one that does not is ended anyway.
    this.graceTimer = setTimeout(() => void this.finish("stopped"), STOP_GRACE_MS)
    if (this.heldTotal() === 0) void this.finish("stopped")
  }

  private heldTotal(): number {
    let total = 0
    for (const n of this.held.values()) total += n
    return total
  }

  private async finish(status: Status): Promise<void> {
    if (this.finished) return
    this.finished = true
    await this.endWorkers()
    // A Stop that came after the last run was done stopped nothing.
    this.settle?.resolve(status === "stopped" && this.builder.done >= this.pages.total ? "complete" : status)
  }

  private fail(error: Error): void {
    if (this.finished) return
    this.finished = true
    void this.endWorkers().then(() => this.settle?.reject(error))
  }

  private async endWorkers(): Promise<void> {
    if (this.graceTimer !== null) clearTimeout(this.graceTimer)
    this.options.signal?.removeEventListener("abort", this.onAbort)
    this.unsubscribe?.()
    this.raiseStop()
    await Promise.all(this.workers.map((w) => w.terminate()))
  }
}
