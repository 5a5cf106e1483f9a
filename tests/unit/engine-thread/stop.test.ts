import { afterEach, describe, expect, test } from "vitest"
import { isTerminal, type ReasoningEvent } from "../../../src-shared/events/event"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import { EngineThread } from "../../../src-main/engine-thread/engine-thread"
import type { EngineDeps, EngineRequest } from "../../../src-main/engine/types"
import { comparable } from "../../../src-main/trace/replay"
import { systemClock } from "../../../src-main/util/clock"
import { AS_OF, CLEAR_QUESTION, hrCorePack } from "../store/engine-fixtures"
import { drain } from "../engine/helpers"

// The user's Stop crosses to the engine thread: the run's signal fires there, the pause is cut,
// and the run ends in ERROR CANCELLED as the in-process engine would end it.

const TEN_MINUTES = 10 * 60 * 1000
const threads: EngineThread[] = []
afterEach(async () => {
  for (const thread of threads.splice(0)) await thread.close()
})

const request: EngineRequest = { requestId: "req_thread_stop", question: CLEAR_QUESTION, asOfDate: AS_OF, askedOn: AS_OF }

function deps(extra: Partial<EngineDeps> = {}): EngineDeps {
  return { pack: hrCorePack(), clock: systemClock, deliberatePauseMs: 0, ...extra }
}

describe("Stop on the engine thread", () => {
  test("a Stop during the deliberate pause ends the run at once, and a replay on the thread reproduces it", async () => {
    const thread = new EngineThread()
    threads.push(thread)
    const stop = new AbortController()
    const run = thread.engine(request, deps({ signal: stop.signal, deliberatePauseMs: TEN_MINUTES }))
    const events: ReasoningEvent[] = []
    for (;;) {
      const step = await run.next()
      if (step.done) break
      events.push(step.value)
      if (step.value.stage === "CONFIDENCE" && step.value.status === "complete") stop.abort()
    }
    const confidence = events.findIndex((e) => e.stage === "CONFIDENCE" && e.status === "complete")
    expect(events.slice(confidence + 1).map((e) => e.stage)).toEqual(["ERROR"])
    expect(events.at(-1)).toMatchObject({ data: { code: "CANCELLED" } })
    expect(events.filter(isTerminal)).toHaveLength(1)
    // stopAtSeq crosses too: the thread replays the stopped run, as the in-process engine does.
    const stopAtSeq = events.length - 1
    const onThread = await drain(thread.engine(request, deps({ stopAtSeq })))
    const inProcess = await drain(buildAnswerWithReasoning(request, deps({ stopAtSeq })))
    expect(onThread.events.map(comparable)).toEqual(events.map(comparable))
    expect(inProcess.events.map(comparable)).toEqual(events.map(comparable))
  })

  test("a run stopped mid-way ends at a stop check of the thread's, and replays to the same place", async () => {
    const thread = new EngineThread()
    threads.push(thread)
    const stop = new AbortController()
    const run = thread.engine(request, deps({ signal: stop.signal, deliberatePauseMs: TEN_MINUTES }))
    const events: ReasoningEvent[] = []
    for (;;) {
      const step = await run.next()
      if (step.done) break
      events.push(step.value)
      if (step.value.stage === "QUESTION_INTAKE" && step.value.status === "complete") stop.abort()
    }
    // The thread computes ahead of its consumer: where the stop took effect depends on timing,
    // but it is a stop check (at the latest, the pause), and the replay agrees event for event.
    expect(events.filter(isTerminal).map((e) => e.stage)).toEqual(["ERROR"])
    expect(events.at(-1)).toMatchObject({ data: { code: "CANCELLED" } })
    const replayed = await drain(buildAnswerWithReasoning(request, deps({ stopAtSeq: events.length - 1 })))
    expect(replayed.events.map(comparable)).toEqual(events.map(comparable))
  })

  test("a run stopped before it reaches the thread ends before its first stage", async () => {
    const thread = new EngineThread()
    threads.push(thread)
    const stop = new AbortController()
    stop.abort()
    const { events, terminal } = await drain(thread.engine(request, deps({ signal: stop.signal })))
    expect(events.map((e) => e.stage)).toEqual(["ERROR"])
    expect(terminal).toMatchObject({ outcome: "ERROR", code: "CANCELLED" })
  })
})
