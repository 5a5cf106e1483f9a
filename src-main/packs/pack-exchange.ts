import { readBoundedText } from "../util/bounded-read"
import type { SigningKeys } from "../export/signing-keys"
import { PackVersionsRepository } from "../store/pack-versions-repo"
import type { Store } from "../store/store"
import type { PackVersionInfo } from "./contract"
import { MAX_PACK_FILE_BYTES, readPackFile, writePackFile } from "./pack-file"
import { PackRefusal } from "./refusals"
import { appendVersion, findVersion, versionInfo, versionPack } from "./versions"

// Head office publishes once, every desk imports (issue 19). Export writes a stored version as a
// signed pack file; import checks the file (pack-file.ts) and appends its pack to the store in
// one transaction, so a file that fails any check leaves the store exactly as it was.
//
// Trust: a desk trusts the keys it is given, as `fiskai verify --trusted-key` does for audit
// bundles: head office hands out its public key (signing/bundle-signing-key.pub.pem in its data
// folder, the file export's first run names) and its fingerprint over a second channel; the desk
// compares the fingerprint and imports with --trusted-key. The installation's own key is trusted
// too (re-importing one's own export). A valid signature by any other key is refused.

/** The signed file's text for version `version` (of `packId`, else the newest of that number). */
export function exportPackVersion(store: Store, version: string, keys: SigningKeys, packId?: string): string {
  const repo = new PackVersionsRepository(store)
  const row = findVersion(repo, version, packId)
  return writePackFile(versionPack(repo, row), { publishedAt: row.publishedAt, publisherName: row.publisherName }, keys)
}

export type ImportResult =
  | { readonly kind: "imported"; readonly version: PackVersionInfo; readonly fingerprint: string }
  | { readonly kind: "already-stored"; readonly version: PackVersionInfo; readonly fingerprint: string }

/** Reads, checks and imports the pack file at `path`; a PackRefusal (nothing written) when it may not be. */
export function importPackFile(store: Store, path: string, trustedKeys: readonly string[]): ImportResult {
  return importPackText(store, readPackFileText(path), path, trustedKeys)
}

/** The text of a pack file (a regular file of a pack file's size at most), or a PackRefusal. */
export function readPackFileText(path: string): string {
  try {
    return readBoundedText(path, MAX_PACK_FILE_BYTES, "a pack file")
  } catch (error) {
    throw new PackRefusal("file-unreadable", { file: path, detail: (error as Error).message })
  }
}

export function importPackText(store: Store, text: string, file: string, trustedKeys: readonly string[]): ImportResult {
  const { pack, envelope, fingerprint } = readPackFile(text, file, trustedKeys)
  const repo = new PackVersionsRepository(store)
  return repo.transaction((): ImportResult => {
    const stored = repo.packIds()
    if (stored.length > 0 && !stored.includes(pack.id))
      throw new PackRefusal("other-pack", { pack: pack.id, stored: stored.join(", ") })
    const same = repo.version(pack.id, pack.version)
    if (same !== null && same.contentHash === pack.hash) return { kind: "already-stored", version: versionInfo(same), fingerprint }
    if (same !== null) throw new PackRefusal("version-conflict", { version: pack.version, pack: pack.id, hash: same.contentHash.slice(0, 12) })
    const row = appendVersion(repo, pack, {
      origin: "imported",
      publishedBy: null,
      publisherName: envelope.publisherName,
      signer: { publicKeyPem: envelope.publicKey, fingerprint, signature: envelope.signature },
    })
    return { kind: "imported", version: versionInfo(row), fingerprint }
  })
}
