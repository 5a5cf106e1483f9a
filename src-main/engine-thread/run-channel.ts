import type { ReasoningEvent } from "../../src-shared/events/event"
import type { EngineDeps } from "../engine/types"

// One run's deliveries from the engine thread, in order, for its generator to take one at a time.
// Before it reports none at hand (or waits for one), it pulls what the engine thread has already
// posted (`collect`): a message posted a moment ago is then taken at once, not a turn of the event
// loop later, and a consumer asking whether the next event is ready gets a true answer.

export type Delivery = { kind: "event"; event: ReasoningEvent } | { kind: "end" } | { kind: "failed"; error: Error }

export class RunChannel {
  private readonly queue: Delivery[] = []
  private waiting: ((delivery: Delivery) => void) | null = null

  /**
   * @param deps the run's engine settings (its clarify callback and pack are asked for here)
   * @param collect moves every message the engine thread has posted so far to its run's channel
   */
  constructor(
    readonly deps: EngineDeps,
    private readonly collect: () => void,
  ) {}

  deliver(delivery: Delivery): void {
    if (this.waiting === null) this.queue.push(delivery)
    else {
      const wake = this.waiting
      this.waiting = null
      wake(delivery)
    }
  }

  /**
   * Whether the run's next event is already here (taking it would not wait for the engine thread).
   * The end of a run or its failure is not an event: a consumer should not hold anything for it.
   */
  nextEventReady(): boolean {
    if (this.queue.length === 0) this.collect()
    return this.queue[0]?.kind === "event"
  }

  take(): Promise<Delivery> {
    if (this.queue.length === 0) this.collect()
    const next = this.queue.shift()
    if (next !== undefined) return Promise.resolve(next)
    return new Promise((resolve) => {
      this.waiting = resolve
    })
  }
}
