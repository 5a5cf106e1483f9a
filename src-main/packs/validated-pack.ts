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
const kept = new Map<string, () => LoadedPack>()

/**
 * Keeps a pack this process validated (loaded, or built by the build thread and hashed again),
 * so that reading the same version back (the pack in force after a publication) neither parses
 * nor validates it again. `canonicalJson` is parsed on first use only.
 */
export function keepValidated(pack: LoadedPack | { canonicalJson: string; hash: string }): void {
  let loaded = "pack" in pack ? pack : null
  const text = pack.canonicalJson
  const hash = pack.hash
  kept.delete(hash)
  kept.set(hash, () => (loaded ??= validatedPack(text, hash)))
  for (const key of kept.keys()) if (kept.size > KEPT) kept.delete(key)
}

/** A pack kept by keepValidated, by its content hash; null when none is. */
export function keptValidated(hash: string): LoadedPack | null {
  return kept.get(hash)?.() ?? null
}
