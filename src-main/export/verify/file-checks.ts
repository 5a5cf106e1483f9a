import type { BundleProblem } from "../../../src-shared/export"
import { loadPack, type LoadedPack } from "../../knowledge/loader"
import { sha256Hex } from "../../util/canonical-json"
import { EVENTS_FILE, MANIFEST_FILE, PACK_DIR, packFileName, REPORT_FILE, SIGNATURE_FILE, TRACES_CSV_FILE, TRACES_JSONL_FILE, type Manifest } from "../bundle-format"
import { BundleReadError, type BundleReader } from "./bundle-reader"
import { jsonNestsDeeper, MAX_JSON_DEPTH, MAX_LOADED_PACK_BYTES, MAX_PACK_BYTES } from "./limits"
import { compareDigest, fileProblem } from "./problems"

// The bundle's files against the signed manifest: none missing, none extra, every hash equal;
// and each rule-pack snapshot is a valid pack whose canonical hash is its name. A file that cannot
// be read (damaged, or over a limit) is a finding about that file; the others are still checked.

const REQUIRED = [EVENTS_FILE, TRACES_JSONL_FILE, TRACES_CSV_FILE, REPORT_FILE]

/** Checks names and the hashes of every listed file except `streamed` (hashed while the traces are read). */
export async function checkFiles(
  reader: BundleReader,
  manifest: Manifest,
  report: (p: BundleProblem) => void,
  streamed: ReadonlySet<string>,
): Promise<void> {
  const listed = new Map(manifest.files.map((f) => [f.path, f]))
  if (listed.size !== manifest.files.length) report(fileProblem(MANIFEST_FILE, "the manifest lists a file twice"))
  for (const name of manifest.flags === undefined ? REQUIRED : [...REQUIRED, manifest.flags.file]) if (!listed.has(name)) report(fileProblem(name, `the manifest does not list ${name}`))
  for (const hash of new Set(manifest.traces.map((t) => t.packHash)))
    if (!listed.has(packFileName(hash))) report(fileProblem(packFileName(hash), `the manifest does not list the rule pack ${hash} its traces used`))
  for (const name of reader.names()) {
    if (name === MANIFEST_FILE || name === SIGNATURE_FILE) continue
    if (!listed.has(name)) report(fileProblem(name, `${name} is in the bundle but not in the manifest (an added file)`))
  }
  // Each listed path once: a manifest listing a big file many times must not have it read as often.
  for (const file of listed.values()) {
    if (file.path === MANIFEST_FILE || file.path === SIGNATURE_FILE) {
      report(fileProblem(file.path, `the manifest cannot list ${file.path} itself`))
      continue
    }
    if (!reader.entries.has(file.path)) {
      report(fileProblem(file.path, `${file.path} is listed in the manifest but missing from the bundle`))
      continue
    }
    if (streamed.has(file.path)) continue
    try {
      compareDigest(file, await reader.digest(file.path), report)
    } catch (error) {
      if (!(error instanceof BundleReadError)) throw error
      report(fileProblem(file.path, error.message))
    }
  }
}

/**
 * The bundle's rule-pack snapshots: each listed one is read and checked once (BundlePacks.check),
 * and parsed again when a trace needs it after it was dropped: only MAX_LOADED_PACK_BYTES of
 * them stay parsed (a pack can be megabytes of rules, and a bundle from outside can list many).
 */
export class BundlePacks {
  private readonly loaded = new Map<string, { pack: LoadedPack; bytes: number }>()
  private loadedBytes = 0

  private constructor(
    private readonly reader: BundleReader,
    /** Hashes of the listed packs that are what their name says. */
    private readonly valid: ReadonlySet<string>,
  ) {}

  /** Reads every listed rule-pack snapshot; a pack that is not what its name says is reported and left out. */
  static async check(reader: BundleReader, manifest: Manifest, report: (p: BundleProblem) => void): Promise<BundlePacks> {
    const valid = new Set<string>()
    const packs = new BundlePacks(reader, valid)
    for (const path of new Set(manifest.files.map((f) => f.path))) {
      if (!path.startsWith(PACK_DIR) || !reader.entries.has(path)) continue
      const hash = path.slice(PACK_DIR.length).replace(/\.json$/, "")
      try {
        const { pack, bytes } = await packs.read(path)
        if (pack.hash !== hash) report(fileProblem(path, `the pack's canonical hash is ${pack.hash}, not the ${hash} its name claims`))
        else if (sha256Hex(bytes) !== hash) report(fileProblem(path, "the pack file is not in canonical JSON form"))
        else {
          valid.add(hash)
          packs.keep(hash, pack, bytes.length)
        }
      } catch (error) {
        report(fileProblem(path, error instanceof BundleReadError ? error.message : `not a valid rule pack: ${(error as Error).message}`))
      }
    }
    return packs
  }

  /** The pack with this hash, or null when the bundle has no valid snapshot of it. */
  async get(hash: string): Promise<LoadedPack | null> {
    if (!this.valid.has(hash)) return null
    const kept = this.loaded.get(hash)
    if (kept !== undefined) {
      this.keep(hash, kept.pack, kept.bytes)
      return kept.pack
    }
    const { pack, bytes } = await this.read(packFileName(hash))
    this.keep(hash, pack, bytes.length)
    return pack
  }

  private async read(path: string): Promise<{ pack: LoadedPack; bytes: Buffer }> {
    const bytes = await this.reader.readAll(path, MAX_PACK_BYTES)
    const text = bytes.toString("utf8")
    if (jsonNestsDeeper(text, MAX_JSON_DEPTH)) throw new Error(`it nests arrays or objects more than ${MAX_JSON_DEPTH} deep`)
    return { pack: loadPack(JSON.parse(text)), bytes }
  }

  /**
   * Keeps `pack` parsed as the most recently used, dropping the least recently used ones while
   * more than two are kept and their JSON adds up to more than MAX_LOADED_PACK_BYTES.
   */
  private keep(hash: string, pack: LoadedPack, bytes: number): void {
    const previous = this.loaded.get(hash)
    if (previous !== undefined) {
      this.loaded.delete(hash)
      this.loadedBytes -= previous.bytes
    }
    this.loaded.set(hash, { pack, bytes })
    this.loadedBytes += bytes
    for (const [old, { bytes: oldBytes }] of this.loaded) {
      if (this.loaded.size <= 2 || this.loadedBytes <= MAX_LOADED_PACK_BYTES) break
      this.loaded.delete(old)
      this.loadedBytes -= oldBytes
    }
  }
}
