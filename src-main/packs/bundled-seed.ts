import type { LoadedPack } from "../knowledge/loader"
import { PackVersionsRepository } from "../store/pack-versions-repo"
import type { Store } from "../store/store"
import type { PackVersionInfo } from "./contract"
import { compareVersions } from "./semver"
import { appendVersion, versionInfo } from "./versions"

// The pack shipped with the app becomes a published version on first start and after an upgrade
// that ships a new pack: when its hash is not stored yet, it is appended to its pack's chain with
// the publisher "bundled". A bundled pack that is not newer than what the store already has (a
// desk that imported head office's 2.0.8 and then installed an app shipping 2.0.7) is not stored:
// the store keeps going forward, and the result says why.

export type SeedResult =
  | { readonly kind: "stored"; readonly version: PackVersionInfo }
  | { readonly kind: "present"; readonly version: PackVersionInfo }
  | { readonly kind: "not-newer"; readonly latest: PackVersionInfo }

export const BUNDLED_PUBLISHER = "bundled"

export function seedBundledPack(store: Store, bundled: LoadedPack): SeedResult {
  const repo = new PackVersionsRepository(store)
  return repo.transaction((): SeedResult => {
    const present = repo.versionWithContent(bundled.id, bundled.hash)
    if (present !== null) return { kind: "present", version: versionInfo(present) }
    const latest = repo.latestVersion(bundled.id)
    if (latest !== null && compareVersions(bundled.version, latest.version) <= 0)
      return { kind: "not-newer", latest: versionInfo(latest) }
    const row = appendVersion(repo, bundled, {
      origin: "bundled",
      publishedBy: null,
      publisherName: BUNDLED_PUBLISHER,
      signer: null,
    })
    return { kind: "stored", version: versionInfo(row) }
  })
}
