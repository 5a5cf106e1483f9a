// The one clock the update schedule needs, injectable so the schedule is testable without waiting.

export type CancelTimer = () => void

export interface Timers {
  schedule(callback: () => void, delayMs: number): CancelTimer
}

/** Real timers, unref'd: a pending update check never keeps the process alive. */
export const realTimers: Timers = {
  schedule(callback, delayMs) {
    const handle = setTimeout(callback, delayMs)
    handle.unref()
    return () => clearTimeout(handle)
  },
}
