import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  cents,
  divideTo,
  exact,
  formatCents,
  multiply,
  roundRatio,
  sameNumber,
} from "../../../../src-main/engine/document-audit/decimal"

describe("decimal", () => {
  it("reads decimals exactly, without float drift", () => {
    expect(exact("19.90")).toEqual({ units: BigInt(1990), scale: 2 })
    expect(exact("-0.5")).toEqual({ units: BigInt(-5), scale: 1 })
    expect(exact("12,50")).toBeUndefined()
    expect(exact("")).toBeUndefined()
    // 0.1 + 0.2 in floats is 0.30000000000000004; in cents it is 30.
    expect((cents("0.1") ?? BigInt(0)) + (cents("0.2") ?? BigInt(0))).toBe(cents("0.3"))
  })

  it("rounds halves away from zero, as EN 16931 does", () => {
    expect(cents("62.4975")).toBe(BigInt(6250))
    expect(cents("0.005")).toBe(BigInt(1))
    expect(cents("-0.005")).toBe(BigInt(-1))
    expect(cents("0.0049")).toBe(BigInt(0))
    expect(roundRatio(BigInt(-7), BigInt(2))).toBe(BigInt(-4))
  })

  it("multiplies and divides exactly before one final rounding", () => {
    const product = multiply({ units: BigInt(1500), scale: 0 }, { units: BigInt(1425), scale: 4 })
    expect(divideTo(product, { units: BigInt(1), scale: 0 }, 2)).toBe(BigInt(21375))
    expect(divideTo({ units: BigInt(1), scale: 0 }, { units: BigInt(3), scale: 0 }, 2)).toBe(BigInt(33))
  })

  it("formats cents back to the text it came from", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: BigInt(-10) ** BigInt(15), max: BigInt(10) ** BigInt(15) }), (value) => {
        expect(cents(formatCents(value))).toBe(value)
      }),
    )
    expect(formatCents(BigInt(-105))).toBe("-1.05")
  })

  it("treats 5, 5.0 and 5.00 as the same number", () => {
    expect(sameNumber("5", "5.00")).toBe(true)
    expect(sameNumber("5.001", "5.00")).toBe(false)
  })
})
