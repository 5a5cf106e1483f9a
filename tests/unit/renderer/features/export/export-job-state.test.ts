import { describe, expect, it } from "vitest"
import type { ExportProgress } from "../../../../../src-shared/export"
import {
  exportFraction,
  exportJobReducer,
  IDLE,
  isFinishing,
  type ExportJobAction,
  type ExportJobState,
} from "../../../../../src-renderer/features/export/export-job-state"

// The export as the window follows it, from the pushes of its own job only.

function writing(patch: Partial<ExportProgress> = {}): ExportProgress {
  return {
    jobId: "j1",
    phase: "writing",
    file: "events.jsonl",
    done: 0,
    total: 10,
    step: 1,
    steps: 4,
    ...patch,
  }
}

function run(actions: ExportJobAction[], from: ExportJobState = IDLE): ExportJobState {
  return actions.reduce(exportJobReducer, from)
}

describe("exportJobReducer", () => {
  it("keeps pushes that beat startExport's answer, and applies only those of its job", () => {
    const state = run([
      { type: "start" },
      { type: "progress", progress: writing({ done: 5 }) },
      { type: "progress", progress: writing({ jobId: "other", done: 9, step: 4 }) },
      { type: "started", jobId: "j1" },
    ])
    expect(state).toEqual({ kind: "running", jobId: "j1", progress: writing({ done: 5 }), cancelling: false })
  })

  it("ends in done with the file, in cancelled, or in failed with the host's reason", () => {
    const running = run([{ type: "start" }, { type: "started", jobId: "j1" }])
    expect(
      exportJobReducer(running, {
        type: "progress",
        progress: writing({ phase: "done", done: 10, outPath: "/x/a.zip", bytes: 99 }),
      }),
    ).toEqual({
      kind: "done",
      jobId: "j1",
      outPath: "/x/a.zip",
      bytes: 99,
      traces: 10,
    })
    expect(
      exportJobReducer(running, { type: "progress", progress: writing({ phase: "cancelled" }) }),
    ).toEqual({ kind: "cancelled", jobId: "j1" })
    expect(
      exportJobReducer(running, {
        type: "progress",
        progress: writing({ phase: "failed", errorKind: "empty", error: "the selection is empty" }),
      }),
    ).toEqual({
      kind: "failed",
      reason: "empty",
      detail: "the selection is empty",
    })
  })

  it("does not start twice, and cancel only marks a running job", () => {
    const running = run([{ type: "start" }, { type: "started", jobId: "j1" }])
    expect(exportJobReducer(running, { type: "start" })).toBe(running)
    expect(exportJobReducer(IDLE, { type: "cancel" })).toBe(IDLE)
    const cancelling = exportJobReducer(running, { type: "cancel" })
    expect(cancelling).toMatchObject({ kind: "running", cancelling: true })
    expect(exportJobReducer(cancelling, { type: "cancelFailed" })).toMatchObject({ cancelling: false })
    expect(exportJobReducer(running, { type: "reset" })).toBe(running)
  })

  it("turns a refused start into a failure with its reason", () => {
    expect(
      run([{ type: "start" }, { type: "startFailed", reason: "unavailable", detail: "no host" }]),
    ).toEqual({
      kind: "failed",
      reason: "unavailable",
      detail: "no host",
    })
  })
})

describe("exportFraction and isFinishing", () => {
  it("counts every pass of the bundle, not just the current one", () => {
    expect(exportFraction(null)).toBe(0)
    expect(exportFraction(writing({ done: 5 }))).toBe(0.125)
    expect(exportFraction(writing({ step: 3, done: 5 }))).toBe(0.625)
    expect(exportFraction(writing({ step: 4, done: 10 }))).toBe(1)
    // A host that does not say which pass: the pass is the whole export.
    expect(exportFraction(writing({ step: undefined, steps: undefined, done: 5 }))).toBe(0.5)
  })

  it("is finishing only when the last pass has written every trace", () => {
    expect(isFinishing(writing({ step: 4, done: 10 }))).toBe(true)
    expect(isFinishing(writing({ step: 3, done: 10 }))).toBe(false)
    expect(isFinishing(writing({ step: 4, done: 9 }))).toBe(false)
  })
})
