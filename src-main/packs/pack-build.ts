import { Worker } from "node:worker_threads"
import { sha256Hex } from "../util/canonical-json"
import { resolveWorkerEntry, type WorkerEntry } from "../util/worker-entry"
import type { LintResult } from "../../src-shared/rule-changes"
import type { DraftLintData, PackBuildAnswer, PackBuildData, PackBuildReply, PackBuildRequest } from "./pack-build-messages"
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
  resolve: (reply: PackBuildReply) => void
  reject: (error: Error) => void
}

/** A request without its number: a build, or a draft's pack check. */
type Work = { data: PackBuildData } | { lint: DraftLintData }

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

  request(work: Work): Promise<PackBuildReply> {
    if (this.idle !== null) clearTimeout(this.idle)
    this.idle = null
    // Held open while it owes a build (a script that awaits one must get it), not while it waits idle.
    this.worker.ref()
    const build = this.nextBuild++
    return new Promise<PackBuildReply>((resolve, reject) => {
      this.waiting.set(build, { resolve, reject })
      const request: PackBuildRequest = { build, ...work }
      this.worker.postMessage(request)
    })
  }

  private answer(answer: PackBuildAnswer): void {
    const waiting = this.waiting.get(answer.build)
    if (waiting === undefined) return
    this.waiting.delete(answer.build)
    waiting.resolve(answer)
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
export async function buildNextPackOffThread(data: PackBuildData, entry?: WorkerEntry): Promise<BuiltPack> {
  return builtOf(await builderFor(entry).request({ data }))
}

/**
 * A draft's live pack check (draft-lint.ts) on the build thread, which keeps the base version and
 * its findings between keystrokes. Rejects with a PackBuildError when the thread fails.
 */
export async function lintDraftOffThread(lint: DraftLintData, entry?: WorkerEntry): Promise<LintResult> {
  const reply = await builderFor(entry).request({ lint })
  if (reply.type === "linted") return reply.result
  throw new PackBuildError(`the draft could not be checked: ${reply.type === "failed" ? reply.message : reply.type}`)
}

function builderFor(entry: WorkerEntry | undefined): PackBuilder {
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
  return builder
}

function builtOf(reply: PackBuildReply): BuiltPack {
  if (reply.type === "refused") throw new PackRefusal(reply.code, reply.params)
  if (reply.type === "failed") throw new PackBuildError(`the next pack could not be built: ${reply.message}`)
  if (reply.type !== "built") throw new PackBuildError(`the build thread answered a build with "${reply.type}"`)
  if (sha256Hex(reply.canonicalJson) !== reply.hash) throw new PackBuildError("the built pack does not match its hash")
  return { id: reply.id, version: reply.version, hash: reply.hash, canonicalJson: reply.canonicalJson }
}
