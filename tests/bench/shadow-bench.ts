import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { availableParallelism, loadavg, tmpdir } from "node:os"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { build } from "vite"
import type { ProfileContext } from "../../src-shared/context"
import { buildAnswerWithReasoning } from "../../src-main/engine/pipeline"
import { EngineThread } from "../../src-main/engine-thread/engine-thread"
import { loadPack, loadPackFile, type LoadedPack } from "../../src-main/knowledge/loader"
import type { RulePack } from "../../src-main/knowledge/pack-schema"
import { packInForce } from "../../src-main/packs/pack-in-force"
import { RunService } from "../../src-main/runs/run-service"
import { shadowRun, type AppBusy } from "../../src-main/shadow/shadow-run"
import { ClientsRepository } from "../../src-main/store/clients-repo"
import { openStore, type Store } from "../../src-main/store/store"
import type { WorkerEntry } from "../../src-main/util/worker-entry"
import { cloneTraces } from "../unit/export/clone-traces"
import { publishWhileAsking } from "./publish-while-asking"
import type { BenchRow } from "./types"

// The shadow run (issue 19): 10,000 stored runs (FISKAI_BENCH_SHADOW_RUNS overrides) shadowed
// with a one-rule change on every core, as runs/s and peak RSS; and whether asking is held up
// meanwhile: a persisted run's p50 (engine thread + store, as the app runs it) alone, and while a
// shadow runs over the same database (yielding to each question, as the app is to run it). The stored runs are the golden questions (every part of the
// pack, both languages, with their profiles and clarification answers, some for clients) asked
// through the run service, then cloned in bulk under new ids with their hash chains recomputed.
// The worker is built to plain JavaScript first, as the app ships its workers (no TypeScript
// loader in the measured threads). Last, publications (built on a worker thread, as the app
// publishes) while questions are asked on the thread that stores runs (publish-while-asking.ts).

const ROOT = join(import.meta.dirname, "..", "..")
const PACK_PATH = join(ROOT, "resources", "packs", "hr-core.json")
const GOAL_RUNS_PER_SECOND = 2000
/** Asking during a shadow may take at most this many times as long (p50) as asking alone. */
const GOAL_ASK_SLOWDOWN = 2
const ROUNDS = 4
const ASKS_PER_ROUND = 60

interface GoldenCase {
  question: string
  asOf?: string
  profile?: ProfileContext
  clarify?: string[]
}

function goldenCases(): GoldenCase[] {
  const folder = join(ROOT, "tests", "golden")
  return readdirSync(folder)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .flatMap((name) => JSON.parse(readFileSync(join(folder, name), "utf8")) as GoldenCase[])
}

/** Every golden question asked once through the run service (a third of them for one of 12 clients), then cloned to `count` runs. */
async function seed(store: Store, pack: LoadedPack, count: number): Promise<void> {
  const clients = new ClientsRepository(store)
  for (let i = 0; i < 12; i++) clients.save({ id: `bench-client-${i}`, name: `Bench klijent ${i}`, context: {} })
  const service = new RunService({ store, engine: buildAnswerWithReasoning, pack, engineDefaults: { deliberatePauseMs: 0 } })
  for (const [i, c] of goldenCases().entries())
    await service.ask(
      {
        question: c.question,
        ...(c.asOf === undefined ? {} : { asOfDate: c.asOf }),
        ...(c.profile === undefined ? {} : { profile: c.profile }),
        ...(i % 3 === 0 ? { clientId: `bench-client-${i % 12}` } : {}),
      },
      { clarifications: c.clarify ?? [] },
    )
  cloneTraces(store.sqlite, count, { start: new Date("2025-01-01T00:00:00.000Z"), prefix: "bench" })
}

/** The shipped pack with one rule changed (a hypothetical reduced rate for eggs: bench input, not law). */
function oneRuleChange(): LoadedPack {
  const raw = JSON.parse(readFileSync(PACK_PATH, "utf8")) as RulePack
  const rule = raw.rules.find((r) => r.id === "pdv.stopa.jaja")
  if (rule === undefined) throw new Error("the shipped pack has no rule pdv.stopa.jaja")
  rule.value = { type: "percentage", value: 13 }
  return loadPack({ ...raw, version: "99.0.0" })
}

/** The shadow's and the publication's worker entries, built as the app ships them. */
async function buildWorkers(outDir: string): Promise<{ shadow: WorkerEntry; packBuild: WorkerEntry }> {
  await build({
    configFile: false,
    logLevel: "warn",
    root: ROOT,
    build: {
      ssr: true,
      outDir,
      emptyOutDir: true,
      minify: false,
      target: "node22",
      rollupOptions: {
        input: {
          "shadow-worker": join(ROOT, "src-main", "shadow", "shadow-worker.ts"),
          "pack-build-worker": join(ROOT, "src-main", "packs", "pack-build-worker.ts"),
        },
        output: { format: "es", entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js" },
      },
    },
  })
  const entry = (name: string): WorkerEntry => ({ url: pathToFileURL(join(outDir, `${name}.js`)), execArgv: [] })
  return { shadow: entry("shadow-worker"), packBuild: entry("pack-build-worker") }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN
}

/** Samples the process's RSS (every thread's) until stopped; returns the peak in MB. */
function rssSampler(): { stop: () => number } {
  let peak = process.memoryUsage.rss()
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20)
  return {
    stop: () => {
      clearInterval(timer)
      return Math.max(peak, process.memoryUsage.rss()) / 1024 / 1024
    },
  }
}

/** CPU time per run of the engine alone (in process) over the golden questions, in µs. */
async function engineCpuPerRun(pack: LoadedPack): Promise<number> {
  const cases = goldenCases().filter((c) => c.clarify === undefined)
  const once = async () => {
    for (const [i, c] of cases.entries()) {
      const request = { requestId: `engine-${i}`, question: c.question, ...(c.asOf === undefined ? {} : { asOfDate: c.asOf }), ...(c.profile === undefined ? {} : { profile: c.profile }) }
      for await (const event of buildAnswerWithReasoning(request, { pack, clock: () => new Date(), deliberatePauseMs: 0 })) if (event.status === "awaiting_input") break
    }
  }
  await once()
  const before = process.cpuUsage()
  await once()
  const cpu = process.cpuUsage(before)
  return (cpu.user + cpu.system) / cases.length
}

/** The app's activity as a shadow yields to it: busy while a question is being answered. */
class Asking implements AppBusy {
  private count = 0
  private readonly listeners = new Set<() => void>()
  busy(): boolean {
    return this.count > 0
  }
  subscribe(onChange: () => void): () => void {
    this.listeners.add(onChange)
    return () => void this.listeners.delete(onChange)
  }
  async around<T>(work: () => Promise<T>): Promise<T> {
    this.change(1)
    try {
      return await work()
    } finally {
      this.change(-1)
    }
  }
  private change(by: number): void {
    this.count += by
    for (const listener of this.listeners) listener()
  }
}

async function timedAsk(service: RunService, i: number, asking?: Asking): Promise<number> {
  const ask = () => service.ask({ question: i % 2 === 0 ? "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?" : "Kolika je opća stopa PDV-a?", asOfDate: "2025-06-01" })
  const started = performance.now()
  await (asking === undefined ? ask() : asking.around(ask))
  return performance.now() - started
}

export async function runShadowBench(): Promise<BenchRow[]> {
  const count = Number(process.env.FISKAI_BENCH_SHADOW_RUNS ?? 10_000)
  const dir = mkdtempSync(join(tmpdir(), "fiskai-shadow-bench-"))
  mkdirSync(join(ROOT, ".tmp"), { recursive: true })
  const buildDir = mkdtempSync(join(ROOT, ".tmp", "shadow-bench-"))
  const dbPath = join(dir, "bench.sqlite")
  const store = openStore({ path: dbPath })
  const engineThread = new EngineThread()
  try {
    const pack = loadPackFile(PACK_PATH)
    const seedStarted = performance.now()
    await seed(store, pack, count)
    const seedSeconds = (performance.now() - seedStarted) / 1000
    const candidate = oneRuleChange()
    const built = await buildWorkers(buildDir)
    const workerEntry = built.shadow
    const cores = availableParallelism()

    // 1. The shadow alone, on every core.
    const loadBefore = loadavg()[0] ?? 0
    const rssBefore = process.memoryUsage.rss() / 1024 / 1024
    const rss = rssSampler()
    const cpuBefore = process.cpuUsage()
    const started = performance.now()
    const report = await shadowRun({ dbPath, candidate, baseline: "as-recorded", workerEntry })
    const seconds = (performance.now() - started) / 1000
    const cpu = process.cpuUsage(cpuBefore)
    const peakRss = rss.stop()
    const cpuSeconds = (cpu.user + cpu.system) / 1e6
    if (report.status !== "complete" || report.failureCount > 0)
      throw new Error(`the shadow did not complete cleanly: ${report.status}, ${report.failureCount} failures (${report.failures[0]?.message ?? ""})`)
    const rate = report.done / seconds

    // 1b. As the window runs it: compared with the pack in force (the runs' own pack here), whose
    // answers are the recorded ones (shadow-one.ts), so each run costs the candidate's run only.
    const windowStarted = performance.now()
    const windowReport = await shadowRun({ dbPath, candidate, baseline: pack, workerEntry })
    const windowRate = windowReport.done / ((performance.now() - windowStarted) / 1000)

    // 2. Asking (as the app asks: engine thread + store, same database), alone and while a shadow
    // runs, in alternating rounds so that the shared machine's changing load falls on both alike.
    // Each shadow is stopped after its round (Stop must be prompt: it is timed too).
    // New runs answer with the pack in force, as the app's do (services.pack): after each
    // publication, once the engine thread has it (see reload below).
    let current = pack
    const service = new RunService({ store, engine: engineThread.engine, pack: () => current, engineDefaults: { deliberatePauseMs: 0 } })
    for (let i = 0; i < 40; i++) await timedAsk(service, i)
    const alone: number[] = []
    const during: number[] = []
    const stops: number[] = []
    const asking = new Asking()
    let doneWhileAsked = 0
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < ASKS_PER_ROUND; i++) alone.push(await timedAsk(service, i))
      const controller = new AbortController()
      let working = false
      const background = shadowRun({ dbPath, candidate, baseline: "as-recorded", workerEntry, signal: controller.signal, appBusy: asking, onProgress: () => (working = true) })
      // Asked once the workers are at work.
      while (!working) await new Promise((resolve) => setTimeout(resolve, 10))
      for (let i = 0; i < ASKS_PER_ROUND; i++) during.push(await timedAsk(service, i, asking))
      const stopped = performance.now()
      controller.abort()
      const partial = await background
      stops.push(performance.now() - stopped)
      if (partial.status !== "stopped") throw new Error("a shadow round ended before it was stopped: give it more runs")
      doneWhileAsked += partial.done
    }
    const p50Alone = percentile(alone, 0.5)
    const p50During = percentile(during, 0.5)
    const slowdown = p50During / p50Alone
    const engineCpu = await engineCpuPerRun(pack)
    // services.reloadPack: the pack in force read again, loaded and indexed on the engine thread, then new runs switch to it.
    const reload = async () => {
      const next = packInForce(store, pack).pack
      await engineThread.warmUp(next)
      current = next
    }
    const publishRows = await publishWhileAsking(store, pack, () => timedAsk(service, 0), built.packBuild, reload)

    return [
      { name: `shadow: ${report.done} stored runs, one rule changed, ${report.workers} workers`, value: rate, unit: "runs/s", goal: `>= ${GOAL_RUNS_PER_SECOND}`, pass: rate >= GOAL_RUNS_PER_SECOND },
      { name: "shadow: wall time (worker start included)", value: seconds, unit: "s" },
      { name: "shadow as the window runs it (baseline: the pack in force)", value: windowRate, unit: "runs/s" },
      // Runs that stopped for a clarification, or were cut short, have no answer to compare: not covered.
      { name: `  (stored runs: ${count}; covered: finished with an answer or a refusal)`, value: report.total, unit: "runs" },
      { name: "shadow: runs whose answer would change", value: report.counts.changed, unit: "runs" },
      { name: "shadow: peak RSS of the process (all threads)", value: peakRss, unit: "MB" },
      { name: "  (RSS before the shadow: store, pack, seeding)", value: rssBefore, unit: "MB" },
      // The machine is shared: CPU time says what a run costs whatever else runs; at full use of
      // every core, this is the rate the shadow would reach.
      { name: "shadow: CPU time (all threads) per run", value: (cpuSeconds * 1e6) / report.done, unit: "µs" },
      { name: `shadow: rate if all ${cores} cores were the shadow's`, value: (report.done * cores) / cpuSeconds, unit: "runs/s" },
      // What one run of the engine costs here and now: the floor under the shadow's cost per run.
      { name: "  (the engine alone, CPU time per run, same questions)", value: engineCpu, unit: "µs" },
      { name: "ask p50 alone (engine thread + store)", value: p50Alone, unit: "ms" },
      { name: `ask p50 during a shadow (${during.length} asks in ${ROUNDS} rounds)`, value: p50During, unit: "ms" },
      { name: "ask p50 during a shadow / alone", value: slowdown, unit: "x", goal: `< ${GOAL_ASK_SLOWDOWN}`, pass: slowdown < GOAL_ASK_SLOWDOWN },
      { name: "ask p90 alone", value: percentile(alone, 0.9), unit: "ms" },
      { name: "ask p90 during a shadow", value: percentile(during, 0.9), unit: "ms" },
      { name: "  (runs the shadow did in a round of asks, average)", value: doneWhileAsked / ROUNDS, unit: "runs" },
      { name: "shadow: Stop to report, slowest of the rounds", value: Math.max(...stops), unit: "ms", goal: "< 1000", pass: Math.max(...stops) < 1000 },
      ...publishRows,
      { name: `  (seeding ${count} stored runs: golden questions asked, then cloned)`, value: seedSeconds, unit: "s" },
      { name: "  (machine load average, 1 min, before the shadow)", value: loadBefore, unit: "" },
    ]
  } finally {
    await engineThread.close()
    store.close()
    rmSync(buildDir, { recursive: true, force: true })
    rmSync(dir, { recursive: true, force: true })
  }
}
