import { randomBytes } from "node:crypto"
import { open, rename, rm } from "node:fs/promises"
import { basename, dirname, join } from "node:path"
import { constants } from "node:zlib"
import type { ExportSelection } from "../../src-shared/export"
import { GENESIS_HASH } from "../trace/hash-chain"
import {
  BUNDLE_FORMAT,
  BUNDLE_FORMAT_VERSION,
  CHAIN_FORMULA,
  DESKS_FILE,
  EVENTS_FILE,
  FLAGS_FILE,
  MANIFEST_FILE,
  packFileName,
  REPORT_FILE,
  SIGNATURE_FILE,
  TRACES_CSV_FILE,
  TRACES_JSONL_FILE,
  type Manifest,
  type ManifestFile,
} from "./bundle-format"
import { ManifestTraceList } from "./bundle-manifest"
import { writeTracePass, type ContentFiles } from "./bundle-pass"
import { ContentStream, deflateWhole, type ContentDigest } from "./content-stream"
import { inThreadRenderers, type ReportRenderers } from "./report-renderers"
import { signBytes, type SigningKeys } from "./signing-keys"
import { SpillFile } from "./spill-file"
import type { BundleSource } from "./trace-source"
import { ZipOutput } from "./zip-output"

// Writes one audit bundle: one pass over the traces fills the four content files at once (the
// first straight into the ZIP, the others into temporary files beside it that are copied in after
// the pass), then the rule packs, the runs' flags (flags.jsonl, format version 2), the manifest
// (hashes of everything) and its signature, fsync, and only then the rename to the chosen name.
// Every temporary name ends in ".partial" and a
// failed or cancelled export removes them all; nothing is ever written under the chosen name
// except by that final rename.

export class EmptySelectionError extends Error {
  constructor() {
    super("the selection is empty: no trace matches it")
  }
}

export class ExportCancelledError extends Error {
  constructor() {
    super("the export was cancelled")
  }
}

export interface BundleWriteProgress {
  /** The files being written: all four content files fill in the same pass. */
  file: string
  done: number
  total: number
  /** Which pass over the traces is running, 1-based, of `steps`; there is one. */
  step: number
  steps: number
}

const PASS_FILES = [EVENTS_FILE, TRACES_JSONL_FILE, TRACES_CSV_FILE, REPORT_FILE].join(", ")

export interface WriteBundleOptions {
  source: BundleSource
  outPath: string
  selection: ExportSelection
  keys: SigningKeys
  appVersion: string
  exportedBy: { osUser: string; firmName: string }
  exportedAt: Date
  signal?: AbortSignal
  onProgress?: (progress: BundleWriteProgress) => void
  /**
   * Deflate level; 2 by default. Measured on bundle content (Node 22's zlib): levels 1 to 3 cost
   * the same CPU, level 2 writes 7 % less than 1, and level 4 costs 60 % more.
   */
  compressionLevel?: number
  /** Who renders report.html; in this thread when not given. Closed by writeBundle. */
  renderers?: ReportRenderers
  /** Rendered batches that may be outstanding; twice the number of render workers is enough. */
  renderAhead?: number
}

export interface WriteBundleResult {
  outPath: string
  traceCount: number
  bytes: number
}

export async function writeBundle(options: WriteBundleOptions): Promise<WriteBundleResult> {
  const { source, signal } = options
  const renderers = options.renderers ?? inThreadRenderers()
  const total = source.count
  const folder = dirname(options.outPath)
  const tag = randomBytes(6).toString("hex")
  const tempPath = join(folder, `.${basename(options.outPath)}.${tag}.partial`)
  const spills: SpillFile[] = []
  let files: ContentFiles | null = null
  let zip: ZipOutput | null = null
  const checkCancelled = () => {
    if (signal?.aborted) throw new ExportCancelledError()
  }
  try {
    if (total === 0) throw new EmptySelectionError()
    checkCancelled()
    const level = options.compressionLevel ?? 2
    zip = await ZipOutput.create(tempPath, options.exportedAt)
    const spill = async (name: string) => {
      // Short names, whatever the length of the bundle's: a name the user may choose must never
      // fail here for being long.
      const file = await SpillFile.create(join(folder, `.fiskai-export-${tag}.${name}.partial`))
      spills.push(file)
      return file
    }
    const [jsonlSpill, csvSpill, reportSpill] = [await spill("traces-jsonl"), await spill("traces-csv"), await spill("report")]
    const traces = new ManifestTraceList(await spill("manifest-traces"))
    const out = zip
    await out.beginStreamedEntry(EVENTS_FILE)
    files = {
      events: new ContentStream((bytes) => out.write(bytes), { level }),
      // Hex digests hold no repeats worth searching for: Huffman coding alone saves as much, far faster.
      tracesJsonl: new ContentStream(jsonlSpill.append, { level, strategy: constants.Z_HUFFMAN_ONLY }),
      tracesCsv: new ContentStream(csvSpill.append, { level }),
      report: new ContentStream(reportSpill.append, { level }),
    }
    await writeTracePass({
      source,
      files,
      traces,
      renderers,
      renderAhead: options.renderAhead ?? 1,
      meta: {
        firmName: options.exportedBy.firmName,
        exportedAt: options.exportedAt.toISOString(),
        exportedBy: options.exportedBy.osUser,
        appVersion: options.appVersion,
        traceCount: total,
        fingerprint: options.keys.fingerprint,
      },
      checkCancelled,
      onProgress: (done) => options.onProgress?.({ file: PASS_FILES, done, total, step: 1, steps: 1 }),
    })
    await renderers.close()
    checkCancelled()
    const manifestFiles = await finishContentEntries(out, files, { jsonlSpill, csvSpill, reportSpill })
    for (const pack of source.packSnapshots()) {
      const path = packFileName(pack.hash)
      manifestFiles.push(listed(path, await addWhole(out, path, Buffer.from(pack.canonicalJson, "utf8"), level)))
    }
    const flagCount = await addFlags(out, source, manifestFiles, level)
    const desks = source.deskLines?.()
    if (desks !== undefined) manifestFiles.push(listed(DESKS_FILE, await addWhole(out, DESKS_FILE, Buffer.from(desks.map((line) => `${line}\n`).join(""), "utf8"), level)))
    checkCancelled()
    const manifest = await traces.manifest(manifestMembers(options, manifestFiles, flagCount))
    await addWhole(out, MANIFEST_FILE, manifest, level)
    await addWhole(out, SIGNATURE_FILE, signBytes(manifest, options.keys.privateKey), level)
    const bytes = await out.finish()
    checkCancelled()
    await rename(tempPath, options.outPath)
    await syncDirectory(dirname(options.outPath))
    return { outPath: options.outPath, traceCount: total, bytes }
  } catch (error) {
    await renderers.close().catch(() => undefined)
    if (files !== null) await Promise.all(Object.values(files).map((stream: ContentStream) => stream.abandon()))
    await zip?.abort()
    await rm(tempPath, { force: true })
    throw error
  } finally {
    await Promise.all(spills.map((file) => file.remove()))
  }
}

function listed(path: string, digest: ContentDigest): ManifestFile {
  return { path, sha256: digest.sha256, bytes: digest.size }
}

/** Closes the four content files: events.jsonl ends where it was streamed, the others are copied in from their temporary files. */
async function finishContentEntries(
  out: ZipOutput,
  files: ContentFiles,
  spills: { jsonlSpill: SpillFile; csvSpill: SpillFile; reportSpill: SpillFile },
): Promise<ManifestFile[]> {
  const events = await files.events.end()
  await out.endStreamedEntry(events)
  const entries = [listed(EVENTS_FILE, events)]
  for (const [path, stream, spilled] of [
    [TRACES_JSONL_FILE, files.tracesJsonl, spills.jsonlSpill],
    [TRACES_CSV_FILE, files.tracesCsv, spills.csvSpill],
    [REPORT_FILE, files.report, spills.reportSpill],
  ] as const) {
    const digest = await stream.end()
    await out.addDeflatedEntry(path, digest, spilled.read())
    await spilled.remove()
    entries.push(listed(path, digest))
  }
  return entries
}

/** flags.jsonl, listed in `files`, when the source has flags to give (format version 2 and later); how many records, else null. */
async function addFlags(out: ZipOutput, source: BundleSource, files: ManifestFile[], level: number): Promise<number | null> {
  const lines = source.flagLines?.() ?? null
  if (lines === null) return null
  const text = lines.map((line) => `${line}\n`).join("")
  files.push(listed(FLAGS_FILE, await addWhole(out, FLAGS_FILE, Buffer.from(text, "utf8"), level)))
  return lines.length
}

/** A small file (a rule pack, the manifest, the signature), deflated whole. */
async function addWhole(out: ZipOutput, path: string, bytes: Buffer, level: number): Promise<ContentDigest> {
  const { digest, deflated } = await deflateWhole(bytes, level)
  await out.addDeflatedEntry(path, digest, [deflated])
  return digest
}

/** The manifest but its trace list; `flagCount` null: a source without flags, a version 1 bundle. */
function manifestMembers(options: WriteBundleOptions, files: ManifestFile[], flagCount: number | null): Omit<Manifest, "traces"> {
  return {
    format: BUNDLE_FORMAT,
    ...(flagCount === null ? { formatVersion: 1 } : { formatVersion: BUNDLE_FORMAT_VERSION, flags: { file: FLAGS_FILE, count: flagCount } }),
    app: { name: "FiskAI Workstation", version: options.appVersion },
    exportedAt: options.exportedAt.toISOString(),
    exportedBy: options.exportedBy,
    selection: options.selection,
    signing: {
      algorithm: "Ed25519",
      publicKeyPem: options.keys.publicKeyPem,
      fingerprint: options.keys.fingerprint,
      signatureFile: SIGNATURE_FILE,
    },
    chain: { formula: CHAIN_FORMULA, genesis: GENESIS_HASH },
    files: [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
  }
}

/** Makes the rename itself durable where the platform allows fsync on a directory. */
async function syncDirectory(path: string): Promise<void> {
  if (process.platform === "win32") return
  const handle = await open(path, "r")
  try {
    await handle.sync()
  } catch {
    // Some filesystems refuse fsync on a directory; the data itself is already synced.
  } finally {
    await handle.close()
  }
}
