import type { ReasoningEvent } from "../../src-shared/events/event"
import type { ReasoningSink } from "../sinks/types"
import type { EventBus } from "../util/event-bus"

// A window sink for a run started inside a request handler (threads.ask): the run starts at once,
// so that its turn is linked before the handler answers, but its events reach the bus only from
// the next turn of the event loop, after the answer that carries the run's id. A window therefore
// knows the id before the first event of the run arrives (what live-runs.ts gets by starting the
// run a turn later), and the events keep their order.

export function deferredPublisher(events: EventBus<ReasoningEvent>): ReasoningSink {
  let queue: ReasoningEvent[] | null = []
  setImmediate(() => {
    const waiting = queue ?? []
    queue = null
    for (const event of waiting) events.publish(event)
  })
  return {
    mode: "nonBlocking",
    write(event) {
      if (queue === null) events.publish(event)
      else queue.push(event)
    },
  }
}
