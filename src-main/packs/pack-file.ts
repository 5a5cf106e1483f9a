import { z } from "zod"
import { fingerprintOf, sameKey, signBytes, verifySignature, type SigningKeys } from "../export/signing-keys"
import { loadPack, MAX_PACK_BYTES, PackLoadError, type LoadedPack } from "../knowledge/loader"
import { canonicalJson, sha256Hex } from "../util/canonical-json"
import { PackRefusal } from "./refusals"

// The signed pack file (README.md in this folder, "The signed pack file"): one JSON object
//
//   { format: "fiskai-signed-pack/1", packId, version, hash, publishedAt, publisherName,
//     pack, signature, publicKey }
//
// hash is the SHA-256 (lower-case hex) of canonicalJson(pack); signature is the Ed25519
// signature (base64) of the UTF-8 bytes of canonicalJson({ format, packId, version, hash,
// publishedAt, publisherName }), made with the installation's bundle-signing key (the audit
// export's); publicKey is its public half (SPKI PEM). The signature covers the pack through its
// hash. A reader checks, in order: JSON, format, hash, signature, trusted signer, pack schema.

export const PACK_FILE_FORMAT = "fiskai-signed-pack/1"

/** A pack file holds one pack (a few MB) and its envelope. */
export const MAX_PACK_FILE_BYTES = MAX_PACK_BYTES + 64 * 1024

const Hex64 = z.string().regex(/^[0-9a-f]{64}$/, "not a SHA-256 hex digest")

export const PackFileEnvelope = z.strictObject({
  format: z.literal(PACK_FILE_FORMAT),
  packId: z.string().min(1),
  version: z.string().min(1),
  hash: Hex64,
  /** When the version was published where it was exported from (ISO timestamp). */
  publishedAt: z.string().min(1),
  /** Who published it there (a profile's name, or "bundled"). */
  publisherName: z.string().min(1),
  pack: z.record(z.string(), z.unknown()),
  signature: z.base64().min(1),
  publicKey: z.string().min(1),
})
export type PackFileEnvelope = z.infer<typeof PackFileEnvelope>

type SignedPart = Pick<PackFileEnvelope, "format" | "packId" | "version" | "hash" | "publishedAt" | "publisherName">

function signedBytes(part: SignedPart): Buffer {
  const { format, packId, version, hash, publishedAt, publisherName } = part
  return Buffer.from(canonicalJson({ format, packId, version, hash, publishedAt, publisherName }), "utf8")
}

/** The file's text for a stored version's pack, signed with `keys`. */
export function writePackFile(
  pack: LoadedPack,
  meta: { publishedAt: string; publisherName: string },
  keys: SigningKeys,
): string {
  const part: SignedPart = {
    format: PACK_FILE_FORMAT,
    packId: pack.id,
    version: pack.version,
    hash: pack.hash,
    publishedAt: meta.publishedAt,
    publisherName: meta.publisherName,
  }
  const envelope: PackFileEnvelope = {
    ...part,
    pack: JSON.parse(pack.canonicalJson) as Record<string, unknown>,
    signature: signBytes(signedBytes(part), keys.privateKey).toString("base64"),
    publicKey: keys.publicKeyPem,
  }
  return `${JSON.stringify(envelope)}\n`
}

export interface VerifiedPackFile {
  readonly pack: LoadedPack
  readonly envelope: PackFileEnvelope
  readonly fingerprint: string
}

/**
 * Checks a pack file's text; `file` names it in refusals. `trustedKeys`: public keys (PEM) that
 * may sign packs for this desk. Throws a PackRefusal at the first check that fails.
 */
export function readPackFile(text: string, file: string, trustedKeys: readonly string[]): VerifiedPackFile {
  const envelope = parseEnvelope(text, file)
  if (sha256Hex(canonicalJson(envelope.pack)) !== envelope.hash) throw new PackRefusal("file-hash", { file })
  const signature = Buffer.from(envelope.signature, "base64")
  if (!verifySignature(signedBytes(envelope), signature, envelope.publicKey)) throw new PackRefusal("file-signature", { file })
  const fingerprint = fingerprintOf(envelope.publicKey)
  if (!trustedKeys.some((key) => sameKey(key, envelope.publicKey)))
    throw new PackRefusal("file-untrusted", { file, fingerprint })
  let pack: LoadedPack
  try {
    pack = loadPack(envelope.pack)
  } catch (error) {
    if (error instanceof PackLoadError) throw new PackRefusal("pack-invalid", { detail: error.message })
    throw error
  }
  if (pack.hash !== envelope.hash || pack.id !== envelope.packId || pack.version !== envelope.version)
    throw formatRefusal(file, "the pack's id, version or hash is not the one signed")
  return { pack, envelope, fingerprint }
}

function parseEnvelope(text: string, file: string): PackFileEnvelope {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (error) {
    throw new PackRefusal("file-unreadable", { file, detail: `not JSON, or cut short: ${(error as Error).message}` })
  }
  const parsed = PackFileEnvelope.safeParse(raw)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const where = issue === undefined || issue.path.length === 0 ? "file" : issue.path.join(".")
  throw formatRefusal(file, `${where}: ${issue?.message ?? "?"}`)
}

function formatRefusal(file: string, detail: string): PackRefusal {
  return new PackRefusal("file-format", { file, format: PACK_FILE_FORMAT, detail })
}
