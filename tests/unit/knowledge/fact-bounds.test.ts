import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { FactBound, QueryFacts } from "../../../src-shared/context"
import { evaluateAppliesWhen } from "../../../src-main/knowledge/applies-when"
import { decideByBound, formatBound, readBound } from "../../../src-main/knowledge/fact-bounds"

// A bound the question states ("više od 12 sati") settles a condition only when every value it
// allows settles it the same way: the property below checks exactly that against sampled values.

type Operator = "gt" | "gte" | "lt" | "lte" | "eq" | "neq"

function holds(operator: Operator, value: number, operand: number): boolean {
  if (operator === "gt") return value > operand
  if (operator === "gte") return value >= operand
  if (operator === "lt") return value < operand
  if (operator === "lte") return value <= operand
  if (operator === "eq") return value === operand
  return value !== operand
}

/** Values the bound allows: at its end, just past it, and far from it. */
function allowedValues(bound: FactBound): number[] {
  const { operator, value } = bound
  const candidates = [value, value + 0.5, value + 1, value + 100, value - 0.5, value - 1, 0]
  return candidates.filter((v) => v >= 0 && holds(operator, v, value))
}

describe("decideByBound", () => {
  it("settles the per-diem bands from what the question states", () => {
    const over12: FactBound = { operator: "gt", value: 12 }
    expect(decideByBound("gt", 12, over12)).toBe(true)
    expect(decideByBound("lt", 12, over12)).toBe(false)
    expect(decideByBound("gt", 8, over12)).toBe(true)
    const over10: FactBound = { operator: "gt", value: 10 }
    expect(decideByBound("gt", 12, over10)).toBe("unknown")
    expect(decideByBound("lt", 12, over10)).toBe("unknown")
    const under8: FactBound = { operator: "lt", value: 8 }
    expect(decideByBound("gt", 8, under8)).toBe(false)
    // "at least 12 hours" may be exactly 12, which "more than 12" does not cover.
    expect(decideByBound("gt", 12, { operator: "gte", value: 12 })).toBe("unknown")
    expect(decideByBound("gte", 12, { operator: "gte", value: 12 })).toBe(true)
  })

  it("never settles a condition that is not a numeric comparison", () => {
    expect(decideByBound("in", [1, 2], { operator: "gt", value: 0 })).toBe("unknown")
    expect(decideByBound("gt", "2025-01-01", { operator: "gt", value: 0 })).toBe("unknown")
  })

  it("is true only if every allowed value meets the condition, and false only if none does", () => {
    const operator = fc.constantFrom<Operator>("gt", "gte", "lt", "lte", "eq", "neq")
    const boundOperator = fc.constantFrom<FactBound["operator"]>("gt", "gte", "lt", "lte")
    const small = fc.integer({ min: 0, max: 40 })
    fc.assert(
      fc.property(operator, small, boundOperator, small, (op, operand, bop, bvalue) => {
        const bound = { operator: bop, value: bvalue }
        const decided = decideByBound(op, operand, bound)
        const values = allowedValues(bound)
        if (decided === true) expect(values.every((v) => holds(op, v, operand))).toBe(true)
        if (decided === false) expect(values.some((v) => holds(op, v, operand))).toBe(false)
      }),
      { numRuns: 2000 },
    )
  })
})

describe("a bound in an evaluation", () => {
  it("is read for the trip's duration, and an exact duration wins over it", () => {
    const context = { asOf: "2025-03-01", query: { tripHoursBound: { operator: "gt" as const, value: 12 } } }
    expect(readBound(context, "query.tripHours")).toEqual({ operator: "gt", value: 12 })
    expect(readBound(context, "query.serviceYears")).toBeUndefined()
    expect(evaluateAppliesWhen({ gt: ["query.tripHours", 12] }, context).outcome).toBe(true)
    const exact = { ...context, query: { ...context.query, tripHours: 10 } }
    expect(evaluateAppliesWhen({ gt: ["query.tripHours", 12] }, exact).outcome).toBe(false)
  })

  it("reads as the user said it, in both languages", () => {
    expect(formatBound("query.tripHours", { operator: "gt", value: 12 }, "hr")).toBe("više od 12 sati")
    expect(formatBound("query.tripHours", { operator: "gte", value: 1 }, "en")).toBe("at least 1 hour")
  })

  it("is part of the question's facts contract, and a negative bound is not", () => {
    expect(QueryFacts.safeParse({ tripHoursBound: { operator: "lt", value: 8 } }).success).toBe(true)
    expect(QueryFacts.safeParse({ tripHoursBound: { operator: "lt", value: -1 } }).success).toBe(false)
    expect(QueryFacts.safeParse({ tripHoursBound: { operator: "about", value: 8 } }).success).toBe(false)
  })
})
