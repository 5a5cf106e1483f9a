import { useCallback, useEffect, useState } from "react"
import type { InheritedPart } from "../../../src-shared/events/payloads"
import type { MentionChoice } from "../../../src-shared/thread-mentions"
import type { ThreadDetail } from "../../../src-shared/threads"
import { ApiError, call } from "../../api/client"
import { useI18n } from "../../i18n/i18n-context"
import { selectTerminal } from "../../reasoning/selectors"
import { useRuns, useStores } from "../../state/stores"

// One thread as its screen needs it: the stored detail (turns, checkpoint, a paused question),
// asking in it, going on with or dropping a paused question, and the run now on its way (followed
// on runs.event like any run; the detail is read again once it ends or waits for an answer).

export type ThreadLoad = { state: "loading" } | { state: "ready" } | { state: "not-found" } | { state: "failed"; message: string }

export function useThread(threadId: string) {
  const { api } = useStores()
  const { locale } = useI18n()
  const [detail, setDetail] = useState<ThreadDetail | null>(null)
  const [load, setLoad] = useState<ThreadLoad>({ state: "loading" })
  const [activeRun, setActiveRun] = useState<string | null>(null)

  const reload = useCallback(async () => {
    try {
      setDetail(await call("threads.get", { id: threadId }, api))
      setLoad({ state: "ready" })
    } catch (e) {
      if (e instanceof ApiError && e.code === "NOT_FOUND") setLoad({ state: "not-found" })
      else setLoad({ state: "failed", message: e instanceof Error ? e.message : String(e) })
    }
  }, [api, threadId])

  useEffect(() => {
    void reload()
  }, [reload])

  useRefreshWhenRunStops(activeRun, reload)

  async function ask(question: string, options: { dropped?: InheritedPart[]; documents?: MentionChoice[] } = {}) {
    const result = await call("threads.ask", { threadId, question, locale, ...options }, api)
    if ("requestId" in result) setActiveRun(result.requestId)
    await reload()
  }

  async function resume(choices: MentionChoice[]) {
    const turn = await call("threads.resume", { id: threadId, choices }, api)
    setActiveRun(turn.requestId)
    await reload()
  }

  async function dismiss() {
    await call("threads.dismiss", { id: threadId }, api)
    await reload()
  }

  // A turn still running when the screen opened (asked before a reload) is followed too.
  const lastTurn = detail?.turns.at(-1)
  const running = activeRun ?? (lastTurn?.status === "running" || lastTurn?.status === "awaiting_input" ? lastTurn.requestId : null)
  return { detail, load, reload, ask, resume, dismiss, activeRun: running }
}

/**
 * Reads the thread again once its run ends (its headline and how the question was read are stored
 * then) or stops to wait for the user's answer (the turn then says so instead of "running").
 */
function useRefreshWhenRunStops(requestId: string | null, reload: () => Promise<void>) {
  const snapshot = useRuns()
  const run = requestId === null ? undefined : snapshot.runs[requestId]
  const stopped = run !== undefined && (selectTerminal(run.events) !== undefined || run.events.at(-1)?.status === "awaiting_input")
  useEffect(() => {
    if (stopped) void reload()
  }, [stopped, reload])
}
