import { Worker } from "node:worker_threads"
import { sha256Hex } from "../util/canonical-json"
import { resolveWorkerEntry, type WorkerEntry } from "../util/worker-entry"
import type { PackBuildAnswer, PackBuildData, PackBuildReply, PackBuildRequest } from "./pack-build-messages"
import { PackRefusal } from "./refusals"

// Building the next pack version off the thread that stores runs (issue 19, "a publish does not
// block asking"): loading the base, applying the changes, loading and linting the result cost the
// main thread a noticeable pause per publication (3.4 s on a loaded two-core machine), during
// which no question's events could be stored.
//
// One build thread serves the publications of a while and ends IDLE_MS after the last: a fresh
// thread spent most of a build starting (its code compiled cold, the base validated and linted
// again), about 220 ms of CPU a publication on two loaded cores, beside the questions asked
// meanwhile; a warm one that kept the version it just built spends a fraction of it on the next.
// An idle thread never holds the process open, and a process that quits meanwhile writes nothing.

/** What a publication appends: the next pack's identity and content (LoadedPack's fields that appendVersion writes). */
export interface BuiltPack {
  readonly id: string
  readonly version: string
  readonly hash: string
  readonly canonicalJson: string
}

export class PackBuildError extends Error {}

/** How long the build thread stays after its last build. */
const IDLE_MS = 60_000

interface Waiting {
  resolve: (built: BuiltPack) => void
  reject: (error: Error) => void
}

/** One build thread and the builds it has been sent. */
class PackBuilder {
  private readonly worker: Worker
  private readonly waiting = new Map<number, Waiting>()
  private nextBuild = 0
  private idle: NodeJS.Timeout | null = null
  private ended = false

  constructor(
    entry: WorkerEntry,
    private readonly onEnd: () => void,
  ) {
    this.worker = new Worker(entry.url, { execArgv: entry.execArgv })
    this.worker.on("message", (answer: PackBuildAnswer) => this.answer(answer))
    this.worker.once("error", (error) => this.end(new PackBuildError(`the pack build thread failed: ${error.message}`)))
    this.worker.once("exit", (code) =>
      this.end(new PackBuildError(`the pack build thread stopped without an answer (exit code ${code})`)),
    )
  }

  build(data: PackBuildData): Promise<BuiltPack> {
    if (this.idle !== null) clearTimeout(this.idle)
    this.idle = null
    // Held open while it owes a build (a script that awaits one must get it), not while it waits idle.
    this.worker.ref()
    const build = this.nextBuild++
    return new Promise<BuiltPack>((resolve, reject) => {
      this.waiting.set(build, { resolve, reject })
      const request: PackBuildRequest = { build, data }
      this.worker.postMessage(request)
    })
  }

  private answer(answer: PackBuildAnswer): void {
    const waiting = this.waiting.get(answer.build)
    if (waiting === undefined) return
    this.waiting.delete(answer.build)
    settle(answer, waiting)
    if (this.waiting.size > 0) return
    this.worker.unref()
    this.idle = setTimeout(() => this.end(null), IDLE_MS).unref()
  }

  /** Ends the thread; the builds it still owes fail with `error`. */
  private end(error: Error | null): void {
    if (this.ended) return
    this.ended = true
    if (this.idle !== null) clearTimeout(this.idle)
    this.onEnd()
    for (const waiting of this.waiting.values())
      waiting.reject(error ?? new PackBuildError("the pack build thread was ended"))
    this.waiting.clear()
    void this.worker.terminate()
  }
}

/** The build thread of each worker entry (the app has one; tests may give their own). */
const builders = new Map<string, PackBuilder>()

/**
 * The next pack, built and checked on the build thread. Rejects with the same PackRefusal an
 * in-thread build (apply-changes.ts nextPack) would throw, or a PackBuildError when the thread
 * fails. The content that comes back is hashed again here: what is stored is what was hashed.
 */
export function buildNextPackOffThread(data: PackBuildData, entry?: WorkerEntry): Promise<BuiltPack> {
  const where = entry ?? resolveWorkerEntry(import.meta.url, "pack-build-worker", "./pack-build-worker.ts")
  const key = `${where.url.href} ${where.execArgv.join(" ")}`
  let builder = builders.get(key)
  if (builder === undefined) {
    const made: PackBuilder = new PackBuilder(where, () => {
      if (builders.get(key) === made) builders.delete(key)
    })
    builders.set(key, made)
    builder = made
  }
  return builder.build(data)
}

function settle(reply: PackBuildReply, { resolve, reject }: Waiting): void {
  if (reply.type === "refused") return reject(new PackRefusal(reply.code, reply.params))
  if (reply.type === "failed")
    return reject(new PackBuildError(`the next pack could not be built: ${reply.message}`))
  if (sha256Hex(reply.canonicalJson) !== reply.hash)
    return reject(new PackBuildError("the built pack does not match its hash"))
  resolve({ id: reply.id, version: reply.version, hash: reply.hash, canonicalJson: reply.canonicalJson })
}
