import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { isTerminal, type ReasoningEvent } from "../../../../src-shared/events/event"
import { createHandlers } from "../../../../src-main/handlers"
import { createServices, type Services } from "../../../../src-main/composition/services"
import { exposeGc, sampleMemory, type MemorySample } from "./soak-memory"
import { soakQuestion } from "./soak-questions"
import { PublishedEvents, verifyStoredTraces, type StoredTraceCheck } from "./soak-verify"

// The soak: thousands of runs in one process through the real services (engine, store, audit sink,
// live-run event bus), with clarifications answered, what-if counterfactuals and audit exports
// interleaved; memory sampled after GC; at the end every stored trace is checked against what the
// bus saw (no event lost) and its chain (and replay) verified. No vitest here: the bench runs it too.

export interface SoakOptions {
  runs: number
  /** One counterfactual after every this many runs. */
  counterfactualEvery?: number
  /** One audit export (of the latest traces) after every this many runs. */
  exportEvery?: number
  /** How many memory samples to take over the soak. */
  memorySamples?: number
  /** Replay-verify every trace (1) or every n-th; the hash chain of every trace is always checked. */
  replayEvery?: number
  log?: (line: string) => void
}

export interface SoakReport extends StoredTraceCheck {
  runs: number
  counterfactuals: number
  exports: number
  clarificationsAnswered: number
  durationMs: number
  runsPerSecond: number
  outcomes: Record<string, number>
  memory: MemorySample[]
  gcAvailable: boolean
  /** Runs or jobs that failed in a way no user input explains (capacity errors, timeouts, background errors). */
  failures: string[]
}

const CONCURRENT_RUNS = 2
const WAIT_LIMIT_MS = 60_000
/** The latest finished runs kept as bases for counterfactuals and exports. */
const RECENT_RUNS = 200

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const dir = mkdtempSync(join(tmpdir(), "fiskai-soak-"))
  const failures: string[] = []
  const services = createServices({
    dbPath: join(dir, "fiskai.sqlite"),
    settingsOverrides: { deliberatePauseMs: 0 },
    onBackgroundError: (context, error) => failures.push(`${context}: ${error instanceof Error ? error.message : String(error)}`),
  })
  try {
    return await soak(services, dir, options, failures)
  } finally {
    await services.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

async function soak(services: Services, dir: string, options: SoakOptions, failures: string[]): Promise<SoakReport> {
  const handlers = createHandlers(services)
  const gc = exposeGc()
  const counterfactualEvery = options.counterfactualEvery ?? 40
  const exportEvery = options.exportEvery ?? Math.max(250, Math.floor(options.runs / 4))
  const sampleEvery = Math.max(1, Math.floor(options.runs / (options.memorySamples ?? 8)))
  const published = new PublishedEvents(services.store.path)
  const waiters = new Map<string, (event: ReasoningEvent) => void>()
  const outcomes: Record<string, number> = {}
  services.events.subscribe((event) => {
    published.onEvent(event)
    if (isTerminal(event)) outcomes[event.stage] = (outcomes[event.stage] ?? 0) + 1
    if (isTerminal(event) && event.stage === "ERROR" && event.data.code !== "VALIDATION_FAILED") failures.push(`${event.requestId}: ERROR ${event.data.code}`)
    if (isTerminal(event) || event.status === "awaiting_input") waiters.get(event.requestId)?.(event)
  })
  /** Resolves with the run's next stopping point: its terminal or a clarification. */
  const nextStop = (requestId: string) =>
    new Promise<ReasoningEvent | null>((resolve) => {
      const timer = setTimeout(() => {
        waiters.delete(requestId)
        failures.push(`${requestId}: no terminal or clarification within ${WAIT_LIMIT_MS} ms`)
        resolve(null)
      }, WAIT_LIMIT_MS)
      waiters.set(requestId, (event) => {
        clearTimeout(timer)
        waiters.delete(requestId)
        resolve(event)
      })
    })

  let clarificationsAnswered = 0
  const completed: string[] = []
  const remember = (requestId: string) => {
    completed.push(requestId)
    if (completed.length > RECENT_RUNS * 2) completed.splice(0, completed.length - RECENT_RUNS)
  }
  async function oneRun(i: number): Promise<string> {
    const q = soakQuestion(i)
    const { requestId } = services.runs.ask({ question: q.question, ...(q.asOfDate === undefined ? {} : { asOfDate: q.asOfDate }) })
    let stop = await nextStop(requestId)
    for (let round = 0; stop !== null && stop.status === "awaiting_input"; round++) {
      const waiting = nextStop(requestId)
      if (round < 2) {
        await services.runs.answer(requestId, "confirm")
        clarificationsAnswered += 1
      } else await services.runs.cancel(requestId)
      stop = await waiting
    }
    if (stop !== null && isTerminal(stop)) remember(requestId)
    return requestId
  }

  let counterfactuals = 0
  async function oneCounterfactual(): Promise<void> {
    for (const baseId of completed.slice(-10).reverse()) {
      const view = await handlers["whatif.drivers"]({ requestId: baseId }).catch(() => null)
      const driver = view?.facts.flatMap((fact) => fact.drivers).find((d) => d.canToggle && d.flip !== null)
      if (!driver) continue
      const started = await handlers["whatif.run"]({ requestId: baseId, changes: [{ kind: "flip", driverId: driver.id }] })
      if (started.status !== "started") continue
      if ((await nextStop(started.requestId)) !== null) counterfactuals += 1
      // What-if runs are not LiveRuns: wait until the store has it all, then check it.
      for (let i = 0; i < 1_000 && services.traces.reader.row(started.requestId)?.status === "running"; i++) await new Promise((r) => setTimeout(r, 5))
      published.check([started.requestId])
      return
    }
  }

  let exports = 0
  async function oneExport(): Promise<void> {
    const outPath = join(dir, `export-${exports}.zip`)
    const finished = new Promise<string>((resolve) => {
      const unsubscribe = services.pushes["exports.progress"].subscribe((progress) => {
        if (progress.jobId !== job.jobId || !["done", "failed", "cancelled"].includes(progress.phase)) return
        unsubscribe()
        resolve(progress.phase === "done" ? "done" : `${progress.phase}: ${progress.error ?? ""}`)
      })
    })
    const job = services.exports.start({ selection: { traceIds: completed.slice(-RECENT_RUNS) }, outPath })
    const phase = await finished
    if (phase === "done") exports += 1
    else failures.push(`export ${job.jobId} ${phase}`)
    rmSync(outPath, { force: true })
  }

  const memory: MemorySample[] = [await sampleMemory(0, services, gc)]
  const startedAt = performance.now()
  let next = 0
  while (next < options.runs) {
    const batch = Array.from({ length: Math.min(CONCURRENT_RUNS, options.runs - next) }, (_, k) => next + k)
    const ids = await Promise.all(batch.map((i) => oneRun(i)))
    await services.runs.settled()
    published.check(ids)
    const before = next
    next += batch.length
    const crossed = (every: number) => Math.floor(next / every) > Math.floor(before / every)
    if (crossed(counterfactualEvery)) await oneCounterfactual()
    if (crossed(exportEvery)) await oneExport()
    if (crossed(sampleEvery) || next === options.runs) memory.push(await sampleMemory(next, services, gc))
    if (crossed(1000)) options.log?.(`[soak] ${next}/${options.runs} runs, ${counterfactuals} counterfactuals, ${exports} exports`)
  }
  const durationMs = performance.now() - startedAt
  await services.runs.settled()
  published.checkRemaining()
  published.close()
  const check = await verifyStoredTraces(services, options.replayEvery ?? 1)
  return {
    runs: options.runs,
    counterfactuals,
    exports,
    clarificationsAnswered,
    durationMs,
    runsPerSecond: options.runs / (durationMs / 1000),
    outcomes,
    memory,
    gcAvailable: gc !== null,
    failures,
    lostEvents: published.lostEvents,
    ...check,
  }
}
