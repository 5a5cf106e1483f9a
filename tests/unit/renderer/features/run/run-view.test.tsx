// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import type { EventBody } from "../../../../../src-shared/events/event"
import { context, intake, sources, stamp } from "../../fixtures/runs"
import { renderApp } from "../../components/harness"

// The stepper's Stop (RunView): a stopped run shows as stopped, not as a failure; a Stop that
// comes after the run ended says so in the user's language, never as the host's raw words.

afterEach(cleanup)

async function askQuestion() {
  const input = await screen.findByTestId("question-input")
  fireEvent.change(input, { target: { value: "Moram li ući u sustav PDV-a?" } })
  await act(async () => {
    fireEvent.keyDown(input, { key: "Enter", ctrlKey: true })
  })
}

const cancelled: EventBody = {
  stage: "ERROR",
  status: "complete",
  severity: "info",
  data: { code: "CANCELLED", message: "Stopped at your request", correlationId: "req-stop", retriable: true },
}

/** The host refuses the Stop as it does for an ended run (its message is not what the UI shows). */
const refusesStop = {
  "runs.ask": async () => ({ ok: true as const, value: { requestId: "req-stop" } }),
  "runs.cancel": async () => ({ ok: false as const, error: { code: "CONFLICT" as const, message: "trace req-stop is not waiting for a clarification (status complete)" } }),
}

describe("Stop in the stepper", () => {
  it("a Stop after the run ended says so in Croatian in the Croatian UI, and fetches the stored run", async () => {
    const { fake } = renderApp("/", refusesStop)
    await askQuestion()
    await act(async () => stamp("req-stop", [...intake(), ...context()]).forEach(fake.push))
    await act(async () => fireEvent.click(screen.getByTestId("stepper-stop")))
    expect(fake.calls.find((c) => c.key === "runs.cancel")?.input).toEqual({ requestId: "req-stop" })
    const alert = await screen.findByRole("alert")
    expect(alert.textContent).toBe("Obrada je već završena, nema se što zaustaviti.")
    expect(alert.textContent).not.toContain("not waiting")
    // The stepper catches up with what the store has (the same outcome History shows).
    expect(fake.calls.some((c) => c.key === "traces.get")).toBe(true)
  })

  it("the same refusal in the English UI is in English", async () => {
    const { fake } = renderApp("/", refusesStop, { locale: "en" })
    await askQuestion()
    await act(async () => stamp("req-stop", intake()).forEach(fake.push))
    await act(async () => fireEvent.click(screen.getByTestId("stepper-stop")))
    expect((await screen.findByRole("alert")).textContent).toBe("The run has already finished; there is nothing to stop.")
  })

  it("any other failure to stop is worded in the user's language around the host's message", async () => {
    const { fake } = renderApp("/", {
      "runs.ask": refusesStop["runs.ask"],
      "runs.cancel": async () => ({ ok: false as const, error: { code: "UNAVAILABLE" as const, message: "host gone" } }),
    })
    await askQuestion()
    await act(async () => stamp("req-stop", intake()).forEach(fake.push))
    await act(async () => fireEvent.click(screen.getByTestId("stepper-stop")))
    expect((await screen.findByRole("alert")).textContent).toBe("Zaustavljanje nije uspjelo: host gone")
  })

  it("a stopped run shows the stepper where it stopped and a card that says it was stopped", async () => {
    const { fake } = renderApp(
      "/",
      { "runs.ask": refusesStop["runs.ask"], "runs.cancel": async () => ({ ok: true as const, value: { requestId: "req-stop" } }) },
      { locale: "en" },
    )
    await askQuestion()
    await act(async () => stamp("req-stop", [...intake(), ...context(), ...sources()]).forEach(fake.push))
    await act(async () => fireEvent.click(screen.getByTestId("stepper-stop")))
    await act(async () => stamp("req-stop", [...intake(), ...context(), ...sources(), cancelled]).slice(-1).forEach(fake.push))
    expect(screen.queryByRole("alert")).toBeNull()
    expect(screen.getByTestId("answer-card").dataset.outcome).toBe("ERROR")
    expect(screen.getByTestId("answer-heading").textContent).toBe("The run was stopped")
    expect(screen.getByTestId("error").textContent).toContain("You stopped the run before it answered.")
    expect(screen.getByTestId("step-SOURCES").dataset.status).toBe("done")
    expect(screen.getByTestId("step-APPLICABILITY").dataset.status).toBe("skipped")
    // The stepper's Stop is gone: the run has ended.
    expect(screen.queryByTestId("stepper-stop")).toBeNull()
  })
})
