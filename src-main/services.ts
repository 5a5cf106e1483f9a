import { existsSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import type { ReasoningEvent } from "../src-shared/events/event"
import type { ExportProgress } from "../src-shared/export"
import type { Settings } from "../src-shared/settings"
import { createConcurrencyGate } from "./engine/concurrency-gate"
import { EngineThread } from "./engine-thread/engine-thread"
import { ExportJobs } from "./handlers/export-jobs"
import { LiveRuns } from "./handlers/live-runs"
import { createEventBus, type EventBus } from "./ipc/event-bus"
import type { PushSources } from "./ipc/pushes"
import { loadPackFile, type LoadedPack } from "./knowledge/loader"
import type { ClientsRepository } from "./store/clients-repo"
import { APP_FOLDER, appDataDir, DB_FILE } from "./store/paths"
import { TraceService } from "./store/runs"
import type { SettingsRepository } from "./store/settings-repo"
import { openStore, type Store } from "./store/store"

// The composition root every host uses (Electron main, the browser host, tests): the store
// (migrated, interrupted runs marked), the rule pack, the engine's dependencies, the trace
// service, live runs and the event bus. Nothing here imports electron.

export const APP_NAME = APP_FOLDER
export const DATABASE_FILE_NAME = DB_FILE
export const PACK_FILE_NAME = "hr-core.json"

/** The app's data folder (Electron's userData for the product name; the CLI's default too). */
export function defaultDataDir(): string {
  return appDataDir()
}

export interface ServicesOptions {
  dbPath: string
  /** Defaults to resources/packs/hr-core.json (see resolvePackPath). */
  packPath?: string
  migrationsDir?: string
  /**
   * The packaged app's resources folder (Electron's process.resourcesPath, passed by
   * src-main/electron/ only when app.isPackaged): the migrations and the rule pack are read from
   * there (electron-builder.yml ships them as extraResources). Unset in development, tests, the
   * CLI and the browser host, which use the repository's resources/.
   */
  packagedResourcesDir?: string
  clock?: () => Date
  /** Settings that win over the stored ones for the engine (e.g. no deliberate pause in tests). */
  settingsOverrides?: Partial<Pick<Settings, "deliberatePauseMs">>
  /** Runs at once per host; one more ends in ERROR CAPACITY. */
  maxConcurrentRuns?: number
  /** Where failures no caller can be told about are reported. */
  onBackgroundError?(context: string, error: unknown): void
}

export interface Services {
  /** The folder holding the database (and the installation's signing key). */
  readonly dataDir: string
  readonly pack: LoadedPack
  readonly store: Store
  readonly traces: TraceService
  readonly clients: ClientsRepository
  readonly settings: SettingsRepository
  readonly runs: LiveRuns
  readonly events: EventBus<ReasoningEvent>
  readonly exports: ExportJobs
  /** Published after the settings were changed (e.g. the updater re-reads its policy). */
  readonly settingsChanged: EventBus<Settings>
  /** Every main -> page push, for the hosts to forward. */
  readonly pushes: PushSources
  /** Settles once the engine thread has started and loaded the pack (a failure is reported, not thrown). */
  readonly engineReady: Promise<void>
  /** Where failures of background work (runs, exports, what-if runs) are reported. */
  reportBackgroundError(context: string, error: unknown): void
  /** Lets running runs end or suspend, then closes the database. Safe to call twice. */
  close(): Promise<void>
}

/** FISKAI_PAUSE_MS=0 (tests, benches) turns the deliberate pause off whatever the settings say. */
export function settingsOverridesFromEnv(env: NodeJS.ProcessEnv): ServicesOptions["settingsOverrides"] {
  const raw = env["FISKAI_PAUSE_MS"]
  if (raw === undefined || raw === "") return {}
  const pause = Number(raw)
  if (!Number.isInteger(pause) || pause < 0 || pause > 5000) throw new Error(`FISKAI_PAUSE_MS must be 0..5000, got ${raw}`)
  return { deliberatePauseMs: pause }
}

/**
 * A file under the repository's resources/, found by walking up from this module (src-main/ in
 * development and tests, out/main/ or a chunk folder below it in a build run from the repository).
 * A packaged app passes its resources folder explicitly instead (packagedResourcesDir).
 */
export function findResource(relativePath: string): string | null {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let depth = 0; depth < 5; depth += 1) {
    const candidate = join(dir, "resources", relativePath)
    if (existsSync(candidate)) return candidate
    dir = resolve(dir, "..")
  }
  return null
}

/** The rule pack: an explicit path, else FISKAI_PACK, else the packaged app's packs/hr-core.json,
 *  else the repository's resources/packs/hr-core.json. */
export function resolvePackPath(
  explicit?: string,
  env: NodeJS.ProcessEnv = process.env,
  packagedResourcesDir?: string,
): string {
  if (explicit) return explicit
  if (env["FISKAI_PACK"]) return env["FISKAI_PACK"]
  if (packagedResourcesDir) return join(packagedResourcesDir, "packs", PACK_FILE_NAME)
  const found = findResource(join("packs", PACK_FILE_NAME))
  if (found === null) throw new Error(`rule pack ${PACK_FILE_NAME} not found (set FISKAI_PACK to its path)`)
  return found
}

/** The migrations the app ships: an explicit folder, else the packaged app's migrations/ (never
 *  a folder found elsewhere: a packaged app must not migrate with files it did not ship), else
 *  the repository's resources/migrations. */
export function resolveMigrationsDir(explicit?: string, packagedResourcesDir?: string): string | undefined {
  if (explicit) return explicit
  if (packagedResourcesDir) return join(packagedResourcesDir, "migrations")
  const journal = findResource(join("migrations", "meta", "_journal.json"))
  return journal === null ? undefined : dirname(dirname(journal))
}

export function createServices(options: ServicesOptions): Services {
  const pack = loadPackFile(resolvePackPath(options.packPath, process.env, options.packagedResourcesDir))
  const migrationsDir = resolveMigrationsDir(options.migrationsDir, options.packagedResourcesDir)
  const store = openStore({
    path: options.dbPath,
    ...(migrationsDir === undefined ? {} : { migrationsDir }),
    ...(options.clock === undefined ? {} : { clock: options.clock }),
  })
  const report = options.onBackgroundError ?? ((context, error) => console.error(`[${context}]`, error))
  const overrides = options.settingsOverrides ?? {}
  let traces: TraceService | null = null
  const engineDefaults = {
    gate: createConcurrencyGate(options.maxConcurrentRuns ?? 4),
    // A getter: the TraceService reads it per run, so a changed setting applies to the next run.
    get deliberatePauseMs(): number {
      return overrides.deliberatePauseMs ?? traces?.settings.get().deliberatePauseMs ?? 0
    },
  }
  // The engine runs on a thread of its own: the main process stays free for the window, and a
  // run's stages are computed while the ones before them are being stored.
  const engineThread = new EngineThread()
  // Started now, so that the first question does not wait for the thread and its pack; a pack
  // the thread cannot load is reported at once (runs then fail with the same reason).
  const engineReady = engineThread.warmUp(pack).catch((error: unknown) => {
    if (closing === null) report("engine thread", error)
  })
  traces = new TraceService({ store, engine: engineThread.engine, pack, engineDefaults })
  const events = createEventBus<ReasoningEvent>((error) => report("event subscriber", error))
  const runs = new LiveRuns({
    traces,
    clients: traces.clients,
    events,
    onBackgroundError: (requestId, error) => report(`run ${requestId}`, error),
  })
  const exportProgress = createEventBus<ExportProgress>((error) => report("export subscriber", error))
  const dataDir = dirname(resolve(options.dbPath))
  const exports = new ExportJobs({ dbPath: resolve(options.dbPath), dataDir, progress: exportProgress, onBackgroundError: report })
  let closing: Promise<void> | null = null
  return {
    dataDir,
    pack,
    store,
    traces,
    clients: traces.clients,
    settings: traces.settings,
    runs,
    events,
    exports,
    settingsChanged: createEventBus<Settings>((error) => report("settings subscriber", error)),
    pushes: { reasoningEvent: events, exportProgress },
    engineReady,
    reportBackgroundError: report,
    close() {
      closing ??= Promise.all([runs.settled(), exports.stopAll()])
        .then(() => engineThread.close())
        .then(() => store.close())
      return closing
    },
  }
}
