// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import type { ModelRunView } from "../../../../../../src-shared/model-provider"
import { answer, context, intake, middle, sources, stamp } from "../../../fixtures/runs"
import { renderApp } from "../../../components/harness"
import { ANNOUNCE_MS } from "../../../../../../src-renderer/features/run/model/use-model-thought"

// The local model in the run view (issue 24): its newest thought on one line under the stepper
// while the run is under way (only this run's, only valid pushes), a polite live region that
// speaks at most once per ANNOUNCE_MS, and after the answer its thinking by stage and its note.

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const RUN = "req-model"

async function askQuestion() {
  const input = await screen.findByTestId("question-input")
  fireEvent.change(input, { target: { value: "Moram li ući u sustav PDV-a?" } })
  await act(async () => {
    fireEvent.keyDown(input, { key: "Enter", ctrlKey: true })
  })
}

function part(extra: Partial<ModelRunView> = {}): ModelRunView {
  return {
    requestId: RUN,
    present: true,
    steps: [
      { stage: "QUESTION_INTAKE", thought: "Korisnik pita mora li ući u sustav PDV-a." },
      { stage: "APPLICABILITY", thought: "Prag se primjenjuje na promet tekuće godine." },
    ],
    reason: "finished",
    model: "qwen3:0.6b",
    draft: null,
    ...extra,
  }
}

function handlers(view: ModelRunView | null) {
  return {
    "runs.ask": async () => ({ ok: true as const, value: { requestId: RUN } }),
    "model.run": async () => (view === null ? { ok: false as const, error: { code: "UNAVAILABLE" as const, message: "none" } } : { ok: true as const, value: view }),
  }
}

describe("the model's thought line under the stepper", () => {
  it("shows this run's newest thought, ignores other runs and invalid pushes, and clips long ones", async () => {
    const { fake } = renderApp("/", handlers(part()))
    await askQuestion()
    await act(async () => stamp(RUN, intake()).forEach(fake.push))
    expect(screen.queryByTestId("model-thought")).toBeNull()
    await act(async () => {
      fake.pushTo("model.thought", { requestId: RUN, text: "Korisnik pita o pragu za PDV.", during: "QUESTION_INTAKE" })
      fake.pushTo("model.thought", { requestId: "other-run", text: "Tuđa misao.", during: null })
      fake.pushTo("model.thought", { requestId: RUN, text: 42, during: "QUESTION_INTAKE" })
    })
    expect(screen.getByTestId("model-thought").textContent).toBe("Model razmišlja: Korisnik pita o pragu za PDV.")
    await act(async () => fake.pushTo("model.thought", { requestId: RUN, text: `Dugo razmišljanje ${"o pragu ".repeat(60)}`, during: "CONTEXT_RESOLUTION" }))
    const line = screen.getByTestId("model-thought").querySelector(".model-thought-text")?.textContent ?? ""
    expect(line.length).toBeLessThanOrEqual(200)
    expect(line.endsWith("…")).toBe(true)
  })

  it("speaks to screen readers at most once per interval, then the newest thought", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { fake } = renderApp("/", handlers(null), { locale: "en" })
    await askQuestion()
    const region = screen.getByTestId("model-thought-announce")
    expect(region.getAttribute("aria-live")).toBe("polite")
    await act(async () => {
      for (const text of ["First thought.", "Second thought.", "Third thought."]) fake.pushTo("model.thought", { requestId: RUN, text, during: null })
    })
    expect(region.textContent).toBe("The model is thinking: First thought.")
    await act(async () => {
      vi.advanceTimersByTime(ANNOUNCE_MS + 10)
    })
    expect(region.textContent).toBe("The model is thinking: Third thought.")
  })

  it("after the answer: the thoughts by stage and the model's name; with a stall, the note says the answer is the engine's", async () => {
    const { fake } = renderApp("/", handlers(part({ reason: "stalled" })), { locale: "en" })
    await askQuestion()
    await act(async () => stamp(RUN, [...intake(), ...context(), ...sources(), ...middle(), answer()]).forEach(fake.push))
    const steps = await screen.findByTestId("model-steps")
    expect(steps.textContent).toContain("Question intake: Korisnik pita mora li ući u sustav PDV-a.")
    expect(steps.textContent).toContain("Applicability: Prag se primjenjuje na promet tekuće godine.")
    expect(steps.textContent).toContain("Model: qwen3:0.6b")
    expect(screen.getByTestId("model-note").textContent).toBe(
      "Note: the model stopped sending text; the answer is the rule engine's own, without the model's thinking.",
    )
    expect(screen.queryByTestId("model-thought")).toBeNull()
  })

  it("a discarded draft is named in a note and never shown", async () => {
    const rejected = part({ draft: { kind: "draft", accepted: false, text: "Morate platiti 99 % poreza.", problems: ["broj 99 % nije u citiranim pravilima"] } })
    const { fake } = renderApp("/", handlers(rejected))
    await askQuestion()
    await act(async () => stamp(RUN, [...intake(), ...context(), ...sources(), ...middle(), answer()]).forEach(fake.push))
    expect((await screen.findByTestId("model-draft-note")).textContent).toContain("broj 99 % nije u citiranim pravilima")
    expect(screen.queryByTestId("model-draft")).toBeNull()
    expect(document.body.textContent).not.toContain("Morate platiti 99 %")
  })

  it("with no model part (the provider off) nothing model-related shows", async () => {
    const { fake } = renderApp("/", handlers(part({ present: false, steps: [], reason: null, model: null })))
    await askQuestion()
    await act(async () => stamp(RUN, [...intake(), ...context(), ...sources(), ...middle(), answer()]).forEach(fake.push))
    await screen.findByTestId("answer-card")
    expect(fake.calls.some((c) => c.key === "model.run")).toBe(true)
    expect(screen.queryByTestId("model-part")).toBeNull()
    expect(screen.queryByTestId("model-note")).toBeNull()
    expect(screen.queryByTestId("model-thought")).toBeNull()
  })
})
