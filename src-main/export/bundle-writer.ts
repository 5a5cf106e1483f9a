import { randomBytes } from "node:crypto"
import { open, rename, rm } from "node:fs/promises"
import { basename, dirname, join } from "node:path"
import type { ExportSelection } from "../../src-shared/export"
import { GENESIS_HASH } from "../store/hash-chain"
import { canonicalJson } from "../util/canonical-json"
import { eventsJsonl, reportHtml, tracesCsv, tracesJsonl, type PassContext } from "./bundle-files"
import {
  BUNDLE_FORMAT,
  BUNDLE_FORMAT_VERSION,
  CHAIN_FORMULA,
  EVENTS_FILE,
  MANIFEST_FILE,
  packFileName,
  REPORT_FILE,
  SIGNATURE_FILE,
  TRACES_CSV_FILE,
  TRACES_JSONL_FILE,
  type BundleTrace,
  type Manifest,
  type ManifestFile,
  type ManifestTrace,
} from "./bundle-format"
import { signBytes, type SigningKeys } from "./signing-keys"
import type { BundleSource } from "./trace-source"
import { ZipOutput } from "./zip-output"

// Writes one audit bundle: content files streamed into a ZIP under a temporary name in the target
// folder, then the manifest (hashes of everything) and its signature, fsync, and only then the
// rename to the chosen name. A failed or cancelled export removes its temporary file.

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
  file: string
  done: number
  total: number
}

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
  /** Deflate level; 1 by default (fast, and JSON still shrinks several-fold). */
  compressionLevel?: number
}

export interface WriteBundleResult {
  outPath: string
  traceCount: number
  bytes: number
  manifest: Manifest
}

const PROGRESS_EVERY = 250

export async function writeBundle(options: WriteBundleOptions): Promise<WriteBundleResult> {
  const { source, signal } = options
  const total = source.count
  if (total === 0) throw new EmptySelectionError()
  if (signal?.aborted) throw new ExportCancelledError()
  const tempPath = join(dirname(options.outPath), `.${basename(options.outPath)}.${randomBytes(6).toString("hex")}.partial`)
  const zip = new ZipOutput(tempPath, { compressionLevel: options.compressionLevel ?? 1, mtime: options.exportedAt })
  try {
    const ctx: PassContext = {
      source,
      onTrace(file, done) {
        if (signal?.aborted) throw new ExportCancelledError()
        if (done % PROGRESS_EVERY === 0 || done === total) options.onProgress?.({ file, done, total })
      },
    }
    const meta = {
      firmName: options.exportedBy.firmName,
      exportedAt: options.exportedAt.toISOString(),
      exportedBy: options.exportedBy.osUser,
      appVersion: options.appVersion,
      traceCount: total,
      fingerprint: options.keys.fingerprint,
    }
    const roles = new Map<string, "selected" | "base">()
    for (const { requestId, role } of source.roles()) roles.set(requestId, role)
    const traces: ManifestTrace[] = []
    const seen = (trace: BundleTrace) => traces.push(manifestTrace(trace, roles))
    const streamed = [
      zip.addStream(EVENTS_FILE, () => eventsJsonl(ctx, seen)),
      zip.addStream(TRACES_JSONL_FILE, () => tracesJsonl(ctx)),
      zip.addStream(TRACES_CSV_FILE, () => tracesCsv(ctx)),
      zip.addStream(REPORT_FILE, () => reportHtml(ctx, meta)),
    ]
    const packs = source.packSnapshots().map((pack) => zip.addBuffer(packFileName(pack.hash), Buffer.from(pack.canonicalJson, "utf8")))
    const files: ManifestFile[] = [...(await Promise.all(streamed)), ...packs]
    if (signal?.aborted) throw new ExportCancelledError()
    const manifest = buildManifest(options, files, traces)
    const manifestBytes = Buffer.from(canonicalJson(manifest), "utf8")
    zip.addBuffer(MANIFEST_FILE, manifestBytes)
    zip.addBuffer(SIGNATURE_FILE, signBytes(manifestBytes, options.keys.privateKey))
    await zip.finish()
    const bytes = await syncFile(tempPath)
    if (signal?.aborted) throw new ExportCancelledError()
    await rename(tempPath, options.outPath)
    await syncDirectory(dirname(options.outPath))
    return { outPath: options.outPath, traceCount: total, bytes, manifest }
  } catch (error) {
    await zip.abort()
    await rm(tempPath, { force: true })
    throw error
  }
}

function manifestTrace({ summary }: BundleTrace, roles: ReadonlyMap<string, "selected" | "base">): ManifestTrace {
  return {
    requestId: summary.requestId,
    role: roles.get(summary.requestId) ?? "selected",
    chainHead: summary.chainHead,
    eventCount: summary.eventCount,
    packHash: summary.packHash,
    counterfactualOf: summary.counterfactualOf,
  }
}

function buildManifest(options: WriteBundleOptions, files: ManifestFile[], traces: ManifestTrace[]): Manifest {
  return {
    format: BUNDLE_FORMAT,
    formatVersion: BUNDLE_FORMAT_VERSION,
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
    traces,
  }
}

async function syncFile(path: string): Promise<number> {
  const handle = await open(path, "r+")
  try {
    await handle.sync()
    return (await handle.stat()).size
  } finally {
    await handle.close()
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
