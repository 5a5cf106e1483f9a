import { describe, expect, it } from "vitest"
import {
  selectCurrentStage,
  selectPendingClarification,
  selectReasoning,
  selectRiskTier,
  selectSinceLastUpdate,
  selectSources,
  selectSteps,
  selectStreamState,
  STALL_AFTER_MS,
} from "../../../../src-renderer/reasoning/selectors"
import { STEPPER_STAGES } from "../../../../src-shared/events/stages"
import {
  answer,
  answeredRun,
  clarificationAwaiting,
  clarificationComplete,
  context,
  error,
  intake,
  middle,
  refusal,
  SOURCE_A,
  SOURCE_B,
  sources,
  stamp,
} from "../fixtures/runs"

const statuses = (events: Parameters<typeof selectSteps>[0], interrupted = false) =>
  Object.fromEntries(selectSteps(events, { interrupted }).map((s) => [s.stage, s.status]))

describe("selectReasoning", () => {
  it("groups events by stage, keeps the latest per stage and finds the terminal", () => {
    const events = answeredRun()
    const sel = selectReasoning(events)
    expect(sel.byStage.SOURCES.map((e) => e.status)).toEqual(["started", "progress", "progress", "complete"])
    expect(sel.latestByStage.ANALYSIS?.status).toBe("complete")
    expect(sel.latestByStage.CLARIFICATION).toBeUndefined()
    expect(sel.terminal?.stage).toBe("ANSWER")
  })

  it("has no terminal while the run is going", () => {
    expect(selectReasoning(stamp("r", intake())).terminal).toBeUndefined()
  })
})

describe("selectSteps", () => {
  it("lists every stepper stage, all pending before anything happens", () => {
    const steps = selectSteps([])
    expect(steps.map((s) => s.stage)).toEqual([...STEPPER_STAGES])
    expect(steps.every((s) => s.status === "pending")).toBe(true)
  })

  it("shows completed stages done with their summary and the running one active with its lines", () => {
    const events = stamp("r", [...intake(), ...context(), ...sources().slice(0, 2)])
    const steps = selectSteps(events)
    const byStage = Object.fromEntries(steps.map((s) => [s.stage, s]))
    expect(byStage.QUESTION_INTAKE).toMatchObject({
      status: "done",
      summary: "A threshold question",
      durationMs: 40,
    })
    expect(byStage.CONTEXT_RESOLUTION).toMatchObject({ status: "done", summary: "HR · TAX · T1" })
    expect(byStage.SOURCES).toMatchObject({
      status: "active",
      summary: null,
      messages: ["Searching sources", "Found: Test source A"],
    })
    expect(byStage.RETRIEVAL?.status).toBe("pending")
    expect(selectCurrentStage(steps)).toBe("SOURCES")
  })

  it("inserts CLARIFICATION after context when the gate closed, awaiting until answered", () => {
    const waiting = stamp("r", [...intake(), ...context(), clarificationAwaiting()])
    const stages = selectSteps(waiting).map((s) => s.stage)
    expect(stages.slice(0, 4)).toEqual(["QUESTION_INTAKE", "CONTEXT_RESOLUTION", "CLARIFICATION", "SOURCES"])
    expect(statuses(waiting).CLARIFICATION).toBe("awaiting")
    expect(selectCurrentStage(selectSteps(waiting))).toBe("CLARIFICATION")

    const answered = stamp("r", [
      ...intake(),
      ...context(),
      clarificationAwaiting(),
      clarificationComplete("OBRT"),
    ])
    const clarified = selectSteps(answered).find((s) => s.stage === "CLARIFICATION")
    expect(clarified).toMatchObject({ status: "done", summary: "Legal form: OBRT" })
  })

  it("marks the stage an ERROR names as failed, with the error, and the rest as not reached", () => {
    const events = stamp("r", [
      ...intake(),
      ...context(),
      ...sources(),
      ...middle().slice(0, 6),
      { stage: "ANALYSIS", status: "started" },
      error(),
    ])
    const steps = selectSteps(events)
    const analysis = steps.find((s) => s.stage === "ANALYSIS")
    expect(analysis?.status).toBe("failed")
    expect(analysis?.error?.correlationId).toBe("corr-123")
    expect(statuses(events).CONFIDENCE).toBe("skipped")
    expect(selectCurrentStage(steps)).toBe("ANALYSIS")
  })

  it("blames the interrupted stage when an ERROR names none", () => {
    const bodies = [...intake(), { stage: "CONTEXT_RESOLUTION", status: "started" } as const]
    const events = stamp("r", [
      ...bodies,
      {
        stage: "ERROR",
        status: "complete",
        data: { code: "INTERNAL", message: "x", correlationId: "c", retriable: false },
      },
    ])
    expect(statuses(events).CONTEXT_RESOLUTION).toBe("failed")
  })

  it("after a refusal, stages that never ran are not reached rather than pending", () => {
    const events = stamp("r", [...intake(), ...context(), ...sources([]), refusal()])
    const s = statuses(events)
    expect(s.SOURCES).toBe("done")
    expect(s.RETRIEVAL).toBe("skipped")
    expect(selectCurrentStage(selectSteps(events))).toBeNull()
  })

  it("an interrupted stored run shows its unfinished stage as not reached", () => {
    const events = stamp("r", [...intake(), { stage: "CONTEXT_RESOLUTION", status: "started" }])
    expect(statuses(events).CONTEXT_RESOLUTION).toBe("active")
    expect(statuses(events, true).CONTEXT_RESOLUTION).toBe("skipped")
  })
})

describe("selectSources", () => {
  it("lists sources as they are found, without duplicates", () => {
    const bodies = sources([SOURCE_A, SOURCE_B])
    const partial = stamp(
      "r",
      [bodies[0], bodies[1], bodies[1]].filter((b) => b !== undefined),
    )
    expect(selectSources(partial).map((s) => s.id)).toEqual(["src-a"])
  })

  it("uses the complete list once SOURCES completes", () => {
    expect(selectSources(answeredRun()).map((s) => s.name)).toEqual(["Test source A", "Test source B"])
  })
})

describe("selectRiskTier and selectPendingClarification", () => {
  it("reads the tier from CONTEXT_RESOLUTION", () => {
    expect(selectRiskTier(stamp("r", intake()))).toBeNull()
    expect(selectRiskTier(stamp("r", [...intake(), ...context("T3")]))).toBe("T3")
  })

  it("returns the open question only until it is answered or the run ends", () => {
    const waiting = stamp("r", [...intake(), ...context(), clarificationAwaiting()])
    expect(selectPendingClarification(waiting)?.question).toBe("Which legal form is the client?")
    expect(
      selectPendingClarification(
        stamp("r", [...intake(), ...context(), clarificationAwaiting(), clarificationComplete()]),
      ),
    ).toBeNull()
    expect(
      selectPendingClarification(stamp("r", [...intake(), ...context(), clarificationAwaiting(), refusal()])),
    ).toBeNull()
  })
})

describe("selectStreamState", () => {
  const streaming = stamp("r", intake())
  it("is idle with nothing asked", () => {
    expect(selectStreamState({ events: [], lastActivityAt: null, now: 0 })).toBe("idle")
  })
  it("is streaming right after submit, before any event", () => {
    expect(selectStreamState({ events: [], lastActivityAt: 100, now: 200 })).toBe("streaming")
  })
  it("is stalled after 30 s without an event, not before", () => {
    expect(selectStreamState({ events: streaming, lastActivityAt: 0, now: STALL_AFTER_MS - 1 })).toBe(
      "streaming",
    )
    expect(selectStreamState({ events: streaming, lastActivityAt: 0, now: STALL_AFTER_MS })).toBe("stalled")
  })
  it("waiting for the user is never stalled", () => {
    const waiting = stamp("r", [...intake(), ...context(), clarificationAwaiting()])
    expect(selectStreamState({ events: waiting, lastActivityAt: 0, now: 10 * STALL_AFTER_MS })).toBe(
      "awaiting_input",
    )
  })
  it("is ended once the terminal is shown", () => {
    expect(
      selectStreamState({
        events: stamp("r", [...intake(), answer()]),
        lastActivityAt: 0,
        now: 10 * STALL_AFTER_MS,
      }),
    ).toBe("ended")
  })
  it("is interrupted for a stored run cut off mid-way", () => {
    expect(
      selectStreamState({ events: streaming, lastActivityAt: 0, now: 1, storedStatus: "interrupted" }),
    ).toBe("interrupted")
  })
  it("is interrupted, not idle, for a stored run stopped before its first event", () => {
    expect(selectStreamState({ events: [], lastActivityAt: null, now: 1, storedStatus: "interrupted" })).toBe("interrupted")
    expect(selectStreamState({ events: [], lastActivityAt: null, now: 1 })).toBe("idle")
  })
})

describe("selectSinceLastUpdate", () => {
  it("measures from the last activity", () => {
    expect(selectSinceLastUpdate(1000, 3100)).toBe(2100)
    expect(selectSinceLastUpdate(null, 3100)).toBeNull()
  })
})
