// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import type { HistoryItem, TracePageRequest } from "../../../../src-shared/traces"
import { answeredRun, clarificationAwaiting, context, intake, stamp } from "../fixtures/runs"
import { renderApp } from "./harness"

afterEach(cleanup)

function summary(requestId: string, patch: Partial<HistoryItem> = {}): HistoryItem {
  return {
    requestId,
    question: `Question ${requestId}`,
    status: "complete",
    outcome: "ANSWER",
    domain: "TAX",
    riskTier: "T1",
    confidence: 0.9,
    locale: "en",
    asOfDate: "2025-01-15",
    clientId: null,
    sourceCount: 2,
    eligibleRuleCount: 2,
    exclusionCount: 1,
    conflictCount: 0,
    refusalReason: null,
    durationMs: 1200,
    ttfusMs: 40,
    createdAt: "2025-01-15T09:00:00.000Z",
    counterfactualOf: null,
    packId: "hr-pack",
    packVersion: "1.0.0",
    packHash: "h",
    chainHead: "c",
    eventCount: 20,
    headline: `Headline ${requestId}`,
    flags: { open: 0, decided: 0 },
    ...patch,
  }
}

describe("History", () => {
  it("lists stored runs, marks interrupted and awaiting ones, pages with Load more and filters", async () => {
    const requests: TracePageRequest[] = []
    const { fake } = renderApp(
      "/history",
      {
        "traces.list": async (input) => {
          requests.push(input)
          if (input.cursor === "next")
            return { ok: true, value: { items: [summary("r3")], nextCursor: null } }
          if (input.outcome === "REFUSAL") return { ok: true, value: { items: [], nextCursor: null } }
          return {
            ok: true,
            value: {
              items: [
                summary("r1"),
                summary("r2", { status: "interrupted", outcome: null }),
                summary("r4", { status: "awaiting_input", outcome: null }),
              ],
              nextCursor: "next",
            },
          }
        },
      },
      { locale: "en" },
    )
    await waitFor(() => expect(screen.getAllByTestId("history-row")).toHaveLength(3))
    const rows = screen.getAllByTestId("history-row")
    expect(within(rows[1] as HTMLElement).getByTestId("badge-status").textContent).toBe("Interrupted")
    expect(within(rows[2] as HTMLElement).getByTestId("badge-status").textContent).toBe("Awaiting answer")
    expect(within(rows[0] as HTMLElement).getByTestId("badge-outcome").textContent).toBe("Answer")

    await act(async () => fireEvent.click(screen.getByTestId("history-load-more")))
    expect(screen.getAllByTestId("history-row")).toHaveLength(4)
    expect(requests[1]).toMatchObject({ cursor: "next" })
    expect(screen.queryByTestId("history-load-more")).toBeNull()

    await act(async () =>
      fireEvent.change(screen.getByTestId("history-filter-outcome"), { target: { value: "REFUSAL" } }),
    )
    await waitFor(() => expect(screen.getByTestId("history-empty")).toBeTruthy())
    expect(requests[requests.length - 1]).toEqual({ limit: 25, outcome: "REFUSAL" })
    expect(fake.calls.every((c) => c.key !== "runs.ask")).toBe(true)
  })
})

describe("Trace view", () => {
  it("opens a stored run with the same answer and cards, from the store", async () => {
    const events = answeredRun("r1")
    renderApp(
      "/trace/r1",
      { "traces.get": async () => ({ ok: true, value: { trace: summary("r1"), events } }) },
      { locale: "en" },
    )
    await waitFor(() => expect(screen.getByTestId("answer-card")).toBeTruthy())
    expect(screen.getByTestId("trace-question").textContent).toBe("Question r1")
    expect(screen.getByTestId("answer-text").textContent).toBe("Test answer in English.")
    expect(screen.getByTestId("card-summary-APPLICABILITY").textContent).toBe("2 rules apply")
    expect(screen.queryByTestId("stepper")).toBeNull()
  })

  it("says so when the run does not exist", async () => {
    renderApp(
      "/trace/missing",
      { "traces.get": async () => ({ ok: false, error: { code: "NOT_FOUND", message: "no" } }) },
      { locale: "en" },
    )
    await waitFor(() =>
      expect(screen.getByTestId("trace-missing").textContent).toContain("This research was not found."),
    )
  })

  it("an interrupted run shows where it stopped and can be asked again", async () => {
    const events = stamp("r2", [...intake(), { stage: "CONTEXT_RESOLUTION", status: "started" }])
    const { fake } = renderApp(
      "/trace/r2",
      {
        "traces.get": async () => ({
          ok: true,
          value: { trace: summary("r2", { status: "interrupted", outcome: null }), events },
        }),
        "runs.ask": async () => ({ ok: true, value: { requestId: "r2-again" } }),
      },
      { locale: "en" },
    )
    await waitFor(() => expect(screen.getByTestId("stepper-interrupted")).toBeTruthy())
    expect(screen.getByTestId("step-CONTEXT_RESOLUTION").dataset.status).toBe("skipped")
    // Nothing is live about a stored run: no "last updated" clock.
    expect(screen.queryByTestId("stepper-liveness")).toBeNull()
    await act(async () => fireEvent.click(screen.getByTestId("stepper-retry")))
    expect(fake.calls.find((c) => c.key === "runs.ask")?.input).toEqual({
      question: "Question r2",
      asOfDate: "2025-01-15",
    })
  })

  it("a run stopped before its first event shows as interrupted, every stage not reached", async () => {
    renderApp(
      "/trace/r5",
      { "traces.get": async () => ({ ok: true, value: { trace: summary("r5", { status: "interrupted", outcome: null }), events: [] } }) },
      { locale: "en" },
    )
    await waitFor(() => expect(screen.getByTestId("stepper-interrupted").textContent).toContain("interrupted before it finished"))
    expect(screen.getByTestId("stepper").dataset.streamState).toBe("interrupted")
    expect(screen.getByTestId("step-QUESTION_INTAKE").dataset.status).toBe("skipped")
    expect(screen.queryByTestId("stepper-liveness")).toBeNull()
  })

  it("an awaiting run can be resumed from history and continues live", async () => {
    const waiting = stamp("r4", [...intake(), ...context(), clarificationAwaiting()])
    const { fake } = renderApp(
      "/trace/r4",
      {
        "traces.get": async () => ({
          ok: true,
          value: { trace: summary("r4", { status: "awaiting_input", outcome: null }), events: waiting },
        }),
        "runs.answer": async () => ({ ok: true, value: { requestId: "r4" } }),
      },
      { locale: "en" },
    )
    const prompt = await screen.findByTestId("clarification")
    await act(async () =>
      fireEvent.click(within(prompt).getAllByTestId("clarification-option")[0] as HTMLElement),
    )
    expect(fake.calls.find((c) => c.key === "runs.answer")?.input).toEqual({
      requestId: "r4",
      answer: "DOO",
    })
    const next = stamp(
      "r4",
      [
        {
          stage: "CLARIFICATION",
          status: "complete",
          data: { confirmedContext: "Legal form: DOO", answer: "DOO" },
        },
      ],
      40,
      waiting.length,
    )
    await act(async () => next.forEach(fake.push))
    expect(screen.queryByTestId("clarification")).toBeNull()
    expect(screen.getByTestId("step-CLARIFICATION").dataset.status).toBe("done")
  })
})
