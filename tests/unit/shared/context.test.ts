import { describe, expect, it } from "vitest"
import { IsoDate, ProfileContext } from "../../../src-shared/context"

describe("IsoDate", () => {
  it("accepts real calendar dates, including 29 February in a leap year", () => {
    for (const d of ["2025-01-01", "2024-02-29", "2026-12-31", "0001-01-01", "0000-01-01"]) expect(IsoDate.safeParse(d).success).toBe(true)
  })
  it("refuses dates that do not exist or are not YYYY-MM-DD", () => {
    for (const d of ["2025-02-30", "2025-02-29", "2025-13-01", "2025-00-10", "9999-99-99", "1.1.2025", "2025-1-1"])
      expect(IsoDate.safeParse(d).success, d).toBe(false)
  })
})

describe("ProfileContext", () => {
  it("names the field that is wrong", () => {
    const result = ProfileContext.safeParse({ entity: { type: "OBRT", vat: { status: "MAYBE" }, location: { country: "HR" } } })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.path).toEqual(["entity", "vat", "status"])
  })
  it("refuses unknown keys instead of silently dropping them", () => {
    expect(ProfileContext.safeParse({ counters: { revenueYtd: 1, turnover: 2 } }).success).toBe(false)
  })
})
