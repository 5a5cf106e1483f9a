import { Worker } from "node:worker_threads"
import { sha256Hex } from "../util/canonical-json"
import { resolveWorkerEntry, type WorkerEntry } from "../util/worker-entry"
import type { PackBuildData, PackBuildReply } from "./pack-build-messages"
import { PackRefusal } from "./refusals"

// Building the next pack version off the thread that stores runs (issue 19, "a publish does not
// block asking"): loading the base, applying the changes, loading and linting the result cost the
// main thread a noticeable pause per publication (3.4 s on a loaded two-core machine), during
// which no question's events could be stored. A worker per publication: publications are rare,
// and a fresh thread holds nothing between them.

/** What a publication appends: the next pack's identity and content (LoadedPack's fields that appendVersion writes). */
export interface BuiltPack {
  readonly id: string
  readonly version: string
  readonly hash: string
  readonly canonicalJson: string
}

export class PackBuildError extends Error {}

/**
 * The next pack, built and checked on a worker thread. Rejects with the same PackRefusal an
 * in-thread build (apply-changes.ts nextPack) would throw, or a PackBuildError when the thread
 * fails. The content that comes back is hashed again here: what is stored is what was hashed.
 */
export function buildNextPackOffThread(data: PackBuildData, entry?: WorkerEntry): Promise<BuiltPack> {
  const where = entry ?? resolveWorkerEntry(import.meta.url, "pack-build-worker", "./pack-build-worker.ts")
  return new Promise<BuiltPack>((resolve, reject) => {
    let settled = false
    const worker = new Worker(where.url, { execArgv: where.execArgv, workerData: data })
    const settle = (outcome: () => void) => {
      if (settled) return
      settled = true
      outcome()
      void worker.terminate()
    }
    worker.once("message", (reply: PackBuildReply) => settle(() => answer(reply, resolve, reject)))
    worker.once("error", (error) =>
      settle(() => reject(new PackBuildError(`the pack build thread failed: ${error.message}`))),
    )
    worker.once("exit", (code) =>
      settle(() =>
        reject(new PackBuildError(`the pack build thread stopped without an answer (exit code ${code})`)),
      ),
    )
  })
}

function answer(
  reply: PackBuildReply,
  resolve: (built: BuiltPack) => void,
  reject: (error: Error) => void,
): void {
  if (reply.type === "refused") return reject(new PackRefusal(reply.code, reply.params))
  if (reply.type === "failed")
    return reject(new PackBuildError(`the next pack could not be built: ${reply.message}`))
  if (sha256Hex(reply.canonicalJson) !== reply.hash)
    return reject(new PackBuildError("the built pack does not match its hash"))
  resolve({ id: reply.id, version: reply.version, hash: reply.hash, canonicalJson: reply.canonicalJson })
}
