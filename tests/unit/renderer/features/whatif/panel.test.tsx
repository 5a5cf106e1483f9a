// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import type { IpcResult } from "../../../../../src-shared/ipc/channel"
import type { WhatIfChange } from "../../../../../src-shared/whatif"
import { stepStates } from "../../../../../src-renderer/features/whatif/CompactStepper"
import { renderApp } from "../../components/harness"
import { craftedPack } from "../../../whatif/crafted-pack"
import { dooProfile, whatIfFixture } from "../../../whatif/fixtures"

// The "What if…" panel over a fake API backed by the real what-if service on a temp database:
// drivers listed with their values, a flip runs the counterfactual at once (its events pushed as
// the host pushes them), the comparison appears beside the original, marked hypothetical, and
// can be saved as a scenario.

afterEach(cleanup)

const ok = <T,>(value: T): IpcResult<T> => ({ ok: true, value })
const fail = (error: unknown): IpcResult<never> => ({
  ok: false,
  error: { code: "BAD_INPUT", message: error instanceof Error ? error.message : String(error) },
})

async function setup(pack = craftedPack(), locale: "hr" | "en" = "en") {
  const f = whatIfFixture(pack)
  const base = await f.ask({ profile: dooProfile() })
  let push: (event: unknown) => void = () => undefined
  let runs = 0
  const view = renderApp(
    `/trace/${base}`,
    {
      "traces.get": async ({ requestId }) => {
        const detail = f.traces.get(requestId)
        return detail ? ok(detail) : { ok: false, error: { code: "NOT_FOUND", message: "no trace" } }
      },
      "whatif.drivers": async ({ requestId }) => ok(f.whatif.drivers(requestId)),
      "whatif.run": async ({ requestId, changes }) => {
        try {
          const prepared = f.whatif.prepare(requestId, changes as WhatIfChange[])
          if (prepared.status === "needs_rerun") return ok(prepared.result)
          const id = `cf-${++runs}`
          void f.whatif.execute(prepared, {
            requestId: id,
            sinks: [{ mode: "nonBlocking", write: (e) => void setTimeout(() => push(e), 0) }],
          })
          return ok({
            status: "started" as const,
            requestId: id,
            baseRequestId: requestId,
            applied: prepared.resolved.applied,
          })
        } catch (error) {
          return fail(error)
        }
      },
      "whatif.compare": async ({ baseRequestId, otherRequestId }) =>
        ok(f.whatif.compare(baseRequestId, otherRequestId)),
      "scenarios.save": async (input) =>
        ok(
          f.whatif.saveScenario({
            name: input.name,
            notes: input.notes ?? "",
            resultRequestId: input.resultRequestId,
          }),
        ),
    },
    { locale },
  )
  push = (event) => act(() => view.fake.push(event))
  return { f, base, view }
}

describe("the What if… panel", () => {
  it("lists the drivers, runs a flip at once, and shows the hypothetical beside the original", async () => {
    const { f, view } = await setup()
    const panel = await screen.findByTestId("whatif-panel")
    expect((await within(panel).findByTestId("whatif-value-counters.revenueYtd")).textContent).toContain(
      "Current: EUR 65,000.00",
    )
    const driver = within(panel).getByTestId("whatif-driver-fact:counters.revenueYtd:lte:60000")
    expect(driver.getAttribute("data-held")).toBe("false")

    await act(async () =>
      fireEvent.click(within(panel).getByTestId("whatif-flip-fact:counters.revenueYtd:lte:60000")),
    )
    const comparison = await screen.findByTestId("whatif-comparison", {}, { timeout: 5000 })
    expect(within(comparison).getByTestId("whatif-sentence").textContent).toBe(
      "If the turnover were EUR 60,000.00 instead of EUR 65,000.00: the answer's headline changes; no obligation: Fictional registration; applies: Fictional rule fx.below.2025 (excluded rule “Fictional rule fx.above.2025”: EUR 60,000.00 ≤ EUR 60,000.00).",
    )
    // The obligation that goes is listed as removed; the rule's statement that none arises is not "+".
    const conclusion = within(comparison).getByTestId("whatif-outcome-change")
    expect(conclusion.dataset.changed).toBe("true")
    expect(conclusion.textContent).toContain("The conclusion changes")
    expect(conclusion.textContent).toContain("1 obligation no longer applies")
    const obligations = within(comparison).getByTestId("whatif-obligations")
    expect([...obligations.querySelectorAll("li")].map((li) => [li.dataset.change, li.textContent])).toEqual([
      ["removed", "− Removed: Izmišljena registracija"],
    ])
    expect(within(comparison).getByTestId("whatif-side-other").textContent).toContain("HYPOTHETICAL")
    expect(within(comparison).getByTestId("whatif-side-base").textContent).not.toContain("HYPOTHETICAL")
    expect(within(comparison).getByTestId("whatif-rules-left").textContent).toContain("fx.above.2025")
    expect(screen.getByTestId("whatif-hypo-counters.revenueYtd").textContent).toContain("EUR 60,000.00")
    expect(screen.getAllByTestId(/^whatif-step-/).map((s) => s.getAttribute("data-status"))).toEqual([
      "done",
      "done",
      "done",
      "done",
      "done",
    ])
    const run = view.fake.calls.find((c) => c.key === "whatif.run")
    expect(run?.input).toMatchObject({
      changes: [{ kind: "flip", driverId: "fact:counters.revenueYtd:lte:60000" }],
    })

    fireEvent.change(screen.getByTestId("whatif-save-name"), { target: { value: "Below the threshold" } })
    await act(async () => fireEvent.click(screen.getByTestId("whatif-save-submit")))
    await waitFor(() =>
      expect(screen.getByTestId("whatif-saved").textContent).toContain("Saved: Below the threshold"),
    )
    expect(f.whatif.listScenarios().map((s) => s.name)).toEqual(["Below the threshold"])
  })

  it("combines changes into one counterfactual, one change per fact", async () => {
    const { view } = await setup()
    const panel = await screen.findByTestId("whatif-panel")
    await within(panel).findByTestId("whatif-value-counters.revenueYtd")
    await act(async () =>
      fireEvent.click(within(panel).getByTestId("whatif-flip-fact:counters.revenueYtd:lte:60000")),
    )
    await screen.findByTestId("whatif-comparison", {}, { timeout: 5000 })
    await act(async () => fireEvent.click(within(panel).getByTestId("whatif-flip-fact:entity.type:eq:OBRT")))
    await waitFor(
      () => expect(screen.getByTestId("whatif-fact-changes").textContent).toContain("craft (obrt)"),
      { timeout: 5000 },
    )
    const runs = view.fake.calls
      .filter((c) => c.key === "whatif.run")
      .map((c) => c.input as { changes: WhatIfChange[] })
    expect(runs.at(-1)?.changes).toEqual([
      { kind: "flip", driverId: "fact:counters.revenueYtd:lte:60000" },
      { kind: "flip", driverId: "fact:entity.type:eq:OBRT" },
    ])
    expect(screen.getByTestId("whatif-changes").textContent).toContain("Turnover → EUR 60,000.00")
  })

  it("offers a full re-run for a date the retrieval does not cover, and shows no comparison", async () => {
    await setup()
    const input = await screen.findByTestId("whatif-set-input-asOf")
    fireEvent.change(input, { target: { value: "2019-02-01" } })
    await act(async () => fireEvent.click(screen.getByTestId("whatif-set-asOf")))
    expect((await screen.findByTestId("whatif-needs-rerun")).textContent).toContain(
      "None of the 7 rules retrieved for this question is in force on 1 February 2019",
    )
    expect(screen.queryByTestId("whatif-comparison")).toBeNull()
  })
})

describe("the compact stepper", () => {
  it("shows the re-run stages pending, running and done from the events", () => {
    const e = (stage: string, status: string) => ({ stage, status }) as never
    expect(stepStates([e("APPLICABILITY", "started")]).map((s) => `${s.stage}:${s.state}`)).toEqual([
      "APPLICABILITY:active",
      "CONFLICTS:pending",
      "ANALYSIS:pending",
      "CONFIDENCE:pending",
    ])
    const ended = stepStates([
      e("APPLICABILITY", "started"),
      e("APPLICABILITY", "complete"),
      e("REFUSAL", "complete"),
    ])
    expect(ended.map((s) => `${s.stage}:${s.state}`)).toEqual([
      "APPLICABILITY:done",
      "CONFLICTS:pending",
      "ANALYSIS:pending",
      "CONFIDENCE:pending",
      "REFUSAL:done",
    ])
    expect(stepStates([e("QUESTION_INTAKE", "started")])[0]?.stage).toBe("QUESTION_INTAKE")
  })
})

describe("the comparison's conclusion", () => {
  async function flipBelow(locale: "hr" | "en") {
    await setup(craftedPack("1.0.0", 60000, true), locale)
    const panel = await screen.findByTestId("whatif-panel")
    await within(panel).findByTestId("whatif-value-counters.revenueYtd")
    await act(async () =>
      fireEvent.click(within(panel).getByTestId("whatif-flip-fact:counters.revenueYtd:lte:60000")),
    )
    return screen.findByTestId("whatif-comparison", {}, { timeout: 5000 })
  }

  it("a yes that becomes a no is a changed conclusion, never the same outcome (Croatian)", async () => {
    const comparison = await flipBelow("hr")
    const conclusion = within(comparison).getByTestId("whatif-outcome-change")
    expect(conclusion.dataset.changed).toBe("true")
    expect(conclusion.textContent).toContain("Zaključak se mijenja")
    expect(conclusion.textContent).toContain("Izmišljena obveza ulaska u sustav: da → ne")
    expect(conclusion.textContent).toContain("1 obveza otpada")
    expect(conclusion.textContent).not.toContain("isti")
    expect(within(comparison).getByTestId("whatif-sentence").textContent).toContain(
      "odgovor je „ne” umjesto „da”",
    )
    expect(within(comparison).getByTestId("whatif-obligations").textContent).toBe(
      "Obveze− Otpada: Izmišljena registracija",
    )
  })

  it("says the same in English, with confidence as a percentage", async () => {
    const comparison = await flipBelow("en")
    const conclusion = within(comparison).getByTestId("whatif-outcome-change")
    expect(conclusion.textContent).toContain("Fictional registration obligation: yes → no")
    // The run is Croatian; its exclusion reasons are still given in English formats.
    expect(within(comparison).getByTestId("whatif-rules-left").textContent).toContain(
      "Excluded: EUR 60,000.00 (condition > EUR 60,000.00)",
    )
    expect(within(comparison).getByTestId("whatif-side-base").textContent).toMatch(/Confidence: \d{1,3}%/)
    expect(comparison.textContent).not.toMatch(/\b0\.\d\d\b/)
  })
})
