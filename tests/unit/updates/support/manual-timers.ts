import type { CancelTimer, Timers } from "../../../../src-main/updates/timers"

// Timers the test advances by hand: the schedule is observable without waiting minutes or hours.

export interface PendingTimer {
  readonly callback: () => void
  readonly delayMs: number
}

export class ManualTimers implements Timers {
  readonly pending: PendingTimer[] = []

  schedule(callback: () => void, delayMs: number): CancelTimer {
    const timer = { callback, delayMs }
    this.pending.push(timer)
    return () => {
      const index = this.pending.indexOf(timer)
      if (index >= 0) this.pending.splice(index, 1)
    }
  }

  /** Runs the earliest pending timer, as if its delay had passed. */
  fireNext(): void {
    const next = this.pending.shift()
    if (next === undefined) throw new Error("no timer is pending")
    next.callback()
  }
}
