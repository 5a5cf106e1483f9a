import { describe, expect, it } from "vitest"
import { WhatIfStateError } from "../../../src-main/whatif/base-run"
import { dooProfile, whatIfFixture } from "./fixtures"

// Drivers come from the run itself: the stored RETRIEVAL and CONTEXT_RESOLUTION events and the
// pack snapshot, evaluated as APPLICABILITY evaluated them.

describe("drivers of a stored run", () => {
  it("lists every fact the rules read, with its value, source, the conditions it decided and the engine's driver ids", async () => {
    const f = whatIfFixture()
    const base = await f.ask({ profile: dooProfile() })
    const view = f.whatif.drivers(base)
    expect(view.baseRequestId).toBe(base)
    expect(view.priorChanges).toEqual([])
    expect(view.facts.map((fact) => fact.path)).toEqual(["counters.revenueYtd", "entity.type", "asOf"])

    const revenue = view.facts[0]
    expect(revenue).toMatchObject({
      value: 65000,
      source: "query",
      kind: "money",
      valueText: { hr: "65.000,00 EUR", en: "EUR 65,000.00" },
    })
    expect(revenue?.drivers.map((d) => [d.id, d.held])).toEqual([
      ["fact:counters.revenueYtd:gt:60000", true],
      ["fact:counters.revenueYtd:lte:60000", false],
      ["fact:counters.revenueYtd:gt:100000", false],
    ])
    expect(revenue?.drivers[0]?.ruleIds).toEqual(["fx.above.2025"])
    expect(revenue?.drivers[1]?.label).toEqual({
      hr: "Promet ≤ 60.000,00 EUR",
      en: "Turnover ≤ EUR 60,000.00",
    })

    const entity = view.facts[1]
    expect(entity).toMatchObject({ value: "DOO", source: "user_profile", kind: "enum" })
    expect(entity?.options?.map((o) => o.value)).toContain("OBRT")
    expect(entity?.drivers[0]).toMatchObject({
      id: "fact:entity.type:eq:OBRT",
      held: false,
      flip: { value: "OBRT" },
    })

    // The same drivers the run's CONFIDENCE event offered, in the same state.
    const confidence = f.traces
      .get(base)
      ?.events.find((e) => e.stage === "CONFIDENCE" && e.status === "complete")
    const offered =
      confidence?.stage === "CONFIDENCE" && confidence.status === "complete"
        ? confidence.data.interactiveDrivers
        : undefined
    const listed = view.facts.flatMap((fact) => fact.drivers.map((d) => [d.id, d.held]))
    expect(listed).toEqual((offered ?? []).map((d) => [d.id, d.currentValue]))
  })

  it("lists the validity boundaries of the rules as date drivers", async () => {
    const f = whatIfFixture()
    const view = f.whatif.drivers(await f.ask({ profile: dooProfile() }))
    const date = view.facts.find((fact) => fact.path === "asOf")
    expect(date?.drivers.map((d) => [d.id, d.held, d.flip?.value])).toEqual([
      ["fact:asOf:lte:2024-12-31", false, "2024-12-31"],
      ["fact:asOf:gte:2025-01-01", true, "2024-12-31"],
    ])
  })

  it("has drivers for a run refused for a missing fact, so the missing fact can be supplied", async () => {
    const f = whatIfFixture()
    const base = await f.ask({ question: "Moram li ući u sustav PDV-a?" })
    expect(f.traces.get(base)?.trace.outcome).toBe("REFUSAL")
    const revenue = f.whatif.drivers(base).facts.find((fact) => fact.path === "counters.revenueYtd")
    expect(revenue?.value).toBeNull()
    expect(revenue?.valueText.en).toBe("not provided")
    expect(revenue?.drivers.find((d) => d.id === "fact:counters.revenueYtd:lte:60000")?.flip?.value).toBe(
      60000,
    )
  })

  it("refuses a run that never reached RETRIEVAL: it has nothing to re-evaluate", async () => {
    const f = whatIfFixture()
    const base = await f.ask({ question: "Koliko je sati u Tokiju?" })
    expect(() => f.whatif.drivers(base)).toThrow(WhatIfStateError)
    expect(() => f.whatif.drivers(base)).toThrow(/did not reach RETRIEVAL/)
  })

  it("shows a hypothetical run's drivers on its changed facts, keeping the changes it carries", async () => {
    const f = whatIfFixture()
    const base = await f.ask({ profile: dooProfile() })
    const { run } = await f.whatif.run(base, [{ kind: "set", path: "counters.revenueYtd", value: 30000 }])
    const view = f.whatif.drivers(run?.requestId ?? "")
    expect(view.baseRequestId).toBe(base)
    expect(view.priorChanges).toEqual([{ kind: "set", path: "counters.revenueYtd", value: 30000 }])
    const revenue = view.facts.find((fact) => fact.path === "counters.revenueYtd")
    expect(revenue?.value).toBe(30000)
    expect(revenue?.drivers.find((d) => d.id === "fact:counters.revenueYtd:lte:60000")?.held).toBe(true)
  })
})
