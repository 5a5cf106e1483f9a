import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { IpcResult } from "../../../../src-shared/ipc/channel"
import type { ChannelInput, ChannelKey, ChannelOutput } from "../../../../src-shared/ipc/channels"
import { APP_INDEX_URL } from "../../../../src-main/electron/app-protocol-files"
import { isAppPageUrl, type AppLocation } from "../../../../src-main/electron/app-url"
import { createHandlers } from "../../../../src-main/handlers"
import { createDispatcher, type Caller, type Dispatch } from "../../../../src-main/ipc/dispatcher"
import { createServices, type Services } from "../../../../src-main/composition/services"
import { openSnapshotReader } from "./db-snapshot"
import { VAT_QUESTION } from "./hostile-text"

// The real app without Electron: services over a temp data dir, the real handler table, and the
// real dispatcher with the Electron sender check (only the app's own page may call). Seeded with
// a finished trace, traces waiting for a clarification, a client, and a real audit bundle.

export interface Seeds {
  completeId: string
  /** A finished counterfactual of completeId. */
  counterfactualId: string
  /** Saved scenarios: [0] and [1] stay, [2] may be deleted by the fuzz. */
  scenarioIds: string[]
  /** Flags on completeId, open when seeded (the fuzz may decide them). */
  flagIds: string[]
  awaitingIds: string[]
  /** Threads: [0] stays, [1] may be deleted by the fuzz. */
  threadIds: string[]
  clientId: string
  bundlePath: string
  /** A folder inside the temp dir where generated exports may be written. */
  scratchDir: string
}

export interface FuzzApp {
  readonly dir: string
  readonly dbPath: string
  readonly services: Services
  readonly dispatch: Dispatch
  readonly trusted: Caller
  readonly seeds: Seeds
  /** Handler failures the dispatcher reported as unexpected (each one reached a caller as INTERNAL). */
  readonly unexpected: Array<{ channel: string; error: unknown }>
  call<K extends ChannelKey>(key: K, input: ChannelInput<K>): Promise<ChannelOutput<K>>
  /** Tells the app about a dispatch made directly, so quiesce() waits for an export it started. */
  noteResult(channel: string, result: IpcResult<unknown>): void
  /** Waits until no run and no export of this app is in flight, and the search index has caught up. */
  quiesce(): Promise<void>
  close(): Promise<void>
}

const QUIET_EXPORT_PHASES = new Set(["done", "cancelled", "failed"])
const BACKGROUND_RUN_LIMIT_MS = 15_000

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

export async function startFuzzApp(prefix = "fiskai-fuzz-"): Promise<FuzzApp> {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  const rendererDir = join(dir, "renderer")
  mkdirSync(rendererDir)
  writeFileSync(join(rendererDir, "index.html"), "<!doctype html><title>FiskAI</title>")
  const location: AppLocation = { kind: "app", url: APP_INDEX_URL }
  const dbPath = join(dir, "data", "fiskai.sqlite")
  const unexpected: FuzzApp["unexpected"] = []
  const services = createServices({
    dbPath,
    settingsOverrides: { deliberatePauseMs: 0 },
    onBackgroundError: (channel, error) => unexpected.push({ channel: `background ${channel}`, error }),
  })
  const dispatch = createDispatcher(createHandlers(services), {
    // The Electron host's sender check (src-main/electron/main.ts).
    isTrustedCaller: (caller) => caller.transport === "electron" && caller.url !== null && isAppPageUrl(caller.url, location),
    onUnexpectedError: (channel, error) => unexpected.push({ channel, error }),
  })
  const trusted: Caller = { transport: "electron", url: `${location.url}#/history` }

  // Exports run on worker threads and end with a done/cancelled/failed push.
  const startedExports = new Set<string>()
  const finishedExports = new Set<string>()
  services.pushes["exports.progress"].subscribe((progress) => {
    if (QUIET_EXPORT_PHASES.has(progress.phase)) finishedExports.add(progress.jobId)
  })
  const exportsSettled = async () => {
    while ([...startedExports].some((jobId) => !finishedExports.has(jobId))) await pause(20)
  }
  // What-if runs start on the next turn, outside LiveRuns: wait until their trace is stored and
  // no longer running (a run that never appears is reported as unexpected).
  const statusReader = openSnapshotReader(dbPath)
  const backgroundRuns = new Set<string>()
  const backgroundSettled = async () => {
    for (const requestId of backgroundRuns) {
      const since = Date.now()
      for (;;) {
        const status = statusReader.statusOf(requestId)
        if (status !== null && status !== "running") break
        if (Date.now() - since > BACKGROUND_RUN_LIMIT_MS) {
          unexpected.push({ channel: "background run", error: new Error(`${requestId} still ${status ?? "not stored"} after ${BACKGROUND_RUN_LIMIT_MS} ms`) })
          break
        }
        await pause(5)
      }
      backgroundRuns.delete(requestId)
    }
  }
  const noteResult = (channel: string, result: IpcResult<unknown>) => {
    if (!result.ok) return
    if (channel === "exports.start") startedExports.add((result.value as ChannelOutput<"exports.start">).jobId)
    if (channel === "whatif.rerun") backgroundRuns.add((result.value as ChannelOutput<"whatif.rerun">).requestId)
    // A thread's turn runs on after the reply (its events follow on runs.event).
    if (channel === "threads.ask" || channel === "threads.resume") {
      const value = result.value as ChannelOutput<"threads.ask">
      if ("requestId" in value) backgroundRuns.add(value.requestId)
    }
    if (channel === "whatif.run") {
      const value = result.value as ChannelOutput<"whatif.run">
      if (value.status === "started") backgroundRuns.add(value.requestId)
    }
  }

  async function call<K extends ChannelKey>(key: K, input: ChannelInput<K>): Promise<ChannelOutput<K>> {
    const result = (await dispatch(key, input, trusted)) as IpcResult<ChannelOutput<K>>
    noteResult(key, result)
    if (!result.ok) throw new Error(`${key} failed: ${result.error.code} ${result.error.message}`)
    return result.value
  }

  const scratchDir = join(dir, "scratch")
  mkdirSync(scratchDir)
  const { requestId: completeId } = await call("runs.ask", { question: VAT_QUESTION, asOfDate: "2025-06-01" })
  const awaitingIds: string[] = []
  for (let i = 0; i < 3; i++) awaitingIds.push((await call("runs.ask", { question: "PDV prag", asOfDate: "2025-06-01" })).requestId)
  await services.runs.settled()
  const client = await call("clients.save", {
    name: "Primjer d.o.o.",
    oib: "12345678903",
    context: { entity: { type: "DOO", vat: { status: "IN_VAT" }, location: { country: "HR" } }, counters: { revenueYtd: 65_000 } },
  })
  const bundlePath = join(dir, "seed-bundle.zip")
  await call("exports.start", { selection: { traceIds: [completeId] }, outPath: bundlePath })
  await exportsSettled()
  const whatif = await call("whatif.run", { requestId: completeId, changes: [{ kind: "set", path: "counters.revenueYtd", value: 30_000 }] })
  if (whatif.status !== "started") throw new Error("the seed counterfactual did not start")
  await backgroundSettled()
  const counterfactualId = whatif.requestId
  const scenarioIds: string[] = []
  for (const name of ["Niži promet", "Kopija", "Za brisanje"])
    scenarioIds.push((await call("scenarios.save", { name, notes: "seed", resultRequestId: counterfactualId })).id)
  const flagIds: string[] = []
  for (const kind of ["wrong", "unclear"] as const)
    flagIds.push((await call("flags.create", { runId: completeId, kind, note: "seed" })).id)
  const threadIds: string[] = []
  for (const title of ["Razgovor", "Za brisanje"]) threadIds.push((await call("threads.create", { title, clientId: client.id })).id)

  const app: FuzzApp = {
    dir,
    dbPath,
    services,
    dispatch,
    trusted,
    seeds: { completeId, counterfactualId, scenarioIds, flagIds, awaitingIds, threadIds, clientId: client.id, bundlePath, scratchDir },
    unexpected,
    call,
    noteResult,
    async quiesce() {
      await services.runs.settled()
      await backgroundSettled()
      await exportsSettled()
      // The search index's idle catch-up would otherwise land in a later request's before/after.
      services.store.searchIndex.catchUp()
    },
    async close() {
      statusReader.close()
      await services.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
  return app
}
