import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { ProfileContext } from "../../../src-shared/context"
import type { ReasoningEvent } from "../../../src-shared/events/event"
import { whatIfFixture } from "./fixtures"

// Property: flipping a driver and flipping it back (setting its fact to the value it had) gives
// the original run's terminal again, and the same re-run stages: a counterfactual changes only
// what its changes change.

const body = (event: ReasoningEvent | undefined) => {
  if (event === undefined) return undefined
  const { v: _v, id: _id, requestId: _r, seq: _s, ts: _t, counterfactualOf: _c, ...rest } = event
  return rest
}

const ENTITY: Record<string, ProfileContext["entity"] | undefined> = {
  none: undefined,
  doo: { type: "DOO", vat: { status: "OUTSIDE_VAT" }, location: { country: "HR" } },
  obrt: { type: "OBRT", vat: { status: "IN_VAT" }, location: { country: "HR" } },
}

describe("flip and flip back", () => {
  it("reproduces the original run's terminal and re-run stages", async () => {
    const f = whatIfFixture()
    let checked = 0
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 25_000_000 }),
        fc.constantFrom("2024-03-15", "2024-12-31", "2025-01-01", "2025-06-01", "2026-02-10"),
        fc.constantFrom("none", "doo", "obrt"),
        fc.nat(),
        async (cents, asOfDate, entityKey, pick) => {
          const entity = ENTITY[entityKey]
          const profile: ProfileContext = {
            counters: { revenueYtd: cents / 100 },
            ...(entity ? { entity } : {}),
          }
          const base = await f.ask({ asOfDate, profile })
          const drivers = f.whatif
            .drivers(base)
            .facts.flatMap((fact) =>
              fact.drivers.filter((d) => d.flip && d.canToggle).map((d) => ({ d, fact })),
            )
          fc.pre(drivers.length > 0)
          const chosen = drivers[pick % drivers.length]
          if (chosen === undefined) return
          const flipped = await f.whatif.run(base, [{ kind: "flip", driverId: chosen.d.id }])
          // A flip to a date the retrieval does not cover is refused, not run: nothing to flip back.
          fc.pre(flipped.run !== null)
          const back = await f.whatif.run(flipped.run?.requestId ?? "", [
            { kind: "set", path: chosen.fact.path, value: chosen.fact.value },
          ])
          expect(back.run?.request.applied).toEqual([])
          const original = f.traces.get(base)?.events ?? []
          const again = back.run?.events ?? []
          const from = original.findIndex((e) => e.stage === "APPLICABILITY")
          expect(again.map(body)).toEqual(original.slice(from).map(body))
          expect(body(again.at(-1))).toEqual(body(original.at(-1)))
          // And the flip itself did change what the driver's condition decided.
          expect(flipped.run?.request.applied[0]?.path).toBe(chosen.fact.path)
          checked += 1
        },
      ),
      { numRuns: 60, seed: 20250601 },
    )
    expect(checked).toBeGreaterThan(30)
  })
})
