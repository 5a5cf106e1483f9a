import type { ShadowEntry, ShadowSkipReason } from "../../src-shared/shadow"

// What the shadow's coordinator and its worker threads say to each other. Pages of trace ids go
// out, each page's findings come back. Stop and Pause are flags in shared memory that a worker
// reads between two runs (a message would wait until the worker's page is done).

export interface ShadowWorkerData {
  dbPath: string
  /** The candidate pack, loaded (validated) by the coordinator: its canonical JSON and hash. */
  candidate: PackText
  /** The baseline pack, likewise; null: each run's recorded answer. */
  baseline: PackText | null
  /** Int32Array over it: [STOP_INDEX] 1 stops; [PAUSE_INDEX] 1 pauses (the app is answering a question). */
  control: SharedArrayBuffer
}

/** A pack the coordinator validated, as the worker rebuilds it without validating it again (packs/validated-pack.ts). */
export interface PackText {
  canonicalJson: string
  hash: string
}

export type ToShadowWorker = { type: "page"; page: number; ids: number[] }

/** What one page of runs came to. */
export interface PageResult {
  /** Runs looked at (fewer than the page's when Stop came in the middle of it). */
  done: number
  /** Runs compared, by client id ("" for runs without a client). */
  runsByClient: Record<string, number>
  entries: ShadowEntry[]
  skipped: Partial<Record<ShadowSkipReason, number>>
  failures: { requestId: string; message: string }[]
}

export type FromShadowWorker =
  | { type: "page-done"; page: number; result: PageResult }
  /** The worker cannot work at all (e.g. its packs or the database cannot be opened). */
  | { type: "failed"; message: string }

export const STOP_INDEX = 0
export const PAUSE_INDEX = 1
export const CONTROL_FLAGS = 2
