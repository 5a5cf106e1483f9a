import { loadPack, type LoadedPack } from "../knowledge/loader"
import type { PackVersionsRepository } from "../store/pack-versions-repo"
import type { PackVersionRow } from "../store/schema-packs"
import { PackVersionInfo, VersionOrigin } from "./contract"
import { GENESIS_HASH, versionHash, type ChainedVersion, type VersionHeader } from "./pack-chain"
import { PackRefusal } from "./refusals"
import { compareVersions } from "./semver"
import { keepValidated, keptValidated } from "./validated-pack"

// Pack versions in the store: appending one to its pack's chain (the only way a version is
// written), reading one back as a validated pack, and their public shape.

export function versionInfo(row: PackVersionRow): PackVersionInfo {
  const { signerPublicKey: publicKeyPem, signerFingerprint: fingerprint, signature } = row
  return PackVersionInfo.parse({
    seq: row.id,
    packId: row.packId,
    version: row.version,
    contentHash: row.contentHash,
    prevHash: row.prevHash,
    hash: row.hash,
    publishedAt: row.publishedAt,
    origin: row.originDesk === null ? row.origin : "firm",
    originDesk: row.originDesk,
    publishedBy: row.publishedBy,
    publisherName: row.publisherName,
    signer:
      publicKeyPem !== null && fingerprint !== null && signature !== null
        ? { publicKeyPem, fingerprint, signature }
        : null,
  })
}

/**
 * The version's pack, validated by the pack schema and checked against its stored hash; one this
 * process validated lately (validated-pack.ts) is not read and validated again. Callers share it:
 * a LoadedPack is never changed.
 */
export function versionPack(repo: PackVersionsRepository, row: PackVersionRow): LoadedPack {
  const kept = keptValidated(row.contentHash)
  if (kept !== null) return kept
  const json = repo.content(row.contentHash)
  if (json === null) throw new Error(`pack ${row.packId} ${row.version}: its content (${row.contentHash}) is missing from the store`)
  const loaded = loadPack(JSON.parse(json))
  if (loaded.hash !== row.contentHash)
    throw new Error(`pack ${row.packId} ${row.version}: its stored content does not match its hash ${row.contentHash}`)
  keepValidated(loaded)
  return loaded
}

export interface AppendMeta {
  readonly origin: VersionHeader["origin"]
  readonly publishedBy: string | null
  readonly publisherName: string
  readonly signer: { publicKeyPem: string; fingerprint: string; signature: string } | null
  /** A version put into force from the firm: the desk that published it (stored with origin "local"). */
  readonly originDesk?: string
}

/** What a version stores of its pack: a loaded pack, or one built on another thread (pack-build.ts). */
export type AppendedPack = Pick<LoadedPack, "id" | "version" | "hash" | "canonicalJson">

/**
 * Appends `pack` as its pack id's next version. Call inside repo.transaction: it reads the
 * chain's head and writes after it. Refuses a version that is not newer than the pack's latest.
 */
export function appendVersion(repo: PackVersionsRepository, pack: AppendedPack, meta: AppendMeta): PackVersionRow {
  const latest = repo.latestVersion(pack.id)
  if (latest !== null && compareVersions(pack.version, latest.version) <= 0)
    throw new PackRefusal("version-not-newer", { version: pack.version, latest: latest.version, pack: pack.id })
  const header: VersionHeader = {
    packId: pack.id,
    version: pack.version,
    contentHash: pack.hash,
    publishedAt: repo.now(),
    origin: meta.origin,
    publisherName: meta.publisherName,
    signerFingerprint: meta.signer?.fingerprint ?? null,
  }
  const prevHash = latest?.hash ?? GENESIS_HASH
  return repo.insertVersion({
    ...header,
    prevHash,
    hash: versionHash(prevHash, header),
    publishedBy: meta.publishedBy,
    signerPublicKey: meta.signer?.publicKeyPem ?? null,
    signerFingerprint: meta.signer?.fingerprint ?? null,
    signature: meta.signer?.signature ?? null,
    originDesk: meta.originDesk ?? null,
    canonicalJson: pack.canonicalJson,
  })
}

/** A version named by its number: of `packId` when given, else of any pack (the newest such). */
export function findVersion(repo: PackVersionsRepository, version: string, packId?: string): PackVersionRow {
  const row = packId === undefined ? (repo.versionsNamed(version)[0] ?? null) : repo.version(packId, version)
  if (row === null) throw new PackRefusal("unknown-version", { version: packId === undefined ? version : `${packId} ${version}` })
  return row
}

/** One pack's versions in publication order, with their content: what chainProblem checks. */
export function versionChain(repo: PackVersionsRepository, packId: string): ChainedVersion[] {
  return repo
    .versions(packId)
    .reverse()
    .map((row) => ({
      ...row,
      origin: VersionOrigin.parse(row.origin),
      canonicalJson: repo.content(row.contentHash) ?? "",
    }))
}
