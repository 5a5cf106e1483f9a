// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import {
  answeredRun,
  clarificationAwaiting,
  context,
  error,
  intake,
  middle,
  qualified,
  refusal,
  sources,
  stamp,
} from "../fixtures/runs"
import { renderApp } from "./harness"

afterEach(cleanup)

async function askQuestion(question = "Test question?") {
  const input = await screen.findByTestId("question-input")
  fireEvent.change(input, { target: { value: question } })
  await act(async () => {
    fireEvent.keyDown(input, { key: "Enter", ctrlKey: true })
  })
}

const askReturns = (requestId: string) => ({ "runs.ask": async () => ({ ok: true as const, value: { requestId } }) })

describe("Ask screen", () => {
  it("Ctrl+Enter asks; stages appear live, then the answer with citations", async () => {
    const { fake } = renderApp("/", askReturns("req-1"), { locale: "en" })
    await askQuestion("Do I have to register for VAT?")
    expect(fake.calls.find((c) => c.key === "runs.ask")?.input).toMatchObject({
      question: "Do I have to register for VAT?",
    })

    const events = answeredRun("req-1")
    const sourcesDone = events.findIndex((e) => e.stage === "SOURCES" && e.status === "progress")
    await act(async () => events.slice(0, sourcesDone + 1).forEach(fake.push))
    expect(screen.getByTestId("step-QUESTION_INTAKE").dataset.status).toBe("done")
    const current = screen.getByTestId("step-SOURCES")
    expect(current.dataset.status).toBe("active")
    expect(current.getAttribute("aria-current")).toBe("step")
    expect(within(current).getByTestId("step-sources").textContent).toContain("Test source A")
    expect(screen.getByTestId("stepper-announcer").textContent).toBe("Sources: in progress")
    expect(screen.getByTestId("stepper-liveness").textContent).toMatch(/^Last updated \d/)

    await act(async () => events.slice(sourcesDone + 1).forEach(fake.push))
    const card = screen.getByTestId("answer-card")
    expect(card.dataset.outcome).toBe("ANSWER")
    expect(screen.getByTestId("answer-text").textContent).toBe("Test answer in English.")
    expect(screen.getByTestId("citation-quote").textContent).toContain("Placeholder quote for tests.")
    expect(screen.getByTestId("citation-link").textContent).toBe("https://example.test/a#e1")
    expect(screen.getByTestId("citation-fetched").textContent).toBe("Retrieved 10 January 2025")
    expect(document.activeElement).toBe(screen.getByTestId("answer-heading"))
    // The stepper has become reasoning cards, collapsed to their summaries.
    expect(screen.queryByTestId("stepper")).toBeNull()
    expect(screen.getByTestId("card-summary-SOURCES").textContent).toBe("Found 2 sources")
    expect(screen.queryByTestId("card-body-APPLICABILITY")).toBeNull()
    fireEvent.click(screen.getByTestId("card-toggle-APPLICABILITY"))
    expect(screen.getByTestId("exclusion-text").textContent).toBe(
      "Excluded because your turnover (EUR 65,000.00) exceeds the threshold (EUR 60,000.00).",
    )
  })

  it("shows the Croatian answer in the Croatian UI", async () => {
    const { fake } = renderApp("/", askReturns("req-hr"))
    await askQuestion()
    await act(async () => answeredRun("req-hr").forEach(fake.push))
    expect(screen.getByTestId("answer-text").textContent).toBe("Testni odgovor na hrvatskom.")
  })

  it("a clarification prompt appears above the input; answering and cancelling call the host", async () => {
    const { fake } = renderApp(
      "/",
      {
        ...askReturns("req-2"),
        "runs.answer": async () => ({ ok: true, value: { requestId: "req-2" } }),
        "runs.cancel": async () => ({ ok: true, value: { requestId: "req-2" } }),
      },
      { locale: "en" },
    )
    await askQuestion()
    await act(async () =>
      stamp("req-2", [...intake(), ...context(), clarificationAwaiting()]).forEach(fake.push),
    )
    const prompt = screen.getByTestId("clarification")
    expect(within(prompt).getByTestId("clarification-question").textContent).toBe(
      "Which legal form is the client?",
    )
    expect(screen.getByTestId("step-CLARIFICATION").dataset.status).toBe("awaiting")
    expect(document.activeElement?.getAttribute("data-testid")).toBe("clarification-option")

    await act(async () =>
      fireEvent.click(within(prompt).getAllByTestId("clarification-option")[1] as HTMLElement),
    )
    expect(fake.calls.find((c) => c.key === "runs.answer")?.input).toEqual({
      requestId: "req-2",
      answer: "OBRT",
    })

    await act(async () => fireEvent.click(within(prompt).getByTestId("clarification-send")))
    expect(screen.getByTestId("clarification-error").textContent).toBe(
      "Type an answer or choose one of the options.",
    )

    await act(async () => fireEvent.click(within(prompt).getByTestId("clarification-cancel")))
    expect(fake.calls.find((c) => c.key === "runs.cancel")?.input).toEqual({ requestId: "req-2" })
  })

  it("a qualified answer warns about each conflict: both sources and the practical resolution", async () => {
    const { fake } = renderApp("/", askReturns("req-3"), { locale: "en" })
    await askQuestion()
    await act(async () =>
      stamp("req-3", [...intake(), ...context(), ...sources(), ...middle(true), qualified()]).forEach(
        fake.push,
      ),
    )
    const warning = screen.getByTestId("conflict-warning")
    expect(within(warning).getByTestId("conflict-source-a").textContent).toBe("value one")
    expect(within(warning).getByTestId("conflict-source-b").textContent).toBe("value two")
    expect(within(warning).getByTestId("conflict-resolution").textContent).toBe("Practice follows value one")
    expect(warning.textContent).toContain("Test source A says:")
  })

  it("a refusal says why in plain words and what to do next", async () => {
    const { fake } = renderApp("/", askReturns("req-4"), { locale: "en" })
    await askQuestion()
    await act(async () => stamp("req-4", [...intake(), ...context(), refusal()]).forEach(fake.push))
    expect(screen.getByTestId("refusal-reason").textContent).toBe(
      "We need more information about the client to answer.",
    )
    expect(screen.getByTestId("refusal-next-steps").textContent).toContain(
      "Add the turnover to the client profile",
    )
    // The missing fact is named once, as the label of the field that supplies it (issue 23).
    expect(screen.getByLabelText("Your turnover")).toBeTruthy()
    // The stages that did run are still there to inspect, as cards.
    expect(screen.getByTestId("card-summary-CONTEXT_RESOLUTION").textContent).toBe("HR · TAX · T1")
    expect(screen.queryByTestId("card-RETRIEVAL")).toBeNull()
  })

  it("an error apologises with the correlation id; retry asks the same question again", async () => {
    let asks = 0
    const { fake } = renderApp(
      "/",
      { "runs.ask": async () => ({ ok: true, value: { requestId: `req-e${++asks}` } }) },
      { locale: "en" },
    )
    await askQuestion("Retry me")
    await act(async () =>
      stamp("req-e1", [...intake(), { stage: "CONTEXT_RESOLUTION", status: "started" }, error()]).forEach(
        fake.push,
      ),
    )
    expect(screen.getByTestId("answer-heading").textContent).toBe("We are sorry, something went wrong")
    expect(screen.getByTestId("error-correlation-id").textContent).toBe("corr-123")
    // The failed stage stays open in the stepper with the error.
    expect(screen.getByTestId("step-ANALYSIS").dataset.status).toBe("failed")
    await act(async () => fireEvent.click(screen.getByTestId("error-retry")))
    const retried = fake.calls.filter((c) => c.key === "runs.ask")
    expect(retried).toHaveLength(2)
    expect(retried[1]?.input).toMatchObject({ question: "Retry me" })
  })

  it("blocks a second question while a run streams, and says why", async () => {
    const { fake } = renderApp("/", askReturns("req-5"), { locale: "en" })
    await askQuestion()
    await act(async () => stamp("req-5", intake().slice(0, 1)).forEach(fake.push))
    expect((screen.getByTestId("ask-submit") as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText("Wait for the current research to finish, or stop it.")).toBeTruthy()
  })

  it("refuses an empty question without calling the host", async () => {
    const { fake } = renderApp("/", askReturns("req-6"), { locale: "en" })
    await askQuestion("   ")
    expect(screen.getByTestId("question-error").textContent).toBe("Please type a question.")
    expect(fake.calls.some((c) => c.key === "runs.ask")).toBe(false)
  })
})

describe("adaptive intensity", () => {
  it("T2 keeps the current stage to one line until clicked", async () => {
    const { fake } = renderApp("/", askReturns("req-t2"), { locale: "en" })
    await askQuestion()
    await act(async () =>
      stamp("req-t2", [...intake(), ...context("T2"), ...sources().slice(0, 2)]).forEach(fake.push),
    )
    const toggle = screen.getByTestId("step-toggle-SOURCES")
    expect(toggle.getAttribute("aria-expanded")).toBe("false")
    fireEvent.click(toggle)
    expect(toggle.getAttribute("aria-expanded")).toBe("true")
  })

  it("T3 is a compact pill that opens the full list", async () => {
    const { fake } = renderApp("/", askReturns("req-t3"), { locale: "en" })
    await askQuestion()
    await act(async () =>
      stamp("req-t3", [...intake(), ...context("T3"), ...sources().slice(0, 2)]).forEach(fake.push),
    )
    const pill = screen.getByTestId("stepper-pill")
    expect(pill.textContent).toContain("Found: Test source A")
    expect(screen.queryByTestId("step-SOURCES")).toBeNull()
    fireEvent.click(pill)
    expect(screen.getByTestId("step-SOURCES")).toBeTruthy()
  })

  it("T0 opens the current stage", async () => {
    const { fake } = renderApp("/", askReturns("req-t0"), { locale: "en" })
    await askQuestion()
    await act(async () =>
      stamp("req-t0", [...intake(), ...context("T0"), ...sources().slice(0, 2)]).forEach(fake.push),
    )
    expect(screen.getByTestId("step-toggle-SOURCES").getAttribute("aria-expanded")).toBe("true")
  })
})

describe("stall", () => {
  it("a run with no event for 30 s shows as stalled, with retry", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] })
    try {
      const { fake } = renderApp("/", askReturns("req-s"), { locale: "en" })
      await askQuestion()
      await act(async () => stamp("req-s", intake().slice(0, 1)).forEach(fake.push))
      await act(async () => vi.advanceTimersByTime(29_000))
      expect(screen.getByTestId("stepper").dataset.streamState).toBe("streaming")
      expect(screen.getByTestId("stepper-liveness").textContent).toMatch(/^Last updated 29\.\d s ago$/)
      await act(async () => vi.advanceTimersByTime(2_000))
      expect(screen.getByTestId("stepper").dataset.streamState).toBe("stalled")
      expect(screen.getByTestId("stepper-stalled").textContent).toContain("The research has stalled")
      expect(screen.getByTestId("stepper-retry")).toBeTruthy()
    } finally {
      vi.useRealTimers()
    }
  })
})
