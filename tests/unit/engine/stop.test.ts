import { describe, expect, test } from "vitest"
import { isTerminal, type ReasoningEvent, type TerminalPayload } from "../../../src-shared/events/event"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import type { EngineDeps, EngineRequest } from "../../../src-main/engine/types"
import { comparable } from "../../../src-main/trace/replay"
import { AS_OF, CLEAR_QUESTION, hrCorePack } from "../store/engine-fixtures"
import { drain, fixedClock } from "./helpers"

// The user's Stop in the engine: checked before every stage and after the deliberate pause (which
// it cuts short); the run then ends in exactly one terminal, ERROR CANCELLED, at a seq that a
// replay given that seq (stopAtSeq) reaches again, event for event.

/** Longer than any test may run: a run that waited for it would time the test out. */
const TEN_MINUTES = 10 * 60 * 1000

const request: EngineRequest = { requestId: "req_stop", question: CLEAR_QUESTION, asOfDate: AS_OF, askedOn: AS_OF }

function deps(extra: Partial<EngineDeps> = {}): EngineDeps {
  return { pack: hrCorePack(), clock: fixedClock(), deliberatePauseMs: 0, ...extra }
}

/** Drains a run, calling `onEvent` with each event as it is taken (before the next is asked for). */
async function drainWith(
  generator: AsyncGenerator<ReasoningEvent, TerminalPayload>,
  onEvent: (event: ReasoningEvent) => void,
): Promise<{ events: ReasoningEvent[]; terminal: TerminalPayload }> {
  const events: ReasoningEvent[] = []
  for (;;) {
    const step = await generator.next()
    if (step.done) return { events, terminal: step.value }
    events.push(step.value)
    onEvent(step.value)
  }
}

const is = (stage: string, status: string) => (e: ReasoningEvent) => e.stage === stage && e.status === status

describe("Stop in the engine", () => {
  test("a run stopped after a stage ends before the next stage starts, in one ERROR CANCELLED terminal", async () => {
    const stop = new AbortController()
    const { events, terminal } = await drainWith(buildAnswerWithReasoning(request, deps({ signal: stop.signal })), (event) => {
      if (is("SOURCES", "complete")(event)) stop.abort()
    })
    const sourcesDone = events.findIndex(is("SOURCES", "complete"))
    expect(sourcesDone).toBeGreaterThan(0)
    // Nothing after SOURCES but the terminal: RETRIEVAL never started.
    expect(events.slice(sourcesDone + 1).map((e) => `${e.stage} ${e.status}`)).toEqual(["ERROR complete"])
    expect(events.filter(isTerminal)).toHaveLength(1)
    expect(terminal).toMatchObject({ outcome: "ERROR", code: "CANCELLED", retriable: true, correlationId: "req_stop" })
    expect(events.at(-1)).toMatchObject({ stage: "ERROR", severity: "info", seq: sourcesDone + 1, data: { code: "CANCELLED" } })
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i))
  })

  test("the message follows the run's language", async () => {
    const stop = new AbortController()
    stop.abort()
    const hr = await drain(buildAnswerWithReasoning({ ...request, locale: "hr" }, deps({ signal: stop.signal })))
    const en = await drain(buildAnswerWithReasoning({ ...request, locale: "en" }, deps({ signal: stop.signal })))
    // Stopped before the first stage: the terminal is the only event.
    expect(hr.events.map((e) => e.stage)).toEqual(["ERROR"])
    expect(hr.terminal).toMatchObject({ code: "CANCELLED", message: "Obrada je zaustavljena na vaš zahtjev" })
    expect(en.terminal).toMatchObject({ code: "CANCELLED", message: "Stopped at your request" })
  })

  test("Stop during the deliberate pause ends the run at once, without the answer", async () => {
    const stop = new AbortController()
    const generator = buildAnswerWithReasoning(request, deps({ signal: stop.signal, deliberatePauseMs: TEN_MINUTES }))
    const events: ReasoningEvent[] = []
    for (;;) {
      const step = await generator.next()
      if (step.done) throw new Error("the run ended before CONFIDENCE")
      events.push(step.value)
      if (is("CONFIDENCE", "complete")(step.value)) break
    }
    // The engine is now in the ten-minute pause; Stop ends it (else this test would time out).
    const next = generator.next()
    stop.abort()
    const step = await next
    expect(step.done).toBe(false)
    expect(step.value).toMatchObject({ stage: "ERROR", data: { code: "CANCELLED" }, seq: events.length })
    expect(await generator.next()).toMatchObject({ done: true, value: { outcome: "ERROR", code: "CANCELLED" } })
  })

  test("a replay given the stop's seq yields the stopped run again, event for event", async () => {
    for (const after of ["QUESTION_INTAKE", "CONTEXT_RESOLUTION", "SOURCES", "RETRIEVAL", "APPLICABILITY", "CONFLICTS", "ANALYSIS", "CONFIDENCE"]) {
      const stop = new AbortController()
      const live = await drainWith(buildAnswerWithReasoning(request, deps({ signal: stop.signal })), (event) => {
        if (is(after, "complete")(event)) stop.abort()
      })
      const stoppedAt = live.events.at(-1)?.seq ?? -1
      const replayed = await drain(buildAnswerWithReasoning(request, deps({ stopAtSeq: stoppedAt })))
      expect(replayed.events.map(comparable), after).toEqual(live.events.map(comparable))
      expect(replayed.terminal, after).toEqual(live.terminal)
    }
  })

  test("a Stop before a resumed run's stored prefix is replayed waits for the end of the prefix", async () => {
    const whole = await drain(buildAnswerWithReasoning(request, deps()))
    const stop = new AbortController()
    stop.abort()
    const prefix = whole.events.findIndex(is("RETRIEVAL", "started"))
    const resumed = await drain(buildAnswerWithReasoning(request, deps({ signal: stop.signal, stoppableFromSeq: prefix })))
    // The prefix is the uninterrupted run's; the first stop check at or after it ends the run.
    expect(resumed.events.slice(0, prefix).map(comparable)).toEqual(whole.events.slice(0, prefix).map(comparable))
    expect(resumed.events.slice(prefix).map((e) => e.stage)).toEqual(["ERROR"])
  })

  test("without a Stop the run is unchanged, the deliberate pause included", async () => {
    const stop = new AbortController()
    const plain = await drain(buildAnswerWithReasoning(request, deps()))
    const withSignal = await drain(buildAnswerWithReasoning(request, deps({ signal: stop.signal, deliberatePauseMs: 1 })))
    expect(withSignal.events.map(comparable)).toEqual(plain.events.map(comparable))
    expect(plain.terminal?.outcome).not.toBe("ERROR")
  })
})
