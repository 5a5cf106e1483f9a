import { describe, expect, it } from "vitest"
import type { ReasoningEvent } from "../../../src-shared/events/event"
import { continueFromRetrieval } from "../../../src-main/engine/pipeline"
import { retrievalStateFromEvents } from "../../../src-main/engine/replay-state"
import { syntheticPack } from "../../fixtures/packs"
import { ask, askUntilInput, drain, fixedClock, stagesOf } from "./helpers"

// A question naming a day that does not exist: the run asks which day was meant (never answers
// for today instead), and the answered day is the run's date from then on. The fixed clock's
// date is 2025-06-01; the synthetic threshold is 1.000 EUR in 2023 and 2.000 EUR from 2024.

const HR_QUESTION = "Koji je prag za PDV na dan 30.02.2023.?"
const EN_QUESTION = "What is the VAT threshold on 2023-02-30?"

function find<S extends ReasoningEvent["stage"], T extends ReasoningEvent["status"]>(
  events: readonly ReasoningEvent[],
  stage: S,
  status: T,
): Extract<ReasoningEvent, { stage: S; status: T }> | undefined {
  return events.find((e): e is Extract<ReasoningEvent, { stage: S; status: T }> => e.stage === stage && e.status === status)
}

describe("a date in the question that does not exist", () => {
  it("is asked about (hr) and the run waits: no answer for today's date", async () => {
    const events = await askUntilInput(HR_QUESTION)
    expect(stagesOf(events).slice(-2)).toEqual(["CONTEXT_RESOLUTION:complete", "CLARIFICATION:awaiting_input"])
    expect(find(events, "CONTEXT_RESOLUTION", "complete")?.data.requiresClarification).toBe(true)
    const asked = find(events, "CLARIFICATION", "awaiting_input")
    expect(asked?.message).toBe(
      "Datum „30.02.2023” iz pitanja ne postoji: veljača 2023. ima 28 dana. Za koji datum želite odgovor?",
    )
    expect(asked?.data).toMatchObject({
      reason: "impossible-date",
      required: true,
      freeformAllowed: true,
      options: [
        { label: "28. 2. 2023. (zadnji dan veljače)", value: "2023-02-28" },
        { label: "Danas (1. 6. 2025.)", value: "2025-06-01" },
        { label: "Odustani", value: "cancel" },
      ],
    })
  })

  it("is asked about in English for an English question", async () => {
    const events = await askUntilInput(EN_QUESTION)
    expect(find(events, "CLARIFICATION", "awaiting_input")?.message).toBe(
      "The date “2023-02-30” in the question does not exist: February 2023 has 28 days. Which date should the answer be for?",
    )
  })

  it("answers for the day the user picks, with no assumption about today left", async () => {
    const outcome = await ask(HR_QUESTION, { clarifications: ["2023-02-28"] })
    expect(stagesOf(outcome.events)).toContain("CLARIFICATION:complete")
    expect(outcome.terminal).toMatchObject({ outcome: "ANSWER", asOfDate: "2023-02-28", headline: "SINTETSKO: prag je 1.000 EUR." })
    expect(find(outcome.events, "APPLICABILITY", "complete")?.data.eligibleRuleIds).toEqual(["syn.prag.2023"])
    // Nothing after the answer (timestamps aside) speaks of the clock's date.
    const answered = outcome.events.findIndex((e) => e.stage === "CLARIFICATION" && e.status === "complete")
    const later = outcome.events.slice(answered).map(({ ts: _ts, ...rest }) => rest)
    expect(JSON.stringify(later)).not.toMatch(/2025-06-01|0?1\. ?0?6\. ?2025|today|danas/i)
  })

  it("takes a typed date (en) and gives the same events from a callback as from a pre-supplied answer", async () => {
    const supplied = await ask(EN_QUESTION, { clarifications: ["28 February 2023"] })
    const asked = await ask(EN_QUESTION, { clarify: async () => ({ kind: "answer", value: "28 February 2023" }) })
    expect(asked.events).toEqual(supplied.events)
    expect(find(supplied.events, "CLARIFICATION", "complete")?.data).toEqual({
      confirmedContext: "Date: 28 Feb 2023",
      answer: "28 February 2023",
      asOfDate: "2023-02-28",
    })
    expect(supplied.terminal).toMatchObject({ outcome: "ANSWER", asOfDate: "2023-02-28" })
  })

  it("picking today answers for today, as the user's choice rather than an assumption", async () => {
    const outcome = await ask(HR_QUESTION, { clarifications: ["Danas (1. 6. 2025.)"] })
    expect(outcome.terminal).toMatchObject({ outcome: "ANSWER", asOfDate: "2025-06-01", headline: "SINTETSKO: prag je 2.000 EUR." })
    const state = retrievalStateFromEvents(outcome.events, syntheticPack())
    expect(state.assumedDefaults.some((code) => code.startsWith("asOf"))).toBe(false)
    expect(state.factSources.asOf).toBe("query")
  })

  it("a cancel, or an answer that is no real date, refuses with NEEDS_CLARIFICATION before any research", async () => {
    for (const answer of ["cancel", "31.02.2023."]) {
      const outcome = await ask(HR_QUESTION, { clarifications: [answer] })
      expect(stagesOf(outcome.events).slice(-3)).toEqual([
        "CLARIFICATION:awaiting_input",
        "CLARIFICATION:complete",
        "REFUSAL:complete",
      ])
      expect(outcome.terminal).toMatchObject({ outcome: "REFUSAL", reason: "NEEDS_CLARIFICATION", requiredFields: ["asOf"] })
    }
  })

  it("is not asked about when the request sets the date: the request's date wins, as for real dates", async () => {
    const outcome = await ask(HR_QUESTION, { asOf: "2024-03-01" })
    expect(stagesOf(outcome.events).some((s) => s.startsWith("CLARIFICATION"))).toBe(false)
    expect(find(outcome.events, "CONTEXT_RESOLUTION", "complete")?.data.requiresClarification).toBe(false)
    expect(outcome.terminal).toMatchObject({ outcome: "ANSWER", asOfDate: "2024-03-01" })
  })

  it("comes after the topic question when the topic is unclear too; answers are used in order", async () => {
    // "porez" alone offers the profit tax concept; the free-text answer names it.
    const outcome = await ask("porez 31.02.2025", { clarifications: ["porez na dobit", "2025-02-28"] })
    const clarifications = outcome.events.filter((e) => e.stage === "CLARIFICATION" && e.status === "awaiting_input")
    expect(clarifications.map((e) => e.stage === "CLARIFICATION" && e.status === "awaiting_input" && e.data.reason)).toEqual([
      "topic",
      "impossible-date",
    ])
    expect(outcome.terminal).toMatchObject({
      outcome: "CONDITIONAL_ANSWER",
      asOfDate: "2025-02-28",
      headline: "Odgovor ovisi o podatku koji nije naveden (Prihod): 11 % ili 19 %.",
    })
  })

  it("a what-if continued from the stored events evaluates on the answered date", async () => {
    const base = await ask(HR_QUESTION, { clarifications: ["2023-02-28"] })
    const state = retrievalStateFromEvents(base.events, syntheticPack())
    expect(state.context.asOf).toBe("2023-02-28")
    const again = await drain(
      continueFromRetrieval({ requestId: "req_again", state }, { pack: syntheticPack(), clock: fixedClock() }),
    )
    expect(again.terminal).toEqual(base.terminal)
  })
})

// The request names one date (the form, a thread, --as-of) and the question another period: the
// synthetic threshold is 1.000 EUR in 2023 and 2.000 EUR from 2024, so answering for the wrong
// one would state a figure for a year the user did not ask about.
describe("a question whose own period disagrees with the request's date", () => {
  it("asks which date, offering the question's and the chosen one (hr)", async () => {
    const events = await askUntilInput("Koji je prag za PDV u 2023.?", { asOf: "2025-06-01" })
    const asked = find(events, "CLARIFICATION", "awaiting_input")
    expect(asked?.message).toBe(
      "Pitanje navodi 2023., a odabrani datum odgovora je 1. 6. 2025. Za koji datum želite odgovor?",
    )
    expect(asked?.data).toMatchObject({
      reason: "disagreeing-date",
      options: [
        { label: "1. 1. 2023. (godina 2023. iz pitanja)", value: "2023-01-01" },
        { label: "1. 6. 2025. (odabrani datum)", value: "2025-06-01" },
        { label: "Odustani", value: "cancel" },
      ],
    })
    expect(events.some((e) => e.stage === "ANSWER")).toBe(false)
  })

  it("asks in English for an English question, naming the day the question gives", async () => {
    const events = await askUntilInput("What is the VAT threshold on 1 March 2023?", { asOf: "2025-06-01" })
    expect(find(events, "CLARIFICATION", "awaiting_input")?.message).toBe(
      "The question names 1 Mar 2023, but the date chosen for the answer is 1 Jun 2025. Which date should the answer be for?",
    )
  })

  it("answers for the date picked, with that year's figure", async () => {
    const outcome = await ask("Koji je prag za PDV u 2023.?", { asOf: "2025-06-01", clarifications: ["2023-01-01"] })
    expect(outcome.terminal).toMatchObject({ outcome: "ANSWER", asOfDate: "2023-01-01", headline: "SINTETSKO: prag je 1.000 EUR." })
  })

  it("does not ask when the chosen date lies in the year the question names", async () => {
    const outcome = await ask("Koji je prag za PDV u 2023.?", { asOf: "2023-09-15" })
    expect(stagesOf(outcome.events)).not.toContain("CLARIFICATION:awaiting_input")
    expect(outcome.terminal).toMatchObject({ outcome: "ANSWER", asOfDate: "2023-09-15" })
  })

  it("lets a follow-up's own year replace the thread's date: the user just typed it", async () => {
    const outcome = await ask("A za 2023?", {
      asOf: "2025-06-01",
      previousTurn: { requestId: "req_prev", question: "Koji je prag za PDV?" },
    })
    expect(stagesOf(outcome.events)).not.toContain("CLARIFICATION:awaiting_input")
    expect(outcome.terminal).toMatchObject({ outcome: "ANSWER", asOfDate: "2023-01-01", headline: "SINTETSKO: prag je 1.000 EUR." })
  })
})
