import { ReasoningEvent } from "../../src-shared/events/event"
import type { FiskaiApi } from "../../src-shared/ipc/api"
import type { ChannelInput } from "../../src-shared/ipc/channels"
import { call } from "../api/client"
import { DisplayScheduler, realTimers, type TimerPort } from "../reasoning/display-queue"
import { EMPTY_RUNS, runReducer, type RunAction, type RunsState } from "../reasoning/run-reducer"
import { selectTerminal } from "../reasoning/selectors"

// The live side of the renderer: pushed events are validated (this is the renderer's boundary),
// folded by runReducer, and released to the screen by one display scheduler per run. Runs live
// here rather than in components, so leaving the Ask screen and coming back loses nothing.

export type AskInput = ChannelInput<"runs.ask">

export interface RunStoreSnapshot {
  runs: RunsState
  /** How many events of each run are on screen (the display queue's cursor). */
  displayed: Readonly<Record<string, number>>
  /** What was asked, for runs submitted from this window (retry asks it again). */
  asks: Readonly<Record<string, AskInput>>
  /** The run the Ask screen shows. */
  currentAskId: string | null
}

export interface RunStore {
  getSnapshot(): RunStoreSnapshot
  subscribe(listener: () => void): () => void
  ask(input: AskInput): Promise<string>
  answer(requestId: string, answer: string): Promise<void>
  cancel(requestId: string): Promise<void>
  /** Loads (or refreshes) a run from the store; merges with any live events already here. */
  load(requestId: string): Promise<void>
  /** Reloads every unfinished run from the store, e.g. after the host connection came back
   *  (events pushed while it was down are in the store, not on screen). */
  resync(): Promise<void>
  /** Clears the Ask screen for a new question (the run stays in history). */
  clearCurrent(): void
  dispose(): void
}

export interface RunStoreOptions {
  api: FiskaiApi
  timers?: TimerPort
  minDisplayMs?: number
  /** Told about pushed events that are not valid events (dropped). */
  onInvalidEvent?: (issues: string) => void
}

export function createRunStore(options: RunStoreOptions): RunStore {
  const { api } = options
  const core = createRunsCore(options)
  const { timers, listeners, schedulers } = core

  const unsubscribe = api.on("runs.event", (raw) => {
    const parsed = ReasoningEvent.safeParse(raw)
    if (!parsed.success) {
      options.onInvalidEvent?.(parsed.error.message)
      return
    }
    const event = parsed.data
    core.dispatch({ type: "event", event, at: timers.now() })
    const run = core.get().runs[event.requestId]
    if (run) core.schedulerFor(event.requestId, 0).update(run.events)
  })

  return {
    getSnapshot: core.get,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async ask(input) {
      const { requestId } = await call("runs.ask", input, api)
      core.dispatch({ type: "submitted", requestId, at: timers.now() })
      core.emit({ ...core.get(), asks: { ...core.get().asks, [requestId]: input }, currentAskId: requestId })
      return requestId
    },
    async answer(requestId, answer) {
      await call("runs.answer", { requestId, answer }, api)
      core.dispatch({ type: "submitted", requestId, at: timers.now() })
    },
    async cancel(requestId) {
      await call("runs.cancel", { requestId }, api)
    },
    async load(requestId) {
      const detail = await call("traces.get", { requestId }, api)
      const known = schedulers.get(requestId)
      core.dispatch({ type: "loaded", detail, at: timers.now() })
      const run = core.get().runs[requestId]
      if (!run) return
      if (known) {
        known.update(run.events)
      } else {
        // A run first seen from the store is shown whole; later live events queue behind it.
        core.schedulerFor(requestId, run.events.length).update(run.events)
        core.setDisplayed(requestId, run.events.length)
      }
    },
    async resync() {
      const unfinished = Object.values(core.get().runs).filter((run) => !selectTerminal(run.events))
      await Promise.all(unfinished.map((run) => this.load(run.requestId).catch(() => undefined)))
    },
    clearCurrent() {
      core.emit({ ...core.get(), currentAskId: null })
    },
    dispose() {
      unsubscribe()
      for (const scheduler of schedulers.values()) scheduler.dispose()
      schedulers.clear()
      listeners.clear()
    },
  }
}

/** The store's snapshot, its listeners, and each run's display scheduler (which releases the run's
 *  events to the screen, holding a live stage's status at least `minDisplayMs`). */
function createRunsCore(options: RunStoreOptions) {
  const timers = options.timers ?? realTimers
  const listeners = new Set<() => void>()
  const schedulers = new Map<string, DisplayScheduler>()
  let snapshot: RunStoreSnapshot = { runs: EMPTY_RUNS, displayed: {}, asks: {}, currentAskId: null }

  function emit(next: RunStoreSnapshot): void {
    snapshot = next
    for (const listener of listeners) listener()
  }

  function setDisplayed(requestId: string, count: number): void {
    emit({ ...snapshot, displayed: { ...snapshot.displayed, [requestId]: count } })
  }

  function schedulerFor(requestId: string, startAt: number): DisplayScheduler {
    let scheduler = schedulers.get(requestId)
    if (!scheduler) {
      scheduler = new DisplayScheduler(
        (count) => setDisplayed(requestId, count),
        timers,
        options.minDisplayMs,
        startAt,
      )
      schedulers.set(requestId, scheduler)
    }
    return scheduler
  }

  function dispatch(action: RunAction): void {
    emit({ ...snapshot, runs: runReducer(snapshot.runs, action) })
  }

  return { timers, listeners, schedulers, get: () => snapshot, emit, setDisplayed, schedulerFor, dispatch }
}

/** The events of a run that are on screen. */
export function shownEvents(snapshot: RunStoreSnapshot, requestId: string): readonly ReasoningEvent[] {
  const run = snapshot.runs[requestId]
  if (!run) return []
  const count = snapshot.displayed[requestId] ?? 0
  return count >= run.events.length ? run.events : run.events.slice(0, count)
}

/** True once the run's terminal event is in (whether or not it is on screen yet). */
export function hasEnded(snapshot: RunStoreSnapshot, requestId: string): boolean {
  const run = snapshot.runs[requestId]
  return run ? selectTerminal(run.events) !== undefined : false
}
