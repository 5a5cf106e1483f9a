import { useEffect, useState } from "react"
import type { ScenarioDetail } from "../../../src-shared/whatif"
import { ApiError, call } from "../../api/client"
import { useStores } from "../../state/stores"

// Loads one saved scenario as stored (its traces, diff and re-checks); says when it does not exist.

export interface ScenarioDetailState {
  detail: ScenarioDetail | null
  /** Replaces the shown scenario after an action (rename, re-check) answered with its new state. */
  setDetail: (detail: ScenarioDetail) => void
  missing: boolean
  /** Why loading failed (other than not found). */
  error: string | null
}

export function useScenarioDetail(id: string): ScenarioDetailState {
  const { api } = useStores()
  const [detail, setDetail] = useState<ScenarioDetail | null>(null)
  const [missing, setMissing] = useState(false)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    call("scenarios.get", { id }, api).then(setDetail, (e: unknown) => {
      if (e instanceof ApiError && e.code === "NOT_FOUND") setMissing(true)
      else setError(e instanceof Error ? e.message : String(e))
    })
  }, [api, id])

  return { detail, setDetail, missing, error }
}
