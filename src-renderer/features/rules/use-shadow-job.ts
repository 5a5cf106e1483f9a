import { useCallback, useEffect, useRef, useState } from "react"
import type { ShadowJob } from "../../../src-shared/rule-changes"
import { shadowJobEnded } from "../../../src-shared/job-notice"
import { call } from "../../api/client"
import { announceJobEnded } from "../../components/job-ended-signal"
import { useI18n } from "../../i18n/i18n-context"
import { useStores } from "../../state/stores"

// One shadow run of a change in review, as the screen follows it: started, its progress read
// a few times a second while it runs, stopped on request (the report then covers the runs done).

export const SHADOW_POLL_MS = 250

export interface ShadowJobControl {
  job: ShadowJob | null
  error: string | null
  /** Starts a run over every stored answer, or over those of the chosen clients. */
  start(clientIds?: readonly string[]): void
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
  useAnnounceEnd(job)
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

  const start = useCallback(
    (clientIds?: readonly string[]) => {
      setError(null)
      const chosen = clientIds === undefined ? {} : { clientIds: [...clientIds] }
      call("rules.shadowStart", { changeId, locale, ...chosen }, api).then(
        (next) => alive.current && setJob(next),
        (e: unknown) => alive.current && setError(e instanceof Error ? e.message : String(e)),
      )
    },
    [api, changeId, locale],
  )

  const stop = useCallback(() => {
    if (jobId === null) return
    call("rules.shadowStop", { jobId }, api).then(
      (next) => alive.current && setJob(next),
      (e: unknown) => alive.current && setError(e instanceof Error ? e.message : String(e)),
    )
  }, [api, jobId])

  return { job, error, start, stop }
}

/** The run's end, once, for the background notice (issue 23): the user may have turned to other work. */
function useAnnounceEnd(job: ShadowJob | null): void {
  const seenRunning = useRef<string | null>(null)
  useEffect(() => {
    if (job === null) return
    if (job.state === "running") {
      seenRunning.current = job.jobId
      return
    }
    const ended = shadowJobEnded(job)
    if (seenRunning.current !== job.jobId || ended === null) return
    seenRunning.current = null
    announceJobEnded(ended)
  }, [job])
}
