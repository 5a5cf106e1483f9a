import { useCallback, useEffect, useReducer } from "react"
import { ExportProgress, type ExportSelection } from "../../../src-shared/export"
import { ApiError, call } from "../../api/client"
import { useStores } from "../../state/stores"
import { exportJobReducer, IDLE, type ExportFailureReason, type ExportJobState } from "./export-job-state"

// Starts, follows and cancels one audit export. Progress pushes are checked against the contract
// here (the renderer's boundary for them) and reach the state only for this job's id.

export interface ExportJob {
  state: ExportJobState
  start(selection: ExportSelection, outPath: string): Promise<void>
  cancel(): Promise<void>
  reset(): void
}

function failureReason(error: unknown): ExportFailureReason {
  if (!(error instanceof ApiError)) return "failed"
  if (error.code === "UNAVAILABLE") return "unavailable"
  if (error.code === "BAD_INPUT") return "rejected"
  return "failed"
}

export function useExportJob(): ExportJob {
  const { api } = useStores()
  const [state, dispatch] = useReducer(exportJobReducer, IDLE)

  useEffect(
    () =>
      api.on("exports.progress", (raw) => {
        const parsed = ExportProgress.safeParse(raw)
        if (parsed.success) dispatch({ type: "progress", progress: parsed.data })
      }),
    [api],
  )

  const start = useCallback(
    async (selection: ExportSelection, outPath: string) => {
      dispatch({ type: "start" })
      try {
        const { jobId } = await call("exports.start", { selection, outPath }, api)
        dispatch({ type: "started", jobId })
      } catch (error) {
        dispatch({
          type: "startFailed",
          reason: failureReason(error),
          detail: error instanceof Error ? error.message : String(error),
        })
      }
    },
    [api],
  )

  const cancel = useCallback(async () => {
    if (state.kind !== "running" || state.cancelling) return
    dispatch({ type: "cancel" })
    try {
      await call("exports.cancel", { jobId: state.jobId }, api)
    } catch {
      // NOT_FOUND: the job ended meanwhile; its last push says how. Otherwise offer cancel again.
      dispatch({ type: "cancelFailed" })
    }
  }, [api, state])

  const reset = useCallback(() => dispatch({ type: "reset" }), [])
  return { state, start, cancel, reset }
}
