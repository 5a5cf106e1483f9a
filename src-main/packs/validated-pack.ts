import type { LoadedPack } from "../knowledge/loader"
import type { RulePack } from "../knowledge/pack-schema"
import { sha256Hex } from "../util/canonical-json"

// A pack this process has already validated (loadPack, with this build's schema), handed on as its
// canonical JSON and hash: to a worker thread of this process, or back from one. Validating a
// pack again costs a cold thread 60-120 ms (the pack schema over about half a megabyte, the
// canonical JSON, the hash) for nothing: the text is the very text that was validated, which the
// hash proves. Never for text from outside the process (a file, the network) or from the database
// (a snapshot may have been written by another build with another schema): loadPack those.

export class PackContentMismatch extends Error {}

/**
 * The LoadedPack for `canonicalJson`, which the caller vouches was produced by loadPack in this
 * process. Throws when the text does not hash to `hash` (a mix-up, not a check of the schema).
 */
export function validatedPack(canonicalJson: string, hash: string): LoadedPack {
  const actual = sha256Hex(canonicalJson)
  if (actual !== hash) throw new PackContentMismatch(`the pack's content hashes to ${actual}, not ${hash}`)
  const pack = JSON.parse(canonicalJson) as RulePack
  return { pack, id: pack.id, version: pack.version, hash, canonicalJson }
}

/** How many validated packs this process keeps by hash (the version in force and the one before). */
const KEPT = 2
const kept = new Map<string, LoadedPack>()

/**
 * Keeps a pack this process validated (loaded, or built by the build thread and hashed again),
 * so that reading the same version back (the pack in force after a publication) neither parses
 * nor validates it again. A built pack's text is parsed on first use of its rules only: the
 * thread that stores runs reads the pack in force after each publication, but a run on the engine
 * thread needs only its text and hash here, and parsing half a megabyte held that thread, and
 * the questions asked meanwhile, a few milliseconds per publication (issue 19's bench).
 */
export function keepValidated(pack: LoadedPack | Pick<LoadedPack, "id" | "version" | "hash" | "canonicalJson">): void {
  const loaded = "pack" in pack ? pack : parsedOnUse(pack)
  kept.delete(pack.hash)
  kept.set(pack.hash, loaded)
  for (const key of kept.keys()) if (kept.size > KEPT) kept.delete(key)
}

/** A LoadedPack whose `pack` is parsed from its (already hashed) text when first read. */
function parsedOnUse(built: Pick<LoadedPack, "id" | "version" | "hash" | "canonicalJson">): LoadedPack {
  let parsed: RulePack | undefined
  return {
    id: built.id,
    version: built.version,
    hash: built.hash,
    canonicalJson: built.canonicalJson,
    get pack(): RulePack {
      parsed ??= JSON.parse(built.canonicalJson) as RulePack
      return parsed
    },
  }
}

/** A pack kept by keepValidated, by its content hash; null when none is. */
export function keptValidated(hash: string): LoadedPack | null {
  return kept.get(hash) ?? null
}
