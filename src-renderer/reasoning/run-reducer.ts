import type { ReasoningEvent } from "../../src-shared/events/event"
import type { TraceDetail, TraceSummary } from "../../src-shared/traces"

// Folds reasoning events into per-run state. The same fold serves a live run (events pushed one by
// one) and a stored run (events loaded from history), so both render identically.

export interface RunState {
  requestId: string
  /** Events sorted by seq, each seq at most once. */
  events: readonly ReasoningEvent[]
  /** Highest seq folded so far; -1 before the first event. */
  lastSeq: number
  /** Local clock (ms) when the latest new event arrived or the run was submitted; drives liveness. */
  lastActivityAt: number | null
  /** Local clock (ms) when the run was submitted from this window, if it was. */
  submittedAt: number | null
  /** The stored summary, when the run was loaded from history. */
  stored: TraceSummary | null
  /** How many pushed events were dropped as duplicates or out of order. */
  dropped: number
}

export type RunsState = Readonly<Record<string, RunState>>

export type RunAction =
  | { type: "submitted"; requestId: string; at: number }
  | { type: "event"; event: ReasoningEvent; at: number }
  | { type: "loaded"; detail: TraceDetail; at: number }
  | { type: "forget"; requestId: string }

export const EMPTY_RUNS: RunsState = {}

export function emptyRun(requestId: string): RunState {
  return {
    requestId,
    events: [],
    lastSeq: -1,
    lastActivityAt: null,
    submittedAt: null,
    stored: null,
    dropped: 0,
  }
}

/** Union of two seq-sorted event lists, keeping the first copy of each seq. */
function mergeBySeq(a: readonly ReasoningEvent[], b: readonly ReasoningEvent[]): ReasoningEvent[] {
  const bySeq = new Map<number, ReasoningEvent>()
  for (const event of [...a, ...b]) if (!bySeq.has(event.seq)) bySeq.set(event.seq, event)
  return [...bySeq.values()].sort((x, y) => x.seq - y.seq)
}

function foldEvent(run: RunState, event: ReasoningEvent, at: number): RunState {
  // A live push at or below the last seq is a duplicate or arrived late: the stored copy wins.
  if (event.seq <= run.lastSeq) return { ...run, dropped: run.dropped + 1 }
  return { ...run, events: [...run.events, event], lastSeq: event.seq, lastActivityAt: at }
}

function foldLoaded(run: RunState, detail: TraceDetail, at: number): RunState {
  const own = detail.events.filter((event) => event.requestId === run.requestId)
  const events = mergeBySeq(run.events, own)
  const lastSeq = events.length > 0 ? (events[events.length - 1]?.seq ?? -1) : -1
  const grew = lastSeq > run.lastSeq
  return {
    ...run,
    events,
    lastSeq,
    stored: detail.trace,
    lastActivityAt: grew || run.lastActivityAt === null ? at : run.lastActivityAt,
  }
}

export function runReducer(state: RunsState, action: RunAction): RunsState {
  switch (action.type) {
    case "submitted": {
      const run = state[action.requestId] ?? emptyRun(action.requestId)
      return {
        ...state,
        [action.requestId]: {
          ...run,
          submittedAt: action.at,
          lastActivityAt: run.lastActivityAt ?? action.at,
        },
      }
    }
    case "event": {
      const { event } = action
      const run = state[event.requestId] ?? emptyRun(event.requestId)
      const next = foldEvent(run, event, action.at)
      return { ...state, [event.requestId]: next }
    }
    case "loaded": {
      const requestId = action.detail.trace.requestId
      const run = state[requestId] ?? emptyRun(requestId)
      return { ...state, [requestId]: foldLoaded(run, action.detail, action.at) }
    }
    case "forget": {
      const { [action.requestId]: _removed, ...rest } = state
      return rest
    }
  }
}
