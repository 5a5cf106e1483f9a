import type { EngineDeps } from "./types"

// A counting gate shared by the runs of one host: a run that finds it full ends at once in
// ERROR CAPACITY instead of queueing behind the others.

export type ConcurrencyGate = NonNullable<EngineDeps["gate"]> & {
  readonly active: number
  readonly max: number
}

export function createConcurrencyGate(max: number): ConcurrencyGate {
  if (!Number.isInteger(max) || max < 1)
    throw new RangeError(`concurrency limit must be a positive integer, got ${max}`)
  let active = 0
  return {
    get active() {
      return active
    },
    max,
    tryAcquire() {
      if (active >= max) return false
      active += 1
      return true
    },
    release() {
      if (active > 0) active -= 1
    },
  }
}
