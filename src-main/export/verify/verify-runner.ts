import { Worker } from "node:worker_threads"
import type { BundleVerdict } from "../../../src-shared/export"
import { resolveWorkerEntry, type WorkerEntry } from "../../util/worker-entry"
import { nothingVerified } from "./problems"

// Verifies a bundle on a worker thread of its own (the app's verifyBundle channel): a bundle comes
// from outside, and however it was made, its verification neither blocks the main process nor
// shares its heap. The worker's heap is capped; if a bundle still exhausts it, or the worker dies
// for any other reason, the answer is a verdict that says so, never an exception.

export interface VerifyJob {
  path: string
  trustedKeyPem?: string
  ownKeyPem?: string
}

export type VerifyWorkerMessage = { type: "done"; verdict: BundleVerdict } | { type: "failed"; message: string }

/**
 * The worker's old-generation heap. The verifier streams and caps what it holds (limits.ts); this
 * is a second fence, as the export's (export-runner.ts).
 */
export const VERIFY_HEAP_MB = 256
const VERIFY_YOUNG_MB = 16

export interface VerifyInWorkerOptions {
  /** The worker's entry; by default the built verify-worker.js beside this module, else the TypeScript source via tsx. */
  workerEntry?: WorkerEntry
  /** Old-generation heap cap in MB (tests lower it). */
  heapMb?: number
}

/** A verdict for a bundle whose verification could not end normally. */
export function unfinishedVerdict(message: string): BundleVerdict {
  return nothingVerified([{ file: null, requestId: null, seq: null, line: null, message }])
}

export function verifyBundleInWorker(job: VerifyJob, options: VerifyInWorkerOptions = {}): Promise<BundleVerdict> {
  const entry = options.workerEntry ?? resolveWorkerEntry(import.meta.url, "verify-worker", "./verify-worker.ts")
  const heapMb = options.heapMb ?? VERIFY_HEAP_MB
  return new Promise((resolve) => {
    let settled = false
    const settle = (verdict: BundleVerdict) => {
      if (settled) return
      settled = true
      resolve(verdict)
    }
    let worker: Worker
    try {
      worker = new Worker(entry.url, {
        workerData: job,
        execArgv: entry.execArgv,
        resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: Math.min(VERIFY_YOUNG_MB, heapMb) },
      })
    } catch (error) {
      settle(unfinishedVerdict(`the verifier could not start: ${(error as Error).message}`))
      return
    }
    worker.on("message", (message: VerifyWorkerMessage) => {
      if (message.type === "done") settle(message.verdict)
      else settle(unfinishedVerdict(`the verifier stopped on this bundle: ${message.message}`))
    })
    worker.on("error", (error: Error & { code?: string }) => {
      settle(
        unfinishedVerdict(
          error.code === "ERR_WORKER_OUT_OF_MEMORY"
            ? `the verifier ran out of the memory it may use (${heapMb} MB) on this bundle: it is not verified`
            : `the verifier stopped on this bundle: ${error.message}`,
        ),
      )
    })
    worker.on("exit", (code) => settle(unfinishedVerdict(`the verifier stopped unexpectedly (exit code ${code})`)))
  })
}
