// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import type { EventBody } from "../../../../../src-shared/events/event"
import type { Client } from "../../../../../src-shared/traces"
import { renderApp } from "../../components/harness"
import { answerPayload, context, intake, middle, sources, stamp } from "../../fixtures/runs"

// The client and the as-of date of a run: named on the answer card, and kept for the next question
// only as a visible chip that one click (or a key press on its button) clears, after which the
// next question is asked without a client and on today's date.

afterEach(cleanup)

const CLIENT: Client = {
  id: "cl-ana",
  name: "Obrt Ana",
  oib: null,
  context: {
    entity: { type: "OBRT", vat: { status: "OUTSIDE_VAT" }, location: { country: "HR" } },
    counters: { revenueYtd: 65000 },
  },
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
}

/** A run answered on `asOf`, for `clientId` when given. */
function run(requestId: string, asOf: string, clientId?: string) {
  const [started, resolved] = context()
  const data = resolved && "data" in resolved ? resolved.data : {}
  const bodies: EventBody[] = [
    ...intake(),
    ...(started ? [started] : []),
    {
      stage: "CONTEXT_RESOLUTION",
      status: "complete",
      data: { ...data, asOfDate: asOf, ...(clientId ? { clientId } : {}) },
    } as EventBody,
    ...sources(),
    ...middle(),
    { stage: "ANSWER", status: "complete", data: { ...answerPayload(), asOfDate: asOf } },
  ]
  return stamp(requestId, bodies)
}

function setup(locale: "hr" | "en") {
  let next = 0
  return renderApp(
    "/",
    {
      "clients.list": async () => ({ ok: true, value: [CLIENT] }),
      "runs.ask": async () => ({ ok: true, value: { requestId: `req-${++next}` } }),
    },
    { locale },
  )
}

async function ask(question: string) {
  const input = screen.getByTestId("question-input")
  fireEvent.change(input, { target: { value: question } })
  await act(async () => fireEvent.click(screen.getByTestId("ask-submit")))
}

async function askForClient(view: ReturnType<typeof setup>, asOf: string) {
  await screen.findByRole("option", { name: "Obrt Ana" })
  fireEvent.change(screen.getByTestId("client-select"), { target: { value: CLIENT.id } })
  fireEvent.change(screen.getByTestId("asof-input"), { target: { value: asOf } })
  await ask("Moram li u sustav PDV-a?")
  await act(async () => run("req-1", asOf, CLIENT.id).forEach(view.fake.push))
}

const asked = (view: ReturnType<typeof setup>) =>
  view.fake.calls.filter((c) => c.key === "runs.ask").map((c) => c.input)

describe("the client and date of a run", () => {
  it("the answer card names the client and the date; the chip carries both, visibly, into the next question", async () => {
    const view = setup("en")
    await askForClient(view, "2025-07-01")
    const card = screen.getByTestId("answer-card")
    expect(within(card).getByTestId("answer-client").textContent).toBe("Client: Obrt Ana")
    expect(within(card).getByTestId("answer-asof").textContent).toBe("As of 1 July 2025")

    const chip = screen.getByRole("group", { name: "For the next question" })
    expect(chip.textContent).toContain("Client: Obrt Ana")
    expect(chip.textContent).toContain("As of 1 July 2025")
    await ask("And the rate?")
    expect(asked(view).at(-1)).toMatchObject({ clientId: CLIENT.id, asOfDate: "2025-07-01" })
  })

  it("one click on the chip's button clears both: the next question has no client and today's date", async () => {
    const view = setup("en")
    await askForClient(view, "2025-07-01")
    const clear = screen.getByRole("button", { name: "Remove the client and date from the next question" })
    expect(clear.getAttribute("type")).toBe("button")
    await act(async () => fireEvent.click(clear))
    expect(screen.queryByTestId("ask-carry")).toBeNull()
    expect((screen.getByTestId("client-select") as HTMLSelectElement).value).toBe("")
    expect((screen.getByTestId("asof-input") as HTMLInputElement).value).toBe("")
    expect(document.activeElement).toBe(screen.getByTestId("question-input"))
    await ask("A fresh question?")
    const input = asked(view).at(-1) as Record<string, unknown>
    expect(input["clientId"]).toBeUndefined()
    expect(input["asOfDate"]).toBeUndefined()
  })

  it("is labelled in Croatian, with Croatian dates", async () => {
    const view = setup("hr")
    await askForClient(view, "2025-07-01")
    expect(screen.getByTestId("answer-client").textContent).toBe("Klijent: Obrt Ana")
    expect(screen.getByTestId("answer-asof").textContent).toBe("Stanje na dan 1. 7. 2025.")
    const chip = screen.getByRole("group", { name: "Za sljedeće pitanje" })
    expect(chip.textContent).toContain("Stanje na dan 1. 7. 2025.")
    expect(
      within(chip).getByRole("button", { name: "Ukloni klijenta i datum iz sljedećeg pitanja" }),
    ).toBeTruthy()
  })

  it("a run without a client says so on the card, and leaves no chip", async () => {
    const view = setup("en")
    await screen.findByTestId("question-input")
    await ask("What is the VAT threshold?")
    await act(async () => run("req-1", "2025-03-05").forEach(view.fake.push))
    expect(screen.getByTestId("answer-client").textContent).toBe("No client (a general answer)")
    expect(screen.getByTestId("answer-asof").textContent).toBe("As of 5 March 2025")
    expect(screen.queryByTestId("ask-carry")).toBeNull()
  })
})
