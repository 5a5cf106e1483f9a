import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type RefObject,
  type SetStateAction,
} from "react"
import { isTerminalStage } from "../../../src-shared/events/stages"
import type { AppliedChange, RerunOffer, WhatIfChange, WhatIfDiff } from "../../../src-shared/whatif"
import { call } from "../../api/client"
import { hasEnded, shownEvents, type RunStoreSnapshot } from "../../state/run-store"
import { useRuns, useStores } from "../../state/stores"

// One "What if…" combination on a base run: the changes (at most one per fact), the
// counterfactual they started (its events stream in through the shared run store), and once it
// ended, the diff against the base. Every new combination is a new counterfactual.

export interface UiChange {
  path: string
  change: WhatIfChange
}

export type Phase = "idle" | "running" | "done" | "needs_rerun" | "failed"

export interface CounterfactualState {
  changes: UiChange[]
  phase: Phase
  runId: string | null
  applied: AppliedChange[]
  rerun: RerunOffer | null
  diff: WhatIfDiff | null
  error: string | null
}

const IDLE: CounterfactualState = {
  changes: [],
  phase: "idle",
  runId: null,
  applied: [],
  rerun: null,
  diff: null,
  error: null,
}

export function useCounterfactual(baseRequestId: string) {
  const { api } = useStores()
  const runs = useRuns()
  const [state, setState] = useState<CounterfactualState>(IDLE)
  const token = useRef(0)

  const run = useCallback(
    async (changes: UiChange[]) => {
      const mine = ++token.current
      if (changes.length === 0) {
        setState(IDLE)
        return
      }
      setState({ ...IDLE, changes, phase: "running" })
      try {
        const result = await call(
          "whatif.run",
          { requestId: baseRequestId, changes: changes.map((c) => c.change) },
          api,
        )
        if (mine !== token.current) return
        if (result.status === "needs_rerun")
          setState({ ...IDLE, changes, phase: "needs_rerun", applied: result.applied, rerun: result.rerun })
        else
          setState({ ...IDLE, changes, phase: "running", runId: result.requestId, applied: result.applied })
      } catch (error) {
        if (mine === token.current)
          setState({
            ...IDLE,
            changes,
            phase: "failed",
            error: messageOf(error),
          })
      }
    },
    [api, baseRequestId],
  )

  /** Replaces any change to the same fact, then runs the new combination. */
  const change = useCallback(
    (next: UiChange) => void run([...state.changes.filter((c) => c.path !== next.path), next]),
    [run, state.changes],
  )
  const remove = useCallback(
    (path: string) => void run(state.changes.filter((c) => c.path !== path)),
    [run, state.changes],
  )
  const reset = useCallback(() => void run([]), [run])

  const rerunInFull = useCallback(async () => {
    const mine = ++token.current
    const changes = state.changes
    setState((s) => ({ ...s, phase: "running", error: null }))
    try {
      const { requestId } = await call(
        "whatif.rerun",
        { requestId: baseRequestId, changes: changes.map((c) => c.change) },
        api,
      )
      if (mine === token.current) setState((s) => ({ ...s, runId: requestId }))
    } catch (error) {
      if (mine === token.current)
        setState((s) => ({
          ...s,
          phase: "failed",
          error: messageOf(error),
        }))
    }
  }, [api, baseRequestId, state.changes])

  useDiffOnceEnded(baseRequestId, runs, state, setState, token)

  const events = state.runId === null ? [] : shownEvents(runs, state.runId)
  // The result appears once the stepper has shown the run's last stage, never ahead of it.
  const shown = events.some((e) => isTerminalStage(e.stage))
  return { state, events, shown, change, remove, reset, rerunInFull }
}

/** Once the counterfactual has ended, fetches its diff against the base (unless superseded). */
function useDiffOnceEnded(
  baseRequestId: string,
  runs: RunStoreSnapshot,
  state: CounterfactualState,
  setState: Dispatch<SetStateAction<CounterfactualState>>,
  token: RefObject<number>,
) {
  const { api } = useStores()
  const ended = state.runId !== null && hasEnded(runs, state.runId)
  useEffect(() => {
    if (!ended || state.runId === null || state.phase !== "running") return
    const mine = token.current
    const runId = state.runId
    call("whatif.compare", { baseRequestId, otherRequestId: runId }, api).then(
      (diff) => {
        if (mine === token.current) setState((s) => ({ ...s, phase: "done", diff }))
      },
      (error: unknown) => {
        if (mine === token.current)
          setState((s) => ({
            ...s,
            phase: "failed",
            error: messageOf(error),
          }))
      },
    )
  }, [ended, state.runId, state.phase, api, baseRequestId])
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
