import type { LoadedPack } from "../knowledge/loader"
import type { Store } from "../store/store"
import { seedBundledPack } from "./bundled-seed"
import { PackVersionsRepository } from "../store/pack-versions-repo"
import { compareVersions } from "./semver"
import { versionPack } from "./versions"

// The pack new runs answer with (issue 19): the bundled pack is stored as a published version when
// it is new to this database, and a newer version published or imported here (head office's
// 2.0.8 on a desk whose app ships 2.0.7) takes its place. The bundled pack wins a tie: a build
// whose pack changed without a new version number (a developer's tree) answers with what it ships.

export interface PackInForce {
  pack: LoadedPack
  /** Where it came from: the app's own file, or a version published in (or imported into) the store. */
  origin: "bundled" | "store"
}

export function packInForce(store: Store, bundled: LoadedPack): PackInForce {
  if (store.readOnly) return { pack: bundled, origin: "bundled" }
  seedBundledPack(store, bundled)
  // Only a newer version is read and checked (its content is validated and hashed, which costs).
  const repo = new PackVersionsRepository(store)
  const latest = repo.latestVersion(bundled.id)
  if (latest === null || compareVersions(latest.version, bundled.version) <= 0) return { pack: bundled, origin: "bundled" }
  return { pack: versionPack(repo, latest), origin: "store" }
}
