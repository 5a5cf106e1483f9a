import { isTerminal, type ReasoningEvent, type TerminalEvent } from "../../src-shared/events/event"
import type { AwaitingEvent, ReasoningSink } from "./types"

// consumeReasoning (seed 001 §4): multiplexes the generator to every sink; criticalAwait sinks
// are awaited for critical events; all sinks are flushed at the terminal and at awaiting_input.

export interface ConsumeOptions {
  /**
   * How many clarification gates already have their answer (given to the engine in advance:
   * resume, CLI --clarify); the consumer goes on past that many awaiting_input events. At the next
   * one it stops and returns it: leaving the loop closes the generator, and the run is continued
   * later by a deterministic replay (RunService.resume). Default 0.
   */
  answeredGates?: number
  /** Where failures of nonBlocking sinks go (they never stop the run). */
  onSinkError?: (error: unknown, sink: ReasoningSink) => void
}

export class PipelineEndedWithoutTerminalError extends Error {
  constructor() {
    super("the reasoning pipeline ended without a terminal event")
  }
}

export async function consumeReasoning(
  generator: AsyncIterable<ReasoningEvent>,
  sinks: readonly ReasoningSink[],
  options: ConsumeOptions = {},
): Promise<TerminalEvent | AwaitingEvent> {
  const onSinkError = options.onSinkError ?? ((error: unknown) => console.error("reasoning sink failed:", error))
  const pending: Promise<void>[] = []
  let gatesLeft = options.answeredGates ?? 0

  const flushAll = async (): Promise<void> => {
    const writes = pending.splice(0)
    await Promise.all(writes)
    for (const sink of sinks) {
      if (sink.flush === undefined) continue
      if (sink.mode === "nonBlocking") await sink.flush().catch((error: unknown) => onSinkError(error, sink))
      else await sink.flush()
    }
  }

  try {
    for await (const event of generator) {
      for (const sink of sinks) {
        if (sink.mode === "criticalAwait" && event.severity === "critical") await sink.write(event)
        else if (sink.mode === "nonBlocking") writeIsolated(sink, event, onSinkError)
        else {
          const result = sink.write(event)
          if (result instanceof Promise) {
            // Handled here so that an early rejection is not "unhandled"; flushAll still awaits it.
            result.catch(() => undefined)
            pending.push(result)
          }
        }
      }
      if (isTerminal(event)) {
        await flushAll()
        return event
      }
      if (event.status === "awaiting_input") {
        await flushAll()
        if (gatesLeft === 0) return event
        gatesLeft -= 1
      }
    }
  } catch (error) {
    // The events before the failure were real work: persist them, then report the failure.
    await flushAll().catch(() => undefined)
    throw error
  }
  await flushAll()
  throw new PipelineEndedWithoutTerminalError()
}

function writeIsolated(
  sink: ReasoningSink,
  event: ReasoningEvent,
  onSinkError: (error: unknown, sink: ReasoningSink) => void,
): void {
  try {
    const result = sink.write(event)
    if (result instanceof Promise) result.catch((error: unknown) => onSinkError(error, sink))
  } catch (error) {
    onSinkError(error, sink)
  }
}
