import type { LoadedPack } from "../knowledge/loader"
import { PackVersionsRepository } from "../store/pack-versions-repo"
import type { Store } from "../store/store"
import { versionPack } from "./versions"

// What the engine should answer with once the composition root wires it (issue 19): the latest
// published version in the store, validated by the pack schema and checked against its hash.

/**
 * The latest published pack (of `packId`, else of whichever pack was published last), or null
 * when the store holds none yet (seed the bundled pack first: seedBundledPack).
 */
export function publishedPack(store: Store, packId?: string): LoadedPack | null {
  const repo = new PackVersionsRepository(store)
  const latest = repo.latestVersion(packId)
  return latest === null ? null : versionPack(repo, latest)
}
