import { beforeAll, describe, expect, it } from "vitest"
import type { ReasoningEvent } from "../../../../src-shared/events/event"
import { selectAsOfDates, selectClarificationRounds } from "../../../../src-renderer/reasoning/clarifications"
import {
  selectCurrentStage,
  selectPendingClarification,
  selectSteps,
  selectStreamState,
} from "../../../../src-renderer/reasoning/selectors"
import {
  answeredRun,
  clarificationAwaiting,
  clarificationComplete,
  context,
  intake,
  stamp,
} from "../fixtures/runs"
import { DATE_ANSWER, TOPIC_ANSWER, twoRoundRun, untilQuestion } from "../fixtures/engine-runs"

// A run that asks twice (the topic, then a date that does not exist), as the real engine emits it.

let whole: ReasoningEvent[]
beforeAll(async () => {
  whole = await twoRoundRun("req-two")
})

const clarificationStep = (events: readonly ReasoningEvent[]) =>
  selectSteps(events).find((s) => s.stage === "CLARIFICATION")

describe("a run waiting for its second clarification", () => {
  it("has the date question open, with the topic round shown as answered", () => {
    const live = untilQuestion(whole, 2)
    expect(selectPendingClarification(live)?.reason).toBe("impossible-date")
    expect(selectStreamState({ events: live, lastActivityAt: 0, now: 1 })).toBe("awaiting_input")
    const rounds = selectClarificationRounds(live)
    expect(rounds.map((r) => [r.asked.reason, r.answerText])).toEqual([
      ["topic", TOPIC_ANSWER],
      ["impossible-date", undefined],
    ])
  })

  it("puts the stepper's clarification step back to awaiting, and the user's attention on it", () => {
    const live = untilQuestion(whole, 2)
    expect(clarificationStep(live)).toMatchObject({ status: "awaiting", summary: null })
    expect(selectCurrentStage(selectSteps(live))).toBe("CLARIFICATION")
    // Between the rounds (first answered, second not asked yet) the step was done.
    expect(clarificationStep(live.slice(0, -1))?.status).toBe("done")
  })
})

describe("a run that answered both clarifications", () => {
  it("lists both rounds in order, the chosen option in its own words", () => {
    const rounds = selectClarificationRounds(whole)
    expect(rounds).toHaveLength(2)
    expect(rounds[0]).toMatchObject({
      asked: { reason: "topic" },
      answer: { answer: TOPIC_ANSWER },
      answerText: TOPIC_ANSWER,
    })
    expect(rounds[1]).toMatchObject({
      asked: { reason: "impossible-date" },
      answer: { answer: DATE_ANSWER, asOfDate: DATE_ANSWER },
      answerText: "28. 2. 2025. (zadnji dan veljače)",
    })
    expect(selectPendingClarification(whole)).toBeNull()
  })

  it("summarises the clarification step with what both rounds confirmed", () => {
    expect(clarificationStep(whole)).toMatchObject({
      status: "done",
      summary: "Sintetska stopa poreza na dobit · Datum: 28. 2. 2025.",
    })
  })

  it("knows the date the run used came from the clarification, not from context resolution", () => {
    expect(selectAsOfDates(untilQuestion(whole, 2))).toEqual({
      resolved: "2025-06-01",
      used: "2025-06-01",
      fromClarification: false,
    })
    expect(selectAsOfDates(whole)).toEqual({
      resolved: "2025-06-01",
      used: DATE_ANSWER,
      fromClarification: true,
    })
    const terminal = whole.at(-1)
    // The profit tax rate depends on the revenue, which the question does not give.
    expect(terminal?.stage === "CONDITIONAL_ANSWER" && terminal.data.asOfDate).toBe(DATE_ANSWER)
  })
})

describe("runs with one round or none", () => {
  it("a single round is one answered round; the date is the resolved one", () => {
    const events = stamp("r", [
      ...intake(),
      ...context(),
      clarificationAwaiting(),
      clarificationComplete("OBRT"),
    ])
    expect(selectClarificationRounds(events).map((r) => r.answerText)).toEqual(["Sole trade"])
    expect(selectAsOfDates(events)?.fromClarification).toBe(false)
  })

  it("a run that never asked has no rounds", () => {
    expect(selectClarificationRounds(answeredRun())).toEqual([])
    expect(selectAsOfDates([])).toBeNull()
  })
})
