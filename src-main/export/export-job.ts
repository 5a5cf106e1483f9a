import { existsSync, readFileSync } from "node:fs"
import { userInfo } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import Database from "better-sqlite3"
import type { ExportSelection } from "../../src-shared/export"
import { Settings } from "../../src-shared/settings"
import { writeBundle, type BundleWriteProgress, type WriteBundleResult } from "./bundle-writer"
import { inThreadRenderers, workerRenderers, type ReportWorkerSpec } from "./report-renderers"
import { loadOrCreateSigningKeys } from "./signing-keys"
import { openTraceSource } from "./trace-source"

// One export, start to finish, wherever it runs (the export worker, or a test in-process):
// the read-only source, the installation's key, who exports, and the bundle.

export interface ExportJobParams {
  dbPath: string
  selection: ExportSelection
  outPath: string
  /** Where the installation's signing key lives (the app's user-data folder). */
  userDataDir: string
  /** The app's version; read from package.json when not given. */
  appVersion?: string
  /** Firm name; read from the settings in the database when not given. */
  firmName?: string
  /** ISO timestamp; now when not given. */
  exportedAt?: string
  compressionLevel?: number
  /** Render report.html on worker threads started like this; in the export's own thread when not given. */
  reportWorkers?: ReportWorkerSpec
}

export interface ExportJobResult {
  outPath: string
  traceCount: number
  bytes: number
}

export async function runExportJob(
  params: ExportJobParams,
  signal?: AbortSignal,
  onProgress?: (progress: BundleWriteProgress) => void,
): Promise<ExportJobResult> {
  const keys = loadOrCreateSigningKeys(params.userDataDir)
  const firmName = params.firmName ?? readFirmName(params.dbPath)
  const source = openTraceSource(params.dbPath, params.selection)
  const workers = params.reportWorkers
  let result: WriteBundleResult
  try {
    result = await writeBundle({
      source,
      outPath: params.outPath,
      selection: params.selection,
      keys,
      appVersion: params.appVersion ?? packageVersion(),
      exportedBy: { osUser: osUserName(), firmName },
      exportedAt: params.exportedAt === undefined ? new Date() : new Date(params.exportedAt),
      ...(signal === undefined ? {} : { signal }),
      ...(onProgress === undefined ? {} : { onProgress }),
      ...(params.compressionLevel === undefined ? {} : { compressionLevel: params.compressionLevel }),
      // Started only now that the selection is known to be valid and not empty.
      renderers: workers === undefined || source.count === 0 ? inThreadRenderers() : workerRenderers(workers),
      renderAhead: workers === undefined ? 1 : 2 * workers.count,
    })
  } finally {
    source.close()
  }
  return { outPath: result.outPath, traceCount: result.traceCount, bytes: result.bytes }
}

export function osUserName(): string {
  try {
    return userInfo().username
  } catch {
    // No passwd entry (some containers): fall back to what the environment says.
    return process.env.USER ?? process.env.USERNAME ?? "unknown"
  }
}

/** The firm name from the app settings (settings table, key "firmName"), or "" when unset. */
export function readFirmName(dbPath: string): string {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true })
  try {
    const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'settings'").get() !== undefined
    if (!hasTable) return ""
    const row = db.prepare("SELECT value_json AS value FROM settings WHERE key = 'firmName'").get() as { value: string } | undefined
    if (row === undefined) return ""
    const parsed = Settings.shape.firmName.safeParse(JSON.parse(row.value))
    return parsed.success ? parsed.data : ""
  } catch {
    return ""
  } finally {
    db.close()
  }
}

/** The version in the app's package.json, found by walking up from this file. */
export function packageVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, "package.json")
    if (existsSync(candidate)) {
      const parsed = JSON.parse(readFileSync(candidate, "utf8")) as { name?: unknown; version?: unknown }
      if (parsed.name === "fiskai-workstation" && typeof parsed.version === "string") return parsed.version
    }
    dir = dirname(dir)
  }
  return "unknown"
}
