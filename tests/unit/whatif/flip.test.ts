import { describe, expect, it } from "vitest"
import { chooseFlip, shiftDay } from "../../../src-main/whatif/flip"

// Flipping a driver picks a value on the other side of the condition it decided, as close to the
// real case as the condition allows, and says which and why.

function flipped(input: Parameters<typeof chooseFlip>[0]) {
  const choice = chooseFlip(input)
  if (!choice.ok) throw new Error(`expected a flip, got: ${choice.reason.en}`)
  return choice.flip
}

describe("chooseFlip", () => {
  it("takes the threshold itself to make an inclusive money condition hold, and one cent past it to make it fail", () => {
    const under = flipped({
      factPath: "counters.revenueYtd",
      operator: "lte",
      operand: 60000,
      held: false,
      value: 65000,
    })
    expect(under.value).toBe(60000)
    expect(under.explanation.en).toContain("the threshold itself, which the condition includes")
    expect(under.text.hr).toBe("60.000,00 EUR")
    const over = flipped({
      factPath: "counters.revenueYtd",
      operator: "lte",
      operand: 60000,
      held: true,
      value: 30000,
    })
    expect(over.value).toBe(60000.01)
    expect(over.explanation.en).toContain("one cent above the threshold")
  })

  it("steps one cent below a strict upper bound and uses the bound itself to make it fail", () => {
    expect(
      flipped({
        factPath: "counters.revenueYtd",
        operator: "lt",
        operand: 1000000,
        held: false,
        value: 1200000,
      }).value,
    ).toBe(999999.99)
    const fail = flipped({
      factPath: "counters.revenueYtd",
      operator: "lt",
      operand: 1000000,
      held: true,
      value: 500000,
    })
    expect(fail.value).toBe(1000000)
    expect(fail.explanation.en).toContain("which the condition leaves out")
  })

  it("handles > and ≥ symmetrically", () => {
    expect(
      flipped({ factPath: "counters.revenueYtd", operator: "gt", operand: 60000, held: true, value: 65000 })
        .value,
    ).toBe(60000)
    expect(
      flipped({ factPath: "counters.revenueYtd", operator: "gt", operand: 60000, held: false, value: 100 })
        .value,
    ).toBe(60000.01)
    expect(
      flipped({ factPath: "counters.revenueYtd", operator: "gte", operand: 1000000, held: false, value: 5 })
        .value,
    ).toBe(1000000)
    expect(
      flipped({
        factPath: "counters.revenueYtd",
        operator: "gte",
        operand: 1000000,
        held: true,
        value: 2000000,
      }).value,
    ).toBe(999999.99)
  })

  it("steps whole units for a year and whole days for a date", () => {
    expect(
      flipped({ factPath: "query.year", operator: "lte", operand: 2024, held: true, value: 2023 }).value,
    ).toBe(2025)
    expect(
      flipped({ factPath: "asOf", operator: "gte", operand: "2025-01-01", held: true, value: "2025-06-01" })
        .value,
    ).toBe("2024-12-31")
    expect(
      flipped({ factPath: "asOf", operator: "lte", operand: "2024-12-31", held: true, value: "2024-06-01" })
        .value,
    ).toBe("2025-01-01")
    expect(
      flipped({ factPath: "asOf", operator: "lte", operand: "2024-12-31", held: false, value: "2025-06-01" })
        .value,
    ).toBe("2024-12-31")
  })

  it("names the value of an equality, picks another enum value to break it, and the opposite for yes/no", () => {
    expect(
      flipped({ factPath: "entity.type", operator: "eq", operand: "OBRT", held: false, value: "DOO" }).value,
    ).toBe("OBRT")
    expect(
      flipped({ factPath: "entity.type", operator: "eq", operand: "OBRT", held: true, value: "OBRT" }).value,
    ).not.toBe("OBRT")
    expect(
      flipped({ factPath: "txn.b2b", operator: "eq", operand: true, held: true, value: true }).value,
    ).toBe(false)
    expect(
      flipped({
        factPath: "entity.vat.status",
        operator: "eq",
        operand: "IN_VAT",
        held: true,
        value: "IN_VAT",
      }).value,
    ).toBe("OUTSIDE_VAT")
  })

  it("takes the first listed value to enter a list and an unlisted enum value to leave it", () => {
    expect(
      flipped({
        factPath: "entity.type",
        operator: "in",
        operand: ["DOO", "JDOO"],
        held: false,
        value: "OBRT",
      }).value,
    ).toBe("DOO")
    const out = flipped({
      factPath: "entity.type",
      operator: "in",
      operand: ["DOO", "JDOO"],
      held: true,
      value: "DOO",
    }).value
    expect(["DOO", "JDOO"]).not.toContain(out)
  })

  it("removes a fact to make 'provided' fail, and refuses to invent free text", () => {
    expect(
      flipped({ factPath: "counters.revenueYtd", operator: "exists", operand: null, held: true, value: 100 })
        .value,
    ).toBeNull()
    const item = chooseFlip({
      factPath: "query.item",
      operator: "in",
      operand: ["meat"],
      held: true,
      value: "meat",
    })
    expect(item.ok).toBe(false)
    if (!item.ok) expect(item.reason.en).toContain("set an exact value instead")
  })

  it("never flips an amount below zero", () => {
    expect(
      chooseFlip({ factPath: "counters.revenueYtd", operator: "gte", operand: 0, held: true, value: 10 }).ok,
    ).toBe(false)
  })

  it("shifts dates across month and year ends", () => {
    expect(shiftDay("2024-12-31", 1)).toBe("2025-01-01")
    expect(shiftDay("2024-03-01", -1)).toBe("2024-02-29")
  })
})
