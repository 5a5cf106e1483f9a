import { setPriority } from "node:os"
import { parentPort } from "node:worker_threads"
import { loadPack, type LoadedPack } from "../knowledge/loader"
import { findingKeys, nextPackLinted } from "./apply-changes"
import { lintDraft } from "./draft-lint"
import type { DraftLintData, PackBuildAnswer, PackBuildData, PackBuildReply, PackBuildRequest } from "./pack-build-messages"
import { PackRefusal } from "./refusals"

// A publication's build on a thread of its own (pack-build.ts): the base version loaded, the
// changes applied, the next pack loaded and linted against the base. Nothing here touches the
// database; the caller writes the result in its own transaction, so a build that fails or a
// process that quits meanwhile leaves nothing written.
//
// The thread serves the builds of a while (pack-build.ts ends it when idle) and keeps the last
// packs it loaded or built, with their lint findings: a reviewer who publishes again builds on
// the version just published, which is then neither loaded, validated nor linted a second time.
// It also runs the live pack check of a draft (draft-lint.ts) against the version it keeps.

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

interface Linted {
  readonly loaded: LoadedPack
  readonly findings: ReadonlySet<string>
}

/** The packs kept: the base of the last build and its result. */
const KEPT = 2
const kept = new Map<string, Linted>()

function keep(linted: Linted): void {
  kept.delete(linted.loaded.hash)
  kept.set(linted.loaded.hash, linted)
  for (const hash of kept.keys()) if (kept.size > KEPT) kept.delete(hash)
}

/** The base: kept, or loaded (validated) from its stored content, checked against its hash and linted. */
function baseOf(data: Pick<PackBuildData, "baseJson" | "baseHash">): Linted | PackBuildReply {
  const known = kept.get(data.baseHash)
  if (known !== undefined) return known
  const loaded = loadPack(JSON.parse(data.baseJson))
  if (loaded.hash !== data.baseHash)
    return {
      type: "failed",
      message: `pack ${loaded.id} ${loaded.version}: its stored content does not match its hash ${data.baseHash}`,
    }
  const linted = { loaded, findings: findingKeys(loaded.pack) }
  keep(linted)
  return linted
}

function build(data: PackBuildData): PackBuildReply {
  try {
    const base = baseOf(data)
    if ("type" in base) return base
    const next = nextPackLinted(base.loaded, base.findings, data.edits, data.next)
    keep(next)
    const { id, version, hash, canonicalJson } = next.loaded
    return { type: "built", id, version, hash, canonicalJson }
  } catch (error) {
    if (error instanceof PackRefusal)
      return { type: "refused", code: error.code, params: { ...error.params } }
    return { type: "failed", message: error instanceof Error ? error.message : String(error) }
  }
}

function lint(data: DraftLintData): PackBuildReply {
  try {
    const base = baseOf(data)
    if ("type" in base) return base
    return { type: "linted", result: lintDraft(base.loaded, base.findings, data.edit, data.locale) }
  } catch (error) {
    return { type: "failed", message: error instanceof Error ? error.message : String(error) }
  }
}

port.on("message", (request: PackBuildRequest) => {
  const reply = "lint" in request ? lint(request.lint) : build(request.data)
  const answer: PackBuildAnswer = { ...reply, build: request.build }
  port.postMessage(answer)
})
