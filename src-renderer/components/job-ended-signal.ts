import type { JobEnded } from "../../src-shared/job-notice"

// Jobs whose end the page learns by asking (a shadow run is polled by its panel) announce it here,
// so the background notice (JobNotices) hears of it wherever it is mounted. Exports need no signal:
// their end is pushed to the page.

type Listener = (ended: JobEnded) => void
const listeners = new Set<Listener>()

export function announceJobEnded(ended: JobEnded): void {
  for (const listener of [...listeners]) listener(ended)
}

/** Returns the unsubscribe. */
export function onJobEnded(listener: Listener): () => void {
  const entry: Listener = (ended) => listener(ended)
  listeners.add(entry)
  return () => {
    listeners.delete(entry)
  }
}
