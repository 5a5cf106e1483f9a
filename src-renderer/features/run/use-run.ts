import { useMemo } from "react"
import type { ReasoningEvent, TerminalEvent } from "../../../src-shared/events/event"
import type { ClarificationPayload, SourceSummary } from "../../../src-shared/events/payloads"
import type { RiskTier } from "../../../src-shared/events/stages"
import { selectClarificationRounds, type ClarificationRound } from "../../reasoning/clarifications"
import type { RunState } from "../../reasoning/run-reducer"
import {
  selectPendingClarification,
  selectRiskTier,
  selectSources,
  selectSteps,
  selectStreamState,
  selectTerminal,
  type StepView,
  type StreamState,
} from "../../reasoning/selectors"
import { shownEvents } from "../../state/run-store"
import { useNow, useRuns } from "../../state/stores"

// Everything a screen needs to show one run, derived from the events on screen.

export interface RunViewModel {
  run: RunState | undefined
  events: readonly ReasoningEvent[]
  steps: StepView[]
  streamState: StreamState
  terminal: TerminalEvent | undefined
  riskTier: RiskTier | null
  sources: SourceSummary[]
  /** The open question, if the run waits for the user. */
  clarification: ClarificationPayload | null
  /** Every clarification round so far, answered ones included. */
  clarificationRounds: ClarificationRound[]
}

export function useRun(requestId: string): RunViewModel {
  const snapshot = useRuns()
  const run = snapshot.runs[requestId]
  const events = shownEvents(snapshot, requestId)
  const storedStatus = run?.stored?.status ?? null
  const terminal = selectTerminal(events)
  // Stall detection needs a clock only while the run can still change.
  const now = useNow(1000, terminal === undefined)
  const derived = useMemo(
    () => ({
      steps: selectSteps(events, { interrupted: storedStatus === "interrupted" }),
      riskTier: selectRiskTier(events),
      sources: selectSources(events),
      clarification: selectPendingClarification(events),
      clarificationRounds: selectClarificationRounds(events),
    }),
    [events, storedStatus],
  )
  const streamState = selectStreamState({
    events,
    lastActivityAt: run?.lastActivityAt ?? null,
    storedStatus,
    now,
  })
  return { run, events, terminal, streamState, ...derived }
}
