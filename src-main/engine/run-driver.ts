import type { ReasoningEvent, TerminalPayload } from "../../src-shared/events/event"

// The one asynchronous level of a run. The pipeline and its stages are plain generators: their
// work between events is synchronous, and plain yield* passes an event up at no promise cost,
// where every async generator level costs a promise turn per event (about a tenth of a run on the
// real pack with three levels). The few steps that do wait (a clarification's answer, the
// deliberate pause) are handed to this driver as a Pending, run here, and their result handed
// back; the events, their order and every check happen exactly where they did before.

/** Asynchronous work the run's body cannot do itself: its events pass through, then it settles. */
export interface Pending {
  readonly pending: () => AsyncGenerator<ReasoningEvent, void>
}

export type RunStep = ReasoningEvent | Pending

/** A run's body: events for the consumer and asynchronous work for the driver, then the terminal. */
export type RunBody = Generator<RunStep, TerminalPayload, undefined>

function isPending(step: RunStep): step is Pending {
  return "pending" in step
}

/**
 * Runs `work` through the driver and returns what it returned. Used with yield* in a run body:
 * `const answer = yield* awaitIn(clarificationStage(run, input))`.
 */
export function* awaitIn<T>(work: AsyncGenerator<ReasoningEvent, T>): Generator<RunStep, T, undefined> {
  const box: { settled?: { value: T } } = {}
  yield {
    pending: async function* () {
      box.settled = { value: yield* work }
    },
  }
  // The driver resumes the body only once the work has settled (a failure is thrown in instead).
  const settled = box.settled
  if (settled === undefined) throw new Error("run driver resumed the body before its pending work settled")
  return settled.value
}

/**
 * The run as its consumer sees it. A consumer that stops iterating (return()) ends the body too,
 * so that its finally blocks run (the capacity gate is released) as they would through yield*.
 */
export async function* driveRun(body: RunBody): AsyncGenerator<ReasoningEvent, TerminalPayload> {
  // Iterator's return() takes no value: the body's own return value is never read here.
  const closable: Iterator<RunStep, TerminalPayload, undefined> = body
  try {
    let step = body.next()
    for (;;) {
      if (step.done === true) return step.value
      if (!isPending(step.value)) {
        yield step.value
        step = body.next()
        continue
      }
      let failure: { error: unknown } | undefined
      try {
        yield* step.value.pending()
      } catch (error) {
        failure = { error }
      }
      step = failure ? body.throw(failure.error) : body.next()
    }
  } finally {
    closable.return?.()
  }
}
