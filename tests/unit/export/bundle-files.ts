import { createWriteStream } from "node:fs"
import { generateKeyPairSync, sign } from "node:crypto"
import { ZipFile } from "yazl"
import { openPromise } from "yauzl"
import { canonicalJson } from "../../../src-main/util/canonical-json"
import { sha256Hex } from "../../../src-main/util/canonical-json"
import { fingerprintOf } from "../../../src-main/export/signing-keys"

// Test helpers that take a bundle apart and put it back together, the way someone tampering
// with it would: unzip, change bytes, zip again (optionally re-signing the manifest).

export type Entries = Array<[string, Buffer]>

export async function readEntries(path: string): Promise<Entries> {
  const zip = await openPromise(path, { lazyEntries: true, autoClose: false })
  const out: Entries = []
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = []
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer)
    out.push([entry.fileName, Buffer.concat(chunks)])
  }
  zip.close()
  return out
}

export async function writeEntries(path: string, entries: Entries): Promise<void> {
  const zip = new ZipFile()
  const done = new Promise<void>((resolve, reject) => {
    const out = createWriteStream(path)
    out.on("close", resolve)
    out.on("error", reject)
    zip.outputStream.pipe(out)
  })
  for (const [name, data] of entries) zip.addBuffer(data, name)
  zip.end()
  await done
}

export function get(entries: Entries, name: string): Buffer {
  const found = entries.find(([n]) => n === name)
  if (found === undefined) throw new Error(`no ${name} in the bundle`)
  return found[1]
}

export function replace(entries: Entries, name: string, data: Buffer | string): Entries {
  return entries.map(([n, d]) => [n, n === name ? Buffer.from(data) : d])
}

export function text(entries: Entries, name: string): string {
  return get(entries, name).toString("utf8")
}

/** Lines of a JSONL/CSV file, keeping the separator convention of the file. */
export function editLines(entries: Entries, name: string, edit: (lines: string[]) => string[], eol = "\n"): Entries {
  const lines = text(entries, name).split(eol)
  const last = lines.pop() ?? ""
  return replace(entries, name, [...edit(lines), last].join(eol))
}

export interface ForeignKey {
  privateKey: ReturnType<typeof generateKeyPairSync>["privateKey"]
  publicKeyPem: string
}

export function foreignKey(): ForeignKey {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519")
  return { privateKey, publicKeyPem: publicKey.export({ type: "spki", format: "pem" }).toString() }
}

/** Rewrites the manifest with `edit`, puts `key`'s public half in it, and signs it with `key`. */
export function resign(entries: Entries, key: ForeignKey, edit: (manifest: Record<string, unknown>) => void = () => undefined): Entries {
  const manifest = JSON.parse(text(entries, "manifest.json")) as Record<string, unknown>
  edit(manifest)
  manifest.signing = { algorithm: "Ed25519", publicKeyPem: key.publicKeyPem, fingerprint: fingerprintOf(key.publicKeyPem), signatureFile: "manifest.sig" }
  const bytes = Buffer.from(canonicalJson(manifest))
  return replace(replace(entries, "manifest.json", bytes), "manifest.sig", sign(null, bytes, key.privateKey))
}

/** Points the manifest's hash of `name` at its current content (what a forger would do). */
export function rehash(manifest: Record<string, unknown>, name: string, data: Buffer): void {
  const files = manifest.files as Array<{ path: string; sha256: string; bytes: number }>
  const file = files.find((f) => f.path === name)
  if (file === undefined) throw new Error(`manifest lists no ${name}`)
  file.sha256 = sha256Hex(data)
  file.bytes = data.length
}
