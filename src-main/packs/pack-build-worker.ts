import { setPriority } from "node:os"
import { parentPort, workerData } from "node:worker_threads"
import { loadPack } from "../knowledge/loader"
import { nextPack } from "./apply-changes"
import type { PackBuildData, PackBuildReply } from "./pack-build-messages"
import { PackRefusal } from "./refusals"

// A publication's build on a thread of its own (pack-build.ts): the base version loaded, the
// changes applied, the next pack loaded and linted against the base. Nothing here touches the
// database; the caller writes the result in its own transaction, so a build that fails or a
// process that quits meanwhile leaves nothing written.

const port = parentPort
if (port === null) throw new Error("pack-build-worker.ts must run as a worker thread")

/**
 * Below the app's threads for a core (on Linux a thread's nice value is its own), as the shadow's
 * workers are: on two cores, a build at the app's priority slowed the questions asked meanwhile.
 */
const BACKGROUND_NICE = 10
try {
  setPriority(0, BACKGROUND_NICE)
} catch {
  // Not allowed here (some sandboxes): the build still runs, only at the app's priority.
}

function build(data: PackBuildData): PackBuildReply {
  try {
    const base = loadPack(JSON.parse(data.baseJson))
    if (base.hash !== data.baseHash)
      return {
        type: "failed",
        message: `pack ${base.id} ${base.version}: its stored content does not match its hash ${data.baseHash}`,
      }
    const next = nextPack(base, data.edits, data.next)
    return {
      type: "built",
      id: next.id,
      version: next.version,
      hash: next.hash,
      canonicalJson: next.canonicalJson,
    }
  } catch (error) {
    if (error instanceof PackRefusal)
      return { type: "refused", code: error.code, params: { ...error.params } }
    return { type: "failed", message: error instanceof Error ? error.message : String(error) }
  }
}

port.postMessage(build(workerData as PackBuildData))
