import { useEffect, useRef, useState } from "react"
import type { DashboardMetrics, MetricsRequest } from "../../../src-shared/metrics"
import { call } from "../../api/client"
import { useStores } from "../../state/stores"

// The dashboard's figures for the chosen period, read again when the period changes. An answer
// to an earlier choice that arrives late is dropped.

export interface MetricsState {
  metrics: DashboardMetrics | null
  loading: boolean
  error: string | null
}

export function useDashboardMetrics(request: MetricsRequest): MetricsState {
  const { api } = useStores()
  const [state, setState] = useState<MetricsState>({ metrics: null, loading: true, error: null })
  const generation = useRef(0)
  const { days, bucket } = request
  useEffect(() => {
    const mine = ++generation.current
    setState((s) => ({ ...s, loading: true, error: null }))
    call("metrics.dashboard", { days, bucket }, api).then(
      (metrics) => {
        if (generation.current === mine) setState({ metrics, loading: false, error: null })
      },
      (e: unknown) => {
        if (generation.current === mine) setState({ metrics: null, loading: false, error: e instanceof Error ? e.message : String(e) })
      },
    )
  }, [days, bucket, api])
  return state
}
