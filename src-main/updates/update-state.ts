import type { DisabledSource } from "./policy"

// What the update service is doing, as one value the UI (dialog, menu, a future banner) renders.

/** Policy sources, plus an updater that declines to run for this kind of install. */
export type UpdateDisabledSource = DisabledSource | "updater-inactive"

export type UpdateState =
  | { readonly status: "idle" }
  | { readonly status: "checking" }
  | { readonly status: "available"; readonly version: string; readonly notes: string }
  | { readonly status: "not-available" }
  | { readonly status: "downloading"; readonly version: string; readonly percent: number }
  | { readonly status: "downloaded"; readonly version: string }
  /** `offline` errors are expected on machines that are offline for weeks: show them quietly. */
  | { readonly status: "error"; readonly message: string; readonly offline: boolean }
  | { readonly status: "disabled"; readonly source: UpdateDisabledSource; readonly reason: string }

export type UpdateStatus = UpdateState["status"]

export type UpdateStateListener = (state: UpdateState) => void
