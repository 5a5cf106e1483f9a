import { useCallback, useEffect, useRef, useState } from "react"
import type { ShadowJob } from "../../../src-shared/rule-changes"
import { call } from "../../api/client"
import { useI18n } from "../../i18n/i18n-context"
import { useStores } from "../../state/stores"

// One shadow run of a change in review, as the screen follows it: started, its progress read
// a few times a second while it runs, stopped on request (the report then covers the runs done).

export const SHADOW_POLL_MS = 250

export interface ShadowJobControl {
  job: ShadowJob | null
  error: string | null
  start(): void
  stop(): void
}

export function useShadowJob(changeId: string): ShadowJobControl {
  const { api } = useStores()
  const { locale } = useI18n()
  const [job, setJob] = useState<ShadowJob | null>(null)
  const [error, setError] = useState<string | null>(null)
  const alive = useRef(true)
  useEffect(() => {
    alive.current = true
    return () => {
      alive.current = false
    }
  }, [])

  const running = job?.state === "running"
  const jobId = job?.jobId ?? null
  useEffect(() => {
    if (!running || jobId === null) return
    const timer = setInterval(() => {
      call("rules.shadowStatus", { jobId }, api).then(
        (next) => alive.current && setJob(next),
        (e: unknown) => alive.current && setError(e instanceof Error ? e.message : String(e)),
      )
    }, SHADOW_POLL_MS)
    return () => clearInterval(timer)
  }, [api, running, jobId])

  const start = useCallback(() => {
    setError(null)
    call("rules.shadowStart", { changeId, locale }, api).then(
      (next) => alive.current && setJob(next),
      (e: unknown) => alive.current && setError(e instanceof Error ? e.message : String(e)),
    )
  }, [api, changeId, locale])

  const stop = useCallback(() => {
    if (jobId === null) return
    call("rules.shadowStop", { jobId }, api).then(
      (next) => alive.current && setJob(next),
      (e: unknown) => alive.current && setError(e instanceof Error ? e.message : String(e)),
    )
  }, [api, jobId])

  return { job, error, start, stop }
}
