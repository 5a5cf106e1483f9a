import type { ReasoningEvent } from "../../src-shared/events/event"
import { isTerminal } from "../../src-shared/events/event"

// The minimum-display scheduler: a stage's "active" status stays on screen at least `minMs` before
// the event that closes it is shown, so fast stages do not flash. This delays presentation only; the
// engine runs at full speed and every event is already stored when it arrives.
// The hold starts once the first useful stage is on screen (context resolved and the first source
// shown): intake and context never wait, so time to first useful stage is not paid in display delay.
// The hold is for a live run only: once the run's terminal event is here, the run has ended (the
// store says so, and History shows its outcome), and everything is shown at once. A finished run
// is never replayed slowly; any deliberate pause belongs to the engine, where Stop can cut it.

export const MIN_STATUS_DISPLAY_MS = 300

export interface DisplayCursor {
  /** How many of the run's events are on screen. */
  released: number
  /** When the currently open status (started / awaiting_input) was shown; null if none is open. */
  openedAt: number | null
  /** True once the first useful stage is on screen; only then are completions held. */
  holding?: boolean
}

export const START_CURSOR: DisplayCursor = { released: 0, openedAt: null }

/** The first source found (or the sources stage ending without one) is the first useful stage. */
function isFirstUseful(event: ReasoningEvent): boolean {
  return event.stage === "SOURCES" && event.status !== "started"
}

function opens(event: ReasoningEvent): boolean {
  return event.status === "started" || event.status === "awaiting_input"
}

function closes(event: ReasoningEvent): boolean {
  return event.status === "complete" || isTerminal(event)
}

export interface Advance {
  cursor: DisplayCursor
  /** When to call again to release the next held event; null when nothing is held. */
  wakeAt: number | null
}

/**
 * Releases as many events as may be shown at `now`. Progress and checkpoint lines flow at once;
 * an event that closes an open status waits until that status has been visible `minMs`.
 */
export function advanceDisplay(
  events: readonly ReasoningEvent[],
  cursor: DisplayCursor,
  now: number,
  minMs: number = MIN_STATUS_DISPLAY_MS,
): Advance {
  let { released, openedAt } = cursor
  let holding = cursor.holding ?? false
  // The run has ended: nothing is held any more.
  if (events.some(isTerminal)) return { cursor: { released: events.length, openedAt: null, holding }, wakeAt: null }
  while (released < events.length) {
    const event = events[released]
    if (!event) break
    if (holding && closes(event) && openedAt !== null && now - openedAt < minMs) {
      return { cursor: { released, openedAt, holding }, wakeAt: openedAt + minMs }
    }
    released += 1
    if (closes(event)) openedAt = null
    if (opens(event)) openedAt = now
    if (isFirstUseful(event)) holding = true
  }
  return { cursor: { released, openedAt, holding }, wakeAt: null }
}

export interface TimerPort {
  now(): number
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const realTimers: TimerPort = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/**
 * Drives `advanceDisplay` for one run with a timer: feed it the run's events as they grow and it
 * calls `onRelease(count)` whenever more of them may be shown.
 */
export class DisplayScheduler {
  private cursor: DisplayCursor
  private events: readonly ReasoningEvent[] = []
  private timer: unknown = null

  constructor(
    private readonly onRelease: (released: number) => void,
    private readonly timers: TimerPort = realTimers,
    private readonly minMs: number = MIN_STATUS_DISPLAY_MS,
    startAt: number = 0,
  ) {
    this.cursor = { released: startAt, openedAt: null, holding: startAt > 0 }
  }

  get released(): number {
    return this.cursor.released
  }

  update(events: readonly ReasoningEvent[]): void {
    this.events = events
    this.step()
  }

  /** Shows everything at once (reduced work when the window is hidden, or a stored run). */
  flush(): void {
    this.clear()
    if (this.cursor.released !== this.events.length) {
      this.cursor = { released: this.events.length, openedAt: null, holding: true }
      this.onRelease(this.cursor.released)
    }
  }

  dispose(): void {
    this.clear()
  }

  private clear(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer)
    this.timer = null
  }

  private step(): void {
    this.clear()
    const before = this.cursor.released
    const { cursor, wakeAt } = advanceDisplay(this.events, this.cursor, this.timers.now(), this.minMs)
    this.cursor = cursor
    if (cursor.released !== before) this.onRelease(cursor.released)
    if (wakeAt !== null) {
      this.timer = this.timers.setTimeout(() => this.step(), Math.max(0, wakeAt - this.timers.now()))
    }
  }
}
