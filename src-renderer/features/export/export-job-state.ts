import type { ExportProgress } from "../../../src-shared/export"

// One audit export as the window follows it: started over IPC, then driven only by the
// `exports.progress` pushes of its job. Pure, so every transition is testable without a host.

/** Why an export did not produce a file, in the window's terms. */
export type ExportFailureReason = "empty" | "selection" | "rejected" | "unavailable" | "failed"

export type ExportJobState =
  | { kind: "idle" }
  /** startExport sent; pushes that arrive before its answer are kept until the job id is known. */
  | { kind: "starting"; early: ExportProgress[] }
  | { kind: "running"; jobId: string; progress: ExportProgress | null; cancelling: boolean }
  | { kind: "done"; jobId: string; outPath: string; bytes: number; traces: number }
  | { kind: "cancelled"; jobId: string }
  | { kind: "failed"; reason: ExportFailureReason; detail: string }

export type ExportJobAction =
  | { type: "start" }
  | { type: "started"; jobId: string }
  | { type: "startFailed"; reason: ExportFailureReason; detail: string }
  | { type: "progress"; progress: ExportProgress }
  | { type: "cancel" }
  | { type: "cancelFailed" }
  | { type: "reset" }

export const IDLE: ExportJobState = { kind: "idle" }

/** Bounded: a job id answer never takes more than a few pushes to arrive. */
const MAX_EARLY = 64

export function exportJobReducer(state: ExportJobState, action: ExportJobAction): ExportJobState {
  switch (action.type) {
    case "start":
      return state.kind === "starting" || state.kind === "running" ? state : { kind: "starting", early: [] }
    case "started": {
      if (state.kind !== "starting") return state
      const running: ExportJobState = {
        kind: "running",
        jobId: action.jobId,
        progress: null,
        cancelling: false,
      }
      return state.early.reduce(applyProgress, running)
    }
    case "startFailed":
      return state.kind === "starting"
        ? { kind: "failed", reason: action.reason, detail: action.detail }
        : state
    case "progress":
      if (state.kind === "starting")
        return { ...state, early: [...state.early, action.progress].slice(-MAX_EARLY) }
      return applyProgress(state, action.progress)
    case "cancel":
      return state.kind === "running" ? { ...state, cancelling: true } : state
    case "cancelFailed":
      return state.kind === "running" ? { ...state, cancelling: false } : state
    case "reset":
      return state.kind === "starting" || state.kind === "running" ? state : IDLE
  }
}

function applyProgress(state: ExportJobState, progress: ExportProgress): ExportJobState {
  if (state.kind !== "running" || progress.jobId !== state.jobId) return state
  const jobId = state.jobId
  switch (progress.phase) {
    case "done":
      return {
        kind: "done",
        jobId,
        outPath: progress.outPath ?? "",
        bytes: progress.bytes ?? 0,
        traces: progress.total,
      }
    case "cancelled":
      return { kind: "cancelled", jobId }
    case "failed":
      return { kind: "failed", reason: progress.errorKind ?? "failed", detail: progress.error ?? "" }
    default:
      return { ...state, progress }
  }
}

/** Share of the whole export written so far, 0..1, over all of the writer's passes. */
export function exportFraction(progress: ExportProgress | null): number {
  if (progress === null) return 0
  if (progress.phase === "done") return 1
  const passDone = progress.total === 0 ? 0 : Math.min(1, progress.done / progress.total)
  const steps = progress.steps ?? 1
  const step = Math.min(progress.step ?? 1, steps)
  return (step - 1 + passDone) / steps
}

/** True once every pass has written every trace: what remains is the manifest, signature and rename. */
export function isFinishing(progress: ExportProgress | null): boolean {
  if (progress === null || progress.phase !== "writing") return false
  const last = progress.step === undefined || progress.steps === undefined || progress.step >= progress.steps
  return last && progress.total > 0 && progress.done >= progress.total
}
