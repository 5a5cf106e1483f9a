import { setPriority } from "node:os"
import { parentPort, workerData } from "node:worker_threads"
import { validatedPack } from "../packs/validated-pack"
import { PAUSE_INDEX, STOP_INDEX, type FromShadowWorker, type ShadowWorkerData, type ToShadowWorker } from "./messages"
import { shadowPage, type PageControl } from "./page"
import { openReadOnly, RunReader } from "./run-source"
import type { ShadowPacks } from "./shadow-one"

// A shadow worker: its own read-only connection and its own copy of the packs; shadows the pages
// of runs it is sent, one at a time, and answers each. It runs at a lower priority (nice 10; on
// Linux a thread's nice value is its own, so the app's threads keep theirs), so that the app comes
// first for a core; on an otherwise idle machine it still has them all. Not nice 19: on a busy
// machine a thread that low barely runs, and a Stop then waited seconds for it to end.

const port = parentPort
if (port === null) throw new Error("shadow-worker.ts must run as a worker thread")

const BACKGROUND_NICE = 10

const data = workerData as ShadowWorkerData
const flags = new Int32Array(data.control)
/** How often a paused worker looks at Stop even if nobody wakes it. */
const PAUSE_CHECK_MS = 100
const control: PageControl = {
  stopped: () => Atomics.load(flags, STOP_INDEX) !== 0,
  // Blocks this thread (it has nothing else to do) until the app has answered; the coordinator wakes it.
  waitWhilePaused: () => {
    while (Atomics.load(flags, PAUSE_INDEX) !== 0 && !control.stopped()) Atomics.wait(flags, PAUSE_INDEX, 1, PAUSE_CHECK_MS)
  },
}
const post = (message: FromShadowWorker) => port.postMessage(message)

try {
  setPriority(0, BACKGROUND_NICE)
} catch {
  // Not allowed here (some sandboxes): the shadow still runs, only at the app's priority.
}

let work: { reader: RunReader; packs: ShadowPacks } | null = null
try {
  const reader = new RunReader(openReadOnly(data.dbPath))
  // The coordinator validated both packs: only their hashes are checked here (validated-pack.ts).
  const candidate = validatedPack(data.candidate.canonicalJson, data.candidate.hash)
  const baseline = data.baseline === null ? null : validatedPack(data.baseline.canonicalJson, data.baseline.hash)
  // A run's snapshot that is the candidate or the baseline is not read and loaded again.
  const known = new Map([candidate, ...(baseline === null ? [] : [baseline])].map((pack) => [pack.hash, pack]))
  work = { reader, packs: { candidate, baseline, snapshot: (hash) => known.get(hash) ?? reader.pack(hash) } }
} catch (error) {
  post({ type: "failed", message: error instanceof Error ? error.message : String(error) })
}

// Pages are shadowed in the order they came, one at a time.
let queue: Promise<void> = Promise.resolve()
port.on("message", (message: ToShadowWorker) => {
  const ready = work
  if (ready === null) return
  queue = queue.then(async () => {
    try {
      const result = await shadowPage(ready.reader, ready.packs, message.ids, control)
      post({ type: "page-done", page: message.page, result })
    } catch (error) {
      post({ type: "failed", message: error instanceof Error ? error.message : String(error) })
    }
  })
})
