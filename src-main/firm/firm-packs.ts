import { loadPack, type LoadedPack } from "../knowledge/loader"
import { compareVersions } from "../packs/semver"
import { keepValidated } from "../packs/validated-pack"
import { appendVersion } from "../packs/versions"
import { PackVersionsRepository } from "../store/pack-versions-repo"
import type { Store } from "../store/store"

// A pack version published at another desk, once it came down (firm_pack_versions), is put into
// force here by the same path a publication here takes: validated with this build's pack schema,
// its content hashed again against the version's content hash, appended to this desk's chain of
// the pack (appendVersion, in one transaction, newer versions only), then the pack in force is
// read again (packInForce picks the newest stored version). It is stored as origin "local" (the
// path it took here, which its chain hash covers) with the publishing desk's publisher name and
// the desk itself (origin_desk, migration 0018), so the pack's history says it came from the firm
// and from which desk; up-sync never sends it back (local-outbox.ts skips a version the firm sent
// down, and one that names its desk). A version that fails a check stays in the firm mirror, not in force.

interface FirmPackRow {
  packId: string
  version: string
  desk: string
  contentHash: string
  publisherName: string
  canonicalJson: string
}

export interface AdoptedVersion {
  packId: string
  version: string
  desk: string
}

export interface Adoption {
  adopted: AdoptedVersion[]
  /** Versions that came down but cannot be in force here, and why. */
  refused: { packId: string; version: string; reason: string }[]
}

/** Appends every firm version newer than this desk's latest of the same pack; returns what it did. */
export function adoptFirmPackVersions(store: Store): Adoption {
  const repo = new PackVersionsRepository(store)
  const result: Adoption = { adopted: [], refused: [] }
  const stored = new Set(repo.packIds())
  const rows = store.sqlite
    .prepare(
      `SELECT pack_id AS packId, version, desk, content_hash AS contentHash, publisher_name AS publisherName, canonical_json AS canonicalJson
       FROM firm_pack_versions`,
    )
    .all() as FirmPackRow[]
  const candidates = rows.filter((row) => stored.has(row.packId)).sort((a, b) => compareVersions(a.version, b.version))
  for (const row of candidates) {
    const latest = repo.latestVersion(row.packId)
    if (latest !== null && compareVersions(row.version, latest.version) <= 0) continue
    const pack = checkedPack(row)
    if (typeof pack === "string") {
      result.refused.push({ packId: row.packId, version: row.version, reason: pack })
      continue
    }
    const appended = repo.transaction(() => {
      // The latest may have moved since it was read (a publication here): only newer versions.
      const head = repo.latestVersion(row.packId)
      if (head !== null && compareVersions(row.version, head.version) <= 0) return false
      appendVersion(repo, pack, { origin: "local", publishedBy: null, publisherName: row.publisherName, signer: null, originDesk: row.desk })
      return true
    })
    if (!appended) continue
    keepValidated(pack)
    result.adopted.push({ packId: row.packId, version: row.version, desk: row.desk })
  }
  return result
}

/** The version's pack, validated here; a reason when it may not be in force. */
function checkedPack(row: FirmPackRow): LoadedPack | string {
  try {
    const pack = loadPack(JSON.parse(row.canonicalJson))
    if (pack.hash !== row.contentHash) return `its content does not hash to ${row.contentHash}`
    if (pack.id !== row.packId || pack.version !== row.version) return `its content is ${pack.id} ${pack.version}`
    return pack
  } catch (error) {
    return (error as Error).message
  }
}
