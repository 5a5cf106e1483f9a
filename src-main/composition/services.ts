import { resolve } from "node:path"
import type { ReasoningEvent } from "../../src-shared/events/event"
import type { ExportProgress } from "../../src-shared/export"
import type { ModelThought } from "../../src-shared/model-provider"
import type { Settings } from "../../src-shared/settings"
import type { FirmView } from "../../src-shared/firm"
import { FirmService } from "../firm/firm-service"
import { createConcurrencyGate } from "../engine/concurrency-gate"
import { EngineThread } from "../engine-thread/engine-thread"
import { ExportJobs } from "../export/export-jobs"
import { LiveRuns } from "../runs/live-runs"
import { createEventBus, type EventBus } from "../util/event-bus"
import type { JobEnded } from "../../src-shared/job-notice"
import type { PushSources } from "../ipc/pushes"
import { packInForce } from "../packs/pack-in-force"
import { loadPackFile, type LoadedPack } from "../knowledge/loader"
import type { ClientsRepository } from "../store/clients-repo"
import { FlagsRepository } from "../store/flags-repo"
import { buildAnswerWithReasoning } from "../engine/pipeline"
import { RunService, type RunServiceOptions } from "../runs/run-service"
import { ModelProvider } from "../model/model-provider"
import { SecretStore, type SecretCipher } from "../secrets/secret-store"
import { WhatIfService } from "../runs/whatif-service"
import { SettingsRepository } from "../store/settings-repo"
import { openStore, type OpenStoreOptions, type Store } from "../store/store"
import { resolveRuntime, type Runtime, type RuntimeOptions } from "./runtime"

// The composition root every host uses (the Electron main, the browser host, the CLI, tests):
// from the runtime settings (runtime.ts) it builds the store (migrated, interrupted runs marked),
// the rule pack, the engine, the run service with its limits, the what-if service, live runs
// and the event buses. Nothing here imports electron.

export { APP_NAME, DATABASE_FILE_NAME, defaultDataDir } from "./runtime"

export interface ServicesOptions extends RuntimeOptions {
  clock?: () => Date
  /**
   * Where the engine computes: "thread" (the app and the browser host: the main process stays
   * free for the window, and a run's stages are computed while the ones before them are stored)
   * or "inline" (the CLI: one run per process, no thread to start).
   */
  engine?: "thread" | "inline"
  /** See OpenStoreOptions: the trace commands inspect a damaged file read-only. */
  ifDamaged?: OpenStoreOptions["ifDamaged"]
  /** Where failures no caller can be told about are reported. */
  onBackgroundError?(context: string, error: unknown): void
  /** The pack, already loaded by the caller (instead of loading the one at packPath). */
  pack?: LoadedPack
  /** The OS keychain (Electron's safeStorage); absent (browser host, tests): secrets are refused. */
  secretCipher?: SecretCipher
}

export interface Services {
  /** The folder holding the database (and the installation's signing key). */
  readonly dataDir: string
  readonly pack: LoadedPack
  readonly store: Store
  readonly traces: RunService
  /** What-if runs, their diffs and saved scenarios (runs through `traces`, like any run). */
  readonly whatif: WhatIfService
  readonly clients: ClientsRepository
  readonly settings: SettingsRepository
  /** Reports on answers (wrong, unclear) and the reviewers' decisions (issue 19). */
  readonly flags: FlagsRepository
  readonly runs: LiveRuns
  readonly events: EventBus<ReasoningEvent>
  readonly exports: ExportJobs
  /** The firm connection (issue 25): link, unlink, status and the background sync while linked. */
  readonly firm: FirmService
  /** The optional local model (issue 24): its settings, connection test and live thoughts; off by default. */
  readonly model: ModelProvider
  /** Published after the settings were changed (e.g. the updater re-reads its policy). */
  readonly settingsChanged: EventBus<Settings>
  /** Long jobs (exports, shadow runs) that ended, for a notice when the window is in the background (issue 23). */
  readonly jobsEnded: EventBus<JobEnded>
  /** Every main -> page push, for the hosts to forward. */
  readonly pushes: PushSources
  /** Settles once the engine thread has started and loaded the pack (a failure is reported, not thrown). */
  readonly engineReady: Promise<void>
  /**
   * Reads the pack in force again (after a publication or an import): new runs answer with it,
   * runs in flight keep theirs. Resolves with the pack now in force, once the engine thread has
   * it with its indexes built: questions asked until then answer with the previous version
   * (their traces say which), so none waits for the new pack's indexes (issue 19).
   */
  reloadPack(): Promise<LoadedPack>
  /** Where failures of background work (runs, exports, what-if runs) are reported. */
  reportBackgroundError(context: string, error: unknown): void
  /** Lets running runs end or suspend, then closes the database. Safe to call twice. */
  close(): Promise<void>
}

/** The buses of the long jobs: an export's progress, and every job's end (for the background notices). */
function jobBuses(report: (context: string, error: unknown) => void) {
  return {
    exportProgress: createEventBus<ExportProgress>((error) => report("export subscriber", error)),
    jobsEnded: createEventBus<JobEnded>((error) => report("job-ended subscriber", error)),
  }
}

export function createServices(options: ServicesOptions): Services {
  const runtime = resolveRuntime(options)
  const report = options.onBackgroundError ?? ((context, error) => console.error(`[${context}]`, error))
  const threaded = (options.engine ?? "thread") === "thread"
  // A host loads the pack at once (its engine thread warms up with it); the CLI only when a
  // command starts a run, so that `fiskai traces` reads a database whatever FISKAI_PACK says.
  const given = options.pack
  const store = openStore({
    path: runtime.dbPath,
    ...(runtime.migrationsDir === undefined ? {} : { migrationsDir: runtime.migrationsDir }),
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    ...(options.ifDamaged === undefined ? {} : { ifDamaged: options.ifDamaged }),
  })
  // The app's pack file, or a newer version published in this database (packs/pack-in-force.ts).
  // The file does not change while the app runs: read once, not at every publication's reload.
  const bundled = lazy(() => loadPackFile(runtime.packPath))
  const inForce = () => given ?? packInForce(store, bundled()).pack
  let current = lazy(inForce)
  const pack = () => current()
  if (threaded) pack()
  const settings = new SettingsRepository(store)
  const engineDefaults = runLimits(runtime, settings)
  const engineThread = threaded ? new EngineThread() : null
  let closing: Promise<void> | null = null
  // Started now, so that the first question does not wait for the thread and its pack; a pack
  // the thread cannot load is reported at once (runs then fail with the same reason).
  const engineReady = (engineThread?.warmUp(pack()) ?? Promise.resolve()).catch((error: unknown) => {
    if (closing === null) report("engine thread", error)
  })
  const { dataDir, secrets, model } = deskServices(runtime.dataDir, options.secretCipher, settings, report)
  const traces = new RunService({
    store,
    engine: engineThread?.engine ?? buildAnswerWithReasoning,
    ...(engineThread === null ? {} : { counterfactualEngine: engineThread.counterfactualEngine }),
    pack,
    engineDefaults,
    ...(threaded ? { model: () => model.companionForRun() } : {}),
  })
  const whatif = new WhatIfService({ store, traces, currentPack: pack })
  const events = createEventBus<ReasoningEvent>((error) => report("event subscriber", error))
  const runs = new LiveRuns({
    traces,
    clients: traces.clients,
    events,
    onBackgroundError: (requestId, error) => report(`run ${requestId}`, error),
  })
  const { exportProgress, jobsEnded } = jobBuses(report)
  const { firm, firmChanged } = firmConnection(store, secrets, threaded, report, () => (current = lazy(inForce)))
  const exports = new ExportJobs({ dbPath: resolve(runtime.dbPath), dataDir, progress: exportProgress, ended: jobsEnded, onBackgroundError: report })
  return {
    dataDir,
    get pack() {
      return pack()
    },
    store,
    traces,
    whatif,
    clients: traces.clients,
    settings: traces.settings,
    flags: new FlagsRepository(store),
    runs,
    events,
    exports,
    firm,
    model,
    settingsChanged: createEventBus<Settings>((error) => report("settings subscriber", error)),
    jobsEnded,
    pushes: { "runs.event": events, "exports.progress": exportProgress, "model.thought": model.thoughts, "firm.changed": firmChanged },
    engineReady,
    async reloadPack() {
      const next = inForce()
      // A pack the engine thread cannot load is reported; new runs still switch to it and fail
      // with the same reason, as at start.
      await engineThread?.warmUp(next).catch((error: unknown) => report("engine thread", error))
      current = () => next
      return next
    },
    reportBackgroundError: report,
    close() {
      // The firm's sync first: it reads the database that is closed last.
      closing ??= firm
        .stop()
        .then(() => Promise.all([runs.settled(), traces.settled(), exports.stopAll()]))
        .then(() => engineThread?.close())
        .then(() => store.close())
      return closing
    },
  }
}

/**
 * The limits every run is driven with: the host's capacity gate, and the stage time limit and
 * deliberate pause from the settings. Getters: the run service reads them per run, so a changed
 * setting applies to the next run.
 */
function runLimits(runtime: Runtime, settings: SettingsRepository): RunServiceOptions["engineDefaults"] {
  const overrides = runtime.settingsOverrides
  return {
    gate: createConcurrencyGate(runtime.maxConcurrentRuns),
    get deliberatePauseMs(): number {
      return overrides.deliberatePauseMs ?? settings.get().deliberatePauseMs
    },
    get stageTimeoutMs(): number {
      return overrides.stageTimeoutMs ?? settings.get().stageTimeoutMs
    },
  }
}

/** A host without a keychain: every attempt to keep a secret is refused (SecretStore says so). */
const NO_KEYCHAIN: SecretCipher = {
  available: () => false,
  seal: () => {
    throw new Error("no keychain")
  },
  open: () => {
    throw new Error("no keychain")
  },
}

/**
 * The data folder, the desk's secrets and the local model (issue 24). Only the hosts' questions get
 * the model from its settings (the run service's `model`); the CLI gives its own (`fiskai ask --model`).
 */
function deskServices(folder: string | null, cipher: SecretCipher | undefined, settings: SettingsRepository, report: (context: string, error: unknown) => void) {
  const dataDir = folder ?? process.cwd()
  const secrets = new SecretStore(dataDir, cipher ?? NO_KEYCHAIN)
  return { dataDir, secrets, model: modelProvider(folder, secrets, settings, report) }
}

function modelProvider(dataDir: string | null, secrets: SecretStore, settings: SettingsRepository, report: (context: string, error: unknown) => void): ModelProvider {
  return new ModelProvider({
    dataDir,
    secrets,
    thoughts: createEventBus<ModelThought>((error) => report("model thought subscriber", error)),
    locale: () => {
      try {
        return settings.get().locale
      } catch {
        return "hr"
      }
    },
    onError: (error) => report("local model", error),
  })
}

/**
 * The firm connection (issue 25); the hosts sync in the background while linked, the CLI only when
 * told. `onPacksAdopted`: a pack version another desk published came down and is now the newest
 * stored (firm/firm-packs.ts), so the app reads its pack in force again at the next question.
 */
function firmConnection(
  store: Store,
  secrets: SecretStore,
  background: boolean,
  report: (context: string, error: unknown) => void,
  onPacksAdopted: () => void,
) {
  const firmChanged = createEventBus<FirmView>((error) => report("firm status subscriber", error))
  const firm = new FirmService({ sqlite: store.sqlite, store, secrets, onChange: (view) => firmChanged.publish(view), onPacksAdopted })
  if (background) firm.start()
  return { firm, firmChanged }
}

function lazy<T>(make: () => T): () => T {
  let made: { value: T } | null = null
  return () => (made ??= { value: make() }).value
}
