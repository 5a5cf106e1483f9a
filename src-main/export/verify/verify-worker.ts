import { parentPort, workerData } from "node:worker_threads"
import { buildAnswerWithReasoning } from "../../engine/pipeline"
import { verifyBundle } from "./verify-bundle"
import type { VerifyJob, VerifyWorkerMessage } from "./verify-runner"

// The verify worker (started by verify-runner.ts): verifies one bundle off the app's main thread,
// with the engine in process for the replays, and posts the verdict. The worker's heap is capped
// by its starter, so even a bundle that defeated the verifier's own limits could only end this
// thread, never the app.

const port = parentPort
if (port === null) throw new Error("verify-worker.ts must run as a worker thread")

const job = workerData as VerifyJob
const post = (message: VerifyWorkerMessage) => port.postMessage(message)

verifyBundle(job.path, {
  engine: buildAnswerWithReasoning,
  ...(job.trustedKeyPem === undefined ? {} : { trustedKeyPem: job.trustedKeyPem }),
  ...(job.ownKeyPem === undefined ? {} : { ownKeyPem: job.ownKeyPem }),
})
  .then((verdict) => post({ type: "done", verdict }))
  .catch((error: unknown) => post({ type: "failed", message: error instanceof Error ? error.message : String(error) }))
  .finally(() => port.close())
