import type { DownloadProgressListener, UpdaterBackend } from "./backend"
import type { UpdatePolicyDecision } from "./policy"
import { displayVersion, releaseNotesText } from "./release-notes"
import { describeUpdateError } from "./update-errors"
import type { UpdateState, UpdateStateListener } from "./update-state"
import { realTimers, type CancelTimer, type Timers } from "./timers"

// The update service: asks the feed a while after start and then periodically, tells listeners
// what it found, and downloads or installs only when asked to (by the user, through the UI).
// Policy is re-evaluated before every network action, so a setting, environment variable or
// policy file that turns updates off takes effect at the next step, not the next start.

export const DEFAULT_INITIAL_DELAY_MS = 60_000
export const DEFAULT_INTERVAL_MS = 6 * 60 * 60 * 1000

export interface UpdateServiceOptions {
  readonly backend: UpdaterBackend
  readonly resolvePolicy: () => Promise<UpdatePolicyDecision>
  readonly timers?: Timers
  readonly initialDelayMs?: number
  readonly intervalMs?: number
}

export interface UpdateService {
  readonly state: UpdateState
  /** Calls the listener on every change; returns the unsubscribe function. */
  subscribe(listener: UpdateStateListener): () => void
  /** Shows "disabled" at once when policy says so, and schedules the first and periodic checks. */
  start(): Promise<UpdateState>
  stop(): void
  /** Re-evaluates the policy without touching the network (e.g. after a settings change). */
  refreshPolicy(): Promise<UpdateState>
  check(): Promise<UpdateState>
  download(): Promise<UpdateState>
  /** Quits and installs a downloaded update; false when there is none or policy forbids it. */
  quitAndInstall(): Promise<boolean>
}

export function createUpdateService(options: UpdateServiceOptions): UpdateService {
  const { backend } = options
  const timers = options.timers ?? realTimers
  const initialDelayMs = options.initialDelayMs ?? DEFAULT_INITIAL_DELAY_MS
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS

  // The user decides when to download and when to restart; a feed never rolls an install back.
  backend.autoDownload = false
  backend.autoInstallOnAppQuit = false
  backend.allowDowngrade = false

  const cell = createStateCell()
  const steps: Steps = { backend, cell, policy: () => evaluatePolicy(options.resolvePolicy) }
  let checking: Promise<UpdateState> | null = null
  let downloading: Promise<UpdateState> | null = null
  let cancelTimer: CancelTimer | null = null
  let started = false

  function scheduleNext(delayMs: number): void {
    cancelTimer = timers.schedule(() => {
      cancelTimer = null
      // A failed check is already in the state; the next period simply tries again.
      void service.check().finally(() => {
        if (started) scheduleNext(intervalMs)
      })
    }, delayMs)
  }

  const service: UpdateService = {
    get state() {
      return cell.get()
    },
    subscribe: cell.subscribe,
    async start() {
      if (started) return cell.get()
      started = true
      scheduleNext(initialDelayMs)
      return service.refreshPolicy()
    },
    stop() {
      started = false
      cancelTimer?.()
      cancelTimer = null
    },
    refreshPolicy: () => refreshPolicy(steps),
    check() {
      if (checking) return checking
      const state = cell.get()
      if (state.status === "downloading" || state.status === "downloaded") return Promise.resolve(state)
      checking = runCheck(steps).finally(() => {
        checking = null
      })
      return checking
    },
    download() {
      if (downloading) return downloading
      const state = cell.get()
      if (state.status !== "available") return Promise.resolve(state)
      downloading = runDownload(steps, state.version).finally(() => {
        downloading = null
      })
      return downloading
    },
    async quitAndInstall() {
      if (cell.get().status !== "downloaded") return false
      if (!(await allowed(steps))) return false
      backend.quitAndInstall(false, true)
      return true
    },
  }
  return service
}

// The steps below are the service's work, apart from its scheduling and its guards against
// running twice (createUpdateService): each reads and sets the state only through the cell.

/** The current state and who hears of its changes. */
interface StateCell {
  get(): UpdateState
  /** Sets the state and tells every listener; returns the new state. */
  set(next: UpdateState): UpdateState
  subscribe(listener: UpdateStateListener): () => void
}

function createStateCell(): StateCell {
  let state: UpdateState = { status: "idle" }
  const listeners = new Set<UpdateStateListener>()
  return {
    get: () => state,
    set(next) {
      state = next
      for (const listener of [...listeners]) {
        try {
          listener(next)
        } catch {
          // A failing listener must not stop the others or the service.
        }
      }
      return next
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

interface Steps {
  readonly backend: UpdaterBackend
  readonly cell: StateCell
  /** The policy now; never throws (evaluatePolicy). */
  readonly policy: () => Promise<UpdatePolicyDecision>
}

/** A policy that cannot be evaluated turns updates off: the service fails closed. */
async function evaluatePolicy(
  resolvePolicy: () => Promise<UpdatePolicyDecision>,
): Promise<UpdatePolicyDecision> {
  try {
    return await resolvePolicy()
  } catch (error) {
    const reason = `the update policy could not be evaluated: ${describeUpdateError(error).message}`
    return { enabled: false, source: "policy-file", reason }
  }
}

/** Applies a disabling decision; returns true when updates may proceed. */
async function allowed({ cell, policy }: Steps): Promise<boolean> {
  const decision = await policy()
  if (decision.enabled) return true
  cell.set({ status: "disabled", source: decision.source, reason: decision.reason })
  return false
}

/** Re-evaluates the policy without the network: "disabled" follows it, other states stay. */
async function refreshPolicy({ cell, policy }: Steps): Promise<UpdateState> {
  const decision = await policy()
  if (!decision.enabled)
    return cell.set({ status: "disabled", source: decision.source, reason: decision.reason })
  return cell.get().status === "disabled" ? cell.set({ status: "idle" }) : cell.get()
}

async function runCheck(steps: Steps): Promise<UpdateState> {
  const { backend, cell } = steps
  if (!(await allowed(steps))) return cell.get()
  cell.set({ status: "checking" })
  try {
    const result = await backend.checkForUpdates()
    if (result === null) {
      return cell.set({
        status: "disabled",
        source: "updater-inactive",
        reason: "the updater does not run for this kind of installation",
      })
    }
    if (!result.isUpdateAvailable) return cell.set({ status: "not-available" })
    return cell.set({
      status: "available",
      version: displayVersion(result.updateInfo),
      notes: releaseNotesText(result.updateInfo),
    })
  } catch (error) {
    return cell.set({ status: "error", ...describeUpdateError(error) })
  }
}

async function runDownload(steps: Steps, version: string): Promise<UpdateState> {
  const { backend, cell } = steps
  if (!(await allowed(steps))) return cell.get()
  const onProgress: DownloadProgressListener = (progress) => {
    const percent = Math.max(0, Math.min(100, Math.floor(progress.percent)))
    if (cell.get().status === "downloading") cell.set({ status: "downloading", version, percent })
  }
  cell.set({ status: "downloading", version, percent: 0 })
  backend.on("download-progress", onProgress)
  try {
    await backend.downloadUpdate()
    return cell.set({ status: "downloaded", version })
  } catch (error) {
    return cell.set({ status: "error", ...describeUpdateError(error) })
  } finally {
    backend.off("download-progress", onProgress)
  }
}
