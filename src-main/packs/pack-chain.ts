import { canonicalJson, sha256Hex } from "../util/canonical-json"

// The pack versions' hash chain, one chain per pack id in publication order, in the trace
// chain's form (src-main/store/README.md):
//
//   header_n = canonicalJson({ packId, version, contentHash, publishedAt, origin, publisherName,
//                              signerFingerprint })          -- signerFingerprint null unless imported
//   hash_n   = lowercase hex SHA-256 of (hash_{n-1} + header_n), hash_{-1} = 64 zeros
//
// contentHash is the SHA-256 of the pack's canonical JSON (LoadedPack.hash), so the chain covers
// every rule of every version and who published it, when and from where.

export const GENESIS_HASH = "0".repeat(64)

export interface VersionHeader {
  readonly packId: string
  readonly version: string
  readonly contentHash: string
  readonly publishedAt: string
  readonly origin: "bundled" | "local" | "imported"
  readonly publisherName: string
  readonly signerFingerprint: string | null
}

export function versionHash(prevHash: string, header: VersionHeader): string {
  const { packId, version, contentHash, publishedAt, origin, publisherName, signerFingerprint } = header
  return sha256Hex(
    prevHash + canonicalJson({ packId, version, contentHash, publishedAt, origin, publisherName, signerFingerprint }),
  )
}

export interface ChainedVersion extends VersionHeader {
  readonly prevHash: string
  readonly hash: string
  /** The stored canonical JSON of the pack. */
  readonly canonicalJson: string
}

/** The first problem in one pack's chain (rows in publication order), or null when it holds. */
export function chainProblem(rows: readonly ChainedVersion[]): string | null {
  let prev = GENESIS_HASH
  for (const row of rows) {
    if (row.prevHash !== prev) return `version ${row.version}: does not follow the previous version`
    if (sha256Hex(row.canonicalJson) !== row.contentHash) return `version ${row.version}: content does not match its hash`
    if (versionHash(prev, row) !== row.hash) return `version ${row.version}: row does not match its hash`
    prev = row.hash
  }
  return null
}
