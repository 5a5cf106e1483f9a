import { describe, expect, test } from "vitest"
import { isTerminal, type ReasoningEvent } from "../../../src-shared/events/event"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import type { EngineRequest } from "../../../src-main/engine/types"
import { replayPlan } from "../../../src-main/engine/replay-run"
import { replayDifference } from "../../../src-main/trace/verify"
import { RunAlreadyEndedError, RunService, TraceStateError } from "../../../src-main/runs/run-service"
import type { ReasoningSink } from "../../../src-main/sinks/types"
import { openTestStore } from "../store/fixtures"
import { AS_OF, CLEAR_QUESTION, hrCorePack, realService, VAGUE_QUESTION } from "../store/engine-fixtures"

// Stop on a running run (issue 20, item 10): the run ends in one ERROR CANCELLED terminal stored
// like any other; its hash chain verifies and its replay (which reads the stop's seq from that
// terminal) reproduces it. A Stop during the deliberate pause ends the run at once. A Stop after
// the end is refused with a message in the user's language.

/** Longer than any test may run: a run that waited for it would time the test out. */
const TEN_MINUTES = 10 * 60 * 1000

function serviceWithPause(pauseMs: number): RunService {
  return new RunService({ store: openTestStore(), engine: buildAnswerWithReasoning, pack: hrCorePack(), engineDefaults: { deliberatePauseMs: pauseMs } })
}

/** A sink that calls `cancel` once, when it is handed the first event `when` accepts. */
function stopWhen(when: (event: ReasoningEvent) => boolean, cancel: () => Promise<unknown>): { sink: ReasoningSink; cancelled: () => Promise<unknown> } {
  let pending: Promise<unknown> | null = null
  return {
    sink: {
      mode: "nonBlocking",
      write(event) {
        if (pending === null && when(event)) pending = cancel()
      },
    },
    cancelled: () => pending ?? Promise.reject(new Error("the stop was never asked for")),
  }
}

const is = (stage: string, status: string) => (e: ReasoningEvent) => e.stage === stage && e.status === status

describe("stopping a running run", () => {
  test("a run stopped mid-way ends with one terminal, is stored complete, verifies and replays", async () => {
    const service = serviceWithPause(0)
    let requestId = ""
    const stopper = stopWhen(is("RETRIEVAL", "started"), () => service.cancel(requestId))
    const started = service.start({ question: CLEAR_QUESTION, asOfDate: AS_OF }, { sinks: [stopper.sink] })
    requestId = started.requestId
    const result = await started.done
    expect(result.status).toBe("complete")
    expect(result.event).toMatchObject({ stage: "ERROR", data: { code: "CANCELLED" } })
    // The stop took effect at the next stop check: RETRIEVAL ran whole, nothing after it started.
    const stages = result.events.map((e) => `${e.stage} ${e.status}`)
    expect(stages.slice(stages.indexOf("RETRIEVAL started"))).toEqual(expect.arrayContaining(["RETRIEVAL complete"]))
    expect(stages.at(-1)).toBe("ERROR complete")
    expect(stages.some((s) => s.startsWith("APPLICABILITY"))).toBe(false)
    expect(result.events.filter(isTerminal)).toHaveLength(1)
    // The caller of cancel gets the same ended run.
    expect(await stopper.cancelled()).toMatchObject({ requestId, event: { stage: "ERROR", data: { code: "CANCELLED" } } })

    const detail = service.get(requestId)
    expect(detail?.events).toEqual(result.events)
    expect(detail?.trace).toMatchObject({ status: "complete", outcome: "ERROR", eventCount: result.events.length })
    expect(await service.verify(requestId)).toEqual({ requestId, ok: true, chainOk: true, replayOk: true })
  })

  test("a Stop during the deliberate pause ends the run at once, before the answer", async () => {
    const service = serviceWithPause(TEN_MINUTES)
    let requestId = ""
    // CONFIDENCE complete is the last event before the pause: the engine is pausing when the stop comes.
    const stopper = stopWhen(is("CONFIDENCE", "complete"), () => service.cancel(requestId))
    const started = service.start({ question: CLEAR_QUESTION, asOfDate: AS_OF }, { sinks: [stopper.sink] })
    requestId = started.requestId
    const result = await started.done
    const confidence = result.events.findIndex(is("CONFIDENCE", "complete"))
    // The terminal follows CONFIDENCE directly: the pause was cut and the answer never came.
    expect(result.events.slice(confidence + 1).map((e) => e.stage)).toEqual(["ERROR"])
    expect(result.event).toMatchObject({ stage: "ERROR", data: { code: "CANCELLED" }, seq: confidence + 1 })
    expect(service.isRunning(requestId)).toBe(false)
    expect(await service.verify(requestId)).toMatchObject({ ok: true, chainOk: true, replayOk: true })
  })

  test("a stop is verified as recorded: a CANCELLED terminal where no stop check is does not replay", async () => {
    const service = serviceWithPause(0)
    const whole = await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    const request = JSON.parse(service.reader.row(whole.requestId)?.requestJson ?? "null") as EngineRequest
    const pack = hrCorePack()
    const replay = (stored: readonly unknown[]) =>
      replayDifference(replayPlan({ kind: "question", request, counterfactualOf: null }, buildAnswerWithReasoning, stored), { pack }, pack.hash, stored, true)
    const cancelledAt = (seq: number) => ({
      ...whole.event,
      id: `${whole.requestId}_${String(seq).padStart(3, "0")}`,
      seq,
      stage: "ERROR",
      severity: "info",
      message: "Obrada je zaustavljena na vaš zahtjev",
      data: { code: "CANCELLED", message: "Obrada je zaustavljena na vaš zahtjev", correlationId: whole.requestId, retriable: true },
    })
    // Cut where a stop check is (before APPLICABILITY starts): the replay agrees.
    const atCheck = whole.events.findIndex(is("APPLICABILITY", "started"))
    expect(await replay([...whole.events.slice(0, atCheck), cancelledAt(atCheck)])).toBeNull()
    // Cut inside a stage (after SOURCES started): no stop could have ended the run there.
    const inStage = whole.events.findIndex(is("SOURCES", "started")) + 1
    expect(await replay([...whole.events.slice(0, inStage), cancelledAt(inStage)])).toMatchObject({ seq: inStage })
  })

  test("Stop after the run ended is refused with a message in the user's language", async () => {
    const service = realService()
    const ended = await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    const hr = await service.cancel(ended.requestId).catch((error: unknown) => error)
    expect(hr).toBeInstanceOf(RunAlreadyEndedError)
    expect(hr).toBeInstanceOf(TraceStateError)
    expect((hr as Error).message).toBe(`Obrada ${ended.requestId} je već završena, nema se što zaustaviti.`)
    service.settings.update({ locale: "en" })
    await expect(service.cancel(ended.requestId)).rejects.toThrow(`Run ${ended.requestId} has already finished; there is nothing to stop.`)
    // Nothing was appended, and the trace still verifies.
    expect(service.get(ended.requestId)?.events).toEqual(ended.events)
    expect(await service.verify(ended.requestId)).toMatchObject({ ok: true })
  })

  test("a stopped run cannot be stopped again", async () => {
    const service = serviceWithPause(TEN_MINUTES)
    const started = service.start({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    const stopped = await service.cancel(started.requestId)
    expect(stopped.event).toMatchObject({ stage: "ERROR", data: { code: "CANCELLED" } })
    expect((await started.done).event).toEqual(stopped.event)
    await expect(service.cancel(started.requestId)).rejects.toBeInstanceOf(RunAlreadyEndedError)
    expect(await service.verify(started.requestId)).toMatchObject({ ok: true })
  })

  test("Stop on a run suspended at a clarification still ends it as a cancelled clarification", async () => {
    const service = serviceWithPause(TEN_MINUTES)
    const suspended = await service.ask({ question: VAGUE_QUESTION, asOfDate: AS_OF })
    expect(suspended.status).toBe("awaiting_input")
    const cancelled = await service.cancel(suspended.requestId)
    expect(cancelled.event).toMatchObject({ stage: "REFUSAL", data: { reason: "NEEDS_CLARIFICATION" } })
    expect(await service.verify(suspended.requestId)).toMatchObject({ ok: true })
  })
})
