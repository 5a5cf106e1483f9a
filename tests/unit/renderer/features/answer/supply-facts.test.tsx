// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { context, intake, refusal, stamp } from "../../fixtures/runs"
import { renderApp } from "../../components/harness"

// A refusal names each missing fact once, with a control to supply it; "ask again" asks the same
// question through runs.ask with the fact added, and the new run takes the Ask screen.

afterEach(cleanup)

function asksInTurn() {
  let n = 0
  return { "runs.ask": async () => ({ ok: true as const, value: { requestId: `req-${++n}` } }) }
}

async function refusedRun(locale: "hr" | "en") {
  const view = renderApp("/", asksInTurn(), { locale })
  const input = await screen.findByTestId("question-input")
  fireEvent.change(input, { target: { value: "Do I have to register for VAT?" } })
  await act(async () => {
    fireEvent.keyDown(input, { key: "Enter", ctrlKey: true })
  })
  await act(async () => stamp("req-1", [...intake(), ...context(), refusal()]).forEach(view.fake.push))
  return view
}

describe("a refusal's missing fact, supplied where it stands", () => {
  it("names the fact once and asks again with it, in the question's language", async () => {
    const { fake } = await refusedRun("en")
    const facts = screen.getByTestId("refusal-required-fields")
    expect(within(facts).getAllByTestId("supply-fact")).toHaveLength(1)
    expect(screen.getByTestId("answer-card").textContent?.match(/turnover/gi)).toHaveLength(2) // the label, and the engine's next step

    fireEvent.change(screen.getByLabelText("Your turnover"), { target: { value: "65,000" } })
    await act(async () => {
      fireEvent.click(screen.getByTestId("supply-submit"))
    })
    const asks = fake.calls.filter((c) => c.key === "runs.ask")
    expect(asks).toHaveLength(2)
    expect(asks[1]?.input).toEqual({ question: "Do I have to register for VAT? Turnover EUR 65,000.00." })
    // The new run is the one on the Ask screen now.
    expect(screen.getByTestId("run-view").dataset.requestId).toBe("req-2")
  })

  it("refuses an amount it cannot read, says why in the UI language, and keeps what was typed", async () => {
    const { fake } = await refusedRun("hr")
    const field = screen.getByLabelText("Vaš promet")
    fireEvent.change(field, { target: { value: "puno" } })
    await act(async () => {
      fireEvent.click(screen.getByTestId("supply-submit"))
    })
    expect(screen.getByTestId("supply-error").textContent).toBe("Upišite iznos u eurima, npr. 65.000,00.")
    expect(field.getAttribute("aria-invalid")).toBe("true")
    expect((field as HTMLInputElement).value).toBe("puno")
    expect(fake.calls.filter((c) => c.key === "runs.ask")).toHaveLength(1)
  })
})
