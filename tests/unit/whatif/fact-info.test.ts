import { describe, expect, it } from "vitest"
import { factKind, valueText } from "../../../src-main/whatif/fact-info"

// A what-if sets a fact from what the user typed: a count (a year, a trip's hours) must be set as
// a number, or the changed context fails the contract ("expected number, received string").

describe("factKind", () => {
  it("sets counts and measures as numbers, money as money, dates as dates", () => {
    expect(factKind("query.year")).toBe("number")
    expect(factKind("query.tripHours")).toBe("number")
    expect(factKind("counters.revenueYtd")).toBe("money")
    expect(factKind("asOf")).toBe("date")
  })

  it("words a trip's hours in both languages", () => {
    expect(valueText("query.tripHours", 14)).toEqual({ hr: "14 sati", en: "14 hours" })
    expect(valueText("query.tripHours", 22)).toEqual({ hr: "22 sata", en: "22 hours" })
  })
})
