import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { isValidOib, oibCheckDigit, oibProblem } from "../../../src-shared/oib"

const tenDigits = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 10, maxLength: 10 }).map((d) => d.join(""))

describe("OIB check digit (ISO 7064 MOD 11,10)", () => {
  it("accepts a number whose last digit is the computed check digit", () => {
    fc.assert(fc.property(tenDigits, (ten) => isValidOib(ten + String(oibCheckDigit(ten)))))
  })

  it("detects every single mistyped digit", () => {
    fc.assert(
      fc.property(tenDigits, fc.integer({ min: 0, max: 10 }), fc.integer({ min: 1, max: 9 }), (ten, position, shift) => {
        const valid = ten + String(oibCheckDigit(ten))
        const wrongDigit = String((Number(valid[position]) + shift) % 10)
        const typo = valid.slice(0, position) + wrongDigit + valid.slice(position + 1)
        return oibProblem(typo) === "checkDigit"
      }),
    )
  })

  it("tells a wrong length or a letter apart from a wrong check digit", () => {
    expect(oibProblem("1234567890")).toBe("format")
    expect(oibProblem("1234567890a")).toBe("format")
    expect(oibProblem(" 12345678901")).toBe("format")
  })

  it("gives the check digit worked by hand, and agrees with a published example", () => {
    // By hand for 1234567890: the carries run 10, 2, 8, 2, 1, 1, 3, 9, 3, 4, 8 → 11 - 8 = 3.
    expect(oibCheckDigit("1234567890")).toBe(3)
    expect(isValidOib("12345678903")).toBe(true)
    // python-stdnum's documented example of a valid Croatian OIB, and the same with one digit off.
    expect(isValidOib("33392005961")).toBe(true)
    expect(isValidOib("33392005962")).toBe(false)
  })
})
