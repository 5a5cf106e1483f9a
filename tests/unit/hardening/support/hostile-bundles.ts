import { sign } from "node:crypto"
import { ContentStream, deflateWhole } from "../../../../src-main/export/content-stream"
import { fingerprintOf } from "../../../../src-main/export/signing-keys"
import { ZipOutput } from "../../../../src-main/export/zip-output"
import { canonicalJson } from "../../../../src-main/util/canonical-json"
import type { Entries, ForeignKey } from "../../export/bundle-files"

// Hostile audit bundles, built as an attacker would: small ZIP files whose entries inflate to
// hundreds of megabytes or more (written streaming by the exporter's own ZIP writer, deflated at
// level 1, so building one costs seconds and no memory), around the files of a real bundle. Each can carry a manifest
// re-signed with the attacker's key that lists the hostile files' true hashes, so the verifier
// cannot stop at a hash mismatch: it has to read them.

const MiB = 1024 * 1024

/** An entry whose bytes are produced as it is written (a generator of chunks). */
export interface StreamedEntry {
  name: string
  chunks: () => Iterable<Buffer>
}

/** `count` copies of `unit` as chunks of about 1 MiB (no buffer bigger than that is ever built). */
export function* repeated(unit: Buffer, count: number): Generator<Buffer> {
  const perChunk = Math.max(1, Math.floor(MiB / unit.length))
  const chunk = Buffer.concat(Array.from({ length: perChunk }, () => unit))
  let left = count
  while (left >= perChunk) {
    yield chunk
    left -= perChunk
  }
  if (left > 0) yield chunk.subarray(0, left * unit.length)
}

/** `bytes` bytes of `fill` (one byte), as 1 MiB chunks. */
export function* filler(bytes: number, fill = "A"): Generator<Buffer> {
  const chunk = Buffer.alloc(MiB, fill)
  let left = bytes
  while (left > 0) {
    const size = Math.min(left, chunk.length)
    yield size === chunk.length ? chunk : chunk.subarray(0, size)
    left -= size
  }
}

export interface Written {
  /** The ZIP's size on disk. */
  zipBytes: number
  /** SHA-256 and length of each streamed entry as written (uncompressed). */
  digests: Map<string, { sha256: string; bytes: number }>
}

/**
 * Writes a ZIP with the exporter's own writer (ZipOutput, ContentStream: deflated in parallel,
 * level 1): `whole` entries as they are, then `streamed` ones, then the entries `last` makes once
 * the streamed ones are written and their digests known (a re-signed manifest and its signature).
 */
export async function writeHostileZip(
  path: string,
  whole: Entries,
  streamed: StreamedEntry[],
  last?: (digests: Written["digests"]) => Entries,
): Promise<Written> {
  const out = await ZipOutput.create(path, new Date("2025-06-01T00:00:00Z"))
  const digests: Written["digests"] = new Map()
  const addWhole = async (name: string, data: Buffer) => {
    const { digest, deflated } = await deflateWhole(data, 1)
    await out.addDeflatedEntry(name, digest, [deflated])
  }
  try {
    for (const [name, data] of whole) await addWhole(name, data)
    for (const entry of streamed) {
      await out.beginStreamedEntry(entry.name)
      const content = new ContentStream((bytes) => out.write(bytes), { level: 1 })
      for (const chunk of entry.chunks()) {
        content.writeBytes(chunk)
        if (content.congested) await content.drain()
      }
      const digest = await content.end()
      await out.endStreamedEntry(digest)
      digests.set(entry.name, { sha256: digest.sha256, bytes: digest.size })
    }
    for (const [name, data] of last?.(digests) ?? []) await addWhole(name, data)
  } catch (error) {
    await out.abort()
    throw error
  }
  return { zipBytes: await out.finish(), digests }
}

/**
 * The manifest of `original`, re-signed with `key` after `edit`, with each file in `digests`
 * listed at its true hash and length (what a forger fixing up every hash would write).
 */
export function resignedManifest(
  original: Buffer,
  key: ForeignKey,
  digests: Written["digests"],
  edit: (manifest: Record<string, unknown>) => void = () => undefined,
): Entries {
  const manifest = JSON.parse(original.toString("utf8")) as Record<string, unknown>
  const files = manifest.files as Array<{ path: string; sha256: string; bytes: number }>
  for (const file of files) {
    const digest = digests.get(file.path)
    if (digest !== undefined) Object.assign(file, digest)
  }
  edit(manifest)
  manifest.signing = { algorithm: "Ed25519", publicKeyPem: key.publicKeyPem, fingerprint: fingerprintOf(key.publicKeyPem), signatureFile: "manifest.sig" }
  const bytes = Buffer.from(canonicalJson(manifest))
  return [
    ["manifest.json", bytes],
    ["manifest.sig", sign(null, bytes, key.privateKey)],
  ]
}
