// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react"
import { afterEach, beforeAll, describe, expect, it } from "vitest"
import type { ReasoningEvent } from "../../../../src-shared/events/event"
import type { TraceSummary } from "../../../../src-shared/traces"
import { ask } from "../../engine/helpers"
import {
  DATE_ANSWER,
  TOPIC_ANSWER,
  TWO_ROUND_QUESTION,
  twoRoundRun,
  untilQuestion,
} from "../fixtures/engine-runs"
import { renderApp } from "./harness"

// A run that asks twice, as the real engine emits it: the topic, then the date the question names
// that does not exist (fixed clock 2025-06-01). Live on the Ask screen and reopened from history.

afterEach(cleanup)

let whole: ReasoningEvent[]
beforeAll(async () => {
  whole = await twoRoundRun("req-two")
})

const hostAnswers = {
  "runs.ask": async () => ({ ok: true as const, value: { requestId: "req-two" } }),
  "runs.answer": async () => ({ ok: true as const, value: { requestId: "req-two" } }),
  "runs.cancel": async () => ({ ok: true as const, value: { requestId: "req-two" } }),
}

async function askTwoRoundQuestion() {
  const input = await screen.findByTestId("question-input")
  fireEvent.change(input, { target: { value: TWO_ROUND_QUESTION } })
  await act(async () => fireEvent.keyDown(input, { key: "Enter", ctrlKey: true }))
}

const prompt = () => screen.getByTestId("clarification")
const answersSent = (calls: Array<{ key: string; input: unknown }>) =>
  calls.filter((c) => c.key === "runs.answer").map((c) => c.input)

describe("Ask screen: a second clarification after the first was answered", () => {
  it("asks the new question like the first, keeps the first shown as answered, then answers for the chosen date", async () => {
    const { fake } = renderApp("/", hostAnswers)
    await askTwoRoundQuestion()
    const first = untilQuestion(whole, 1)
    const second = untilQuestion(whole, 2)
    await act(async () => first.forEach(fake.push))
    expect(within(prompt()).getByTestId("clarification-question").textContent).toContain("Pitate li o temi")
    fireEvent.change(within(prompt()).getByTestId("clarification-text"), { target: { value: TOPIC_ANSWER } })
    await act(async () => fireEvent.click(within(prompt()).getByTestId("clarification-send")))

    await act(async () => second.slice(first.length).forEach(fake.push))
    expect(within(prompt()).getByTestId("clarification-question").textContent).toBe(
      "Datum „31.02.2025” iz pitanja ne postoji: veljača 2025. ima 28 dana. Za koji datum želite odgovor?",
    )
    // A fresh prompt: the first answer's text is gone, focus is on the first option, cancel is there.
    expect((within(prompt()).getByTestId("clarification-text") as HTMLInputElement).value).toBe("")
    expect(document.activeElement?.getAttribute("data-value")).toBe(DATE_ANSWER)
    expect(within(prompt()).getByTestId("clarification-cancel")).toBeTruthy()
    const step = screen.getByTestId("step-CLARIFICATION")
    expect(step.dataset.status).toBe("awaiting")
    const rounds = within(step).getAllByTestId("step-clarification-round")
    expect(rounds.map((r) => r.dataset.state)).toEqual(["answered", "awaiting"])
    expect(rounds[0]?.textContent).toContain(`Vaš odgovor: ${TOPIC_ANSWER}`)
    expect(rounds[1]?.textContent).toContain("Čeka vaš odgovor")

    const option = within(prompt())
      .getAllByTestId("clarification-option")
      .find((b) => b.dataset.value === DATE_ANSWER)
    await act(async () => fireEvent.click(option as HTMLElement))
    expect(answersSent(fake.calls)).toEqual([
      { requestId: "req-two", answer: TOPIC_ANSWER },
      { requestId: "req-two", answer: DATE_ANSWER },
    ])

    await act(async () => whole.slice(second.length).forEach(fake.push))
    expect(screen.queryByTestId("clarification")).toBeNull()
    expect(screen.getByTestId("answer-card").textContent).toContain("Stanje na dan 28. 2. 2025.")
    expect(screen.getByTestId("card-summary-CLARIFICATION").textContent).toBe(
      "Sintetska stopa poreza na dobit · Datum: 28. 2. 2025.",
    )
  })

  it("the second question can be cancelled, and the refusal's cards show both rounds", async () => {
    const cancelled = (
      await ask(TWO_ROUND_QUESTION, { requestId: "req-two", clarifications: [TOPIC_ANSWER, "cancel"] })
    ).events
    const { fake } = renderApp("/", hostAnswers)
    await askTwoRoundQuestion()
    const second = untilQuestion(cancelled, 2)
    await act(async () => second.forEach(fake.push))
    await act(async () => fireEvent.click(within(prompt()).getByTestId("clarification-cancel")))
    expect(fake.calls.filter((c) => c.key === "runs.cancel").map((c) => c.input)).toEqual([
      { requestId: "req-two" },
    ])

    await act(async () => cancelled.slice(second.length).forEach(fake.push))
    expect(screen.getByTestId("answer-card").dataset.outcome).toBe("REFUSAL")
    fireEvent.click(screen.getByTestId("card-toggle-CLARIFICATION"))
    const answered = within(screen.getByTestId("card-body-CLARIFICATION")).getAllByTestId(
      "clarification-round",
    )
    expect(answered.map((r) => r.querySelectorAll("dd")[1]?.textContent)).toEqual([TOPIC_ANSWER, "Odustani"])
  })
})

function storedSummary(patch: Partial<TraceSummary> = {}): TraceSummary {
  return {
    requestId: "req-two",
    question: TWO_ROUND_QUESTION,
    status: "complete",
    outcome: "ANSWER",
    domain: "TAX",
    riskTier: "T1",
    confidence: 0.78,
    locale: "hr",
    asOfDate: DATE_ANSWER,
    clientId: null,
    sourceCount: 2,
    eligibleRuleCount: 1,
    exclusionCount: 1,
    conflictCount: 0,
    refusalReason: null,
    durationMs: 100,
    ttfusMs: 40,
    createdAt: "2025-06-01T10:00:00.000Z",
    counterfactualOf: null,
    packId: "synthetic",
    packVersion: "1.0.0",
    packHash: "h",
    chainHead: "c",
    eventCount: whole.length,
    ...patch,
  }
}

describe("Trace view: a reopened run that asked twice", () => {
  it("shows both questions with their answers, and the date the clarification set on the Context card", async () => {
    renderApp("/trace/req-two", {
      "traces.get": async () => ({ ok: true, value: { trace: storedSummary(), events: whole } }),
    })
    fireEvent.click(await screen.findByTestId("card-toggle-CLARIFICATION"))
    const rounds = within(screen.getByTestId("card-body-CLARIFICATION")).getAllByTestId("clarification-round")
    expect(rounds.map((r) => Array.from(r.querySelectorAll("dd"), (dd) => dd.textContent))).toEqual([
      ["Pitate li o temi „Sintetska stopa poreza na dobit”?", TOPIC_ANSWER],
      [
        "Datum „31.02.2025” iz pitanja ne postoji: veljača 2025. ima 28 dana. Za koji datum želite odgovor?",
        "28. 2. 2025. (zadnji dan veljače)",
      ],
    ])
    fireEvent.click(screen.getByTestId("card-toggle-CONTEXT_RESOLUTION"))
    expect(screen.getByTestId("context-as-of").textContent).toBe("1. 6. 2025. → 28. 2. 2025. (iz pojašnjenja)")
    // Today's date was only a placeholder until the user chose: it is no longer listed as assumed.
    expect(screen.getByTestId("context-assumed").textContent).not.toMatch(/datum/i)
  })

  it("says the same in English", async () => {
    renderApp(
      "/trace/req-two",
      { "traces.get": async () => ({ ok: true, value: { trace: storedSummary(), events: whole } }) },
      { locale: "en" },
    )
    fireEvent.click(await screen.findByTestId("card-toggle-CONTEXT_RESOLUTION"))
    expect(screen.getByTestId("context-as-of").textContent).toBe(
      "1 June 2025 → 28 February 2025 (from the clarification)",
    )
  })

  it("a run stored while waiting for the second answer offers that question, the first shown as answered", async () => {
    const waiting = untilQuestion(whole, 2)
    const { fake } = renderApp("/trace/req-two", {
      ...hostAnswers,
      "traces.get": async () => ({
        ok: true,
        value: {
          trace: storedSummary({ status: "awaiting_input", outcome: null, eventCount: waiting.length }),
          events: waiting,
        },
      }),
    })
    const shown = await screen.findByTestId("clarification")
    expect(within(shown).getByTestId("clarification-question").textContent).toContain("31.02.2025")
    const rounds = within(screen.getByTestId("step-CLARIFICATION")).getAllByTestId("step-clarification-round")
    expect(rounds.map((r) => r.dataset.state)).toEqual(["answered", "awaiting"])
    await act(async () =>
      fireEvent.click(within(shown).getAllByTestId("clarification-option")[0] as HTMLElement),
    )
    expect(answersSent(fake.calls)).toEqual([{ requestId: "req-two", answer: DATE_ANSWER }])
  })
})
