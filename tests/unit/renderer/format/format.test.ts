import { describe, expect, it } from "vitest"
import fc from "fast-check"
import { formatDate, formatDateTime, isIsoDate } from "../../../../src-renderer/format/dates"
import { formatDuration, formatSecondsAgo } from "../../../../src-renderer/format/duration"
import { formatScore } from "../../../../src-shared/format/numbers"
import { formatAmount, formatMoney, parseAmountInput } from "../../../../src-renderer/format/money"

describe("money", () => {
  it("writes Croatian and English amounts the way accountants read them", () => {
    expect(formatMoney(65000, "hr")).toBe("65.000,00 EUR")
    expect(formatMoney(65000, "en")).toBe("EUR 65,000.00")
    expect(formatMoney(1234567.891, "hr")).toBe("1.234.567,89 EUR")
    expect(formatMoney(0.5, "en")).toBe("EUR 0.50")
    expect(formatMoney(999, "hr")).toBe("999,00 EUR")
    expect(formatMoney(-1500, "hr")).toBe("-1.500,00 EUR")
  })

  it("reads amounts as users type them in either style", () => {
    expect(parseAmountInput("65.000,00", "hr")).toBe(65000)
    expect(parseAmountInput("65000", "hr")).toBe(65000)
    expect(parseAmountInput("65 000,50 EUR", "hr")).toBe(65000.5)
    expect(parseAmountInput("65000.5", "hr")).toBe(65000.5)
    expect(parseAmountInput("65,000.00", "en")).toBe(65000)
    expect(parseAmountInput("€15,000", "en")).toBe(15000)
    expect(parseAmountInput("", "hr")).toBeNull()
    expect(parseAmountInput("abc", "hr")).toBeNull()
    expect(parseAmountInput("6.5.0", "hr")).toBeNull()
  })

  it("reads back what it writes, in both languages", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.constantFrom("hr" as const, "en" as const),
        (cents, locale) => {
          const value = cents / 100
          expect(parseAmountInput(formatAmount(value, locale), locale)).toBeCloseTo(value, 2)
        },
      ),
    )
  })
})

describe("dates", () => {
  it("shows calendar dates as 5. 3. 2025. in Croatian and 5 March 2025 in English, without time-zone shifts", () => {
    expect(formatDate("2025-03-05", "hr")).toBe("5. 3. 2025.")
    expect(formatDate("2025-03-05", "en")).toBe("5 March 2025")
    expect(formatDate("not a date", "hr")).toBe("not a date")
  })

  it("shows timestamps in local time with minutes", () => {
    const local = new Date(2025, 2, 5, 14, 30)
    expect(formatDateTime(local.toISOString(), "hr")).toBe("5. 3. 2025. 14:30")
    expect(formatDateTime(local.toISOString(), "en")).toBe("5 March 2025, 14:30")
    expect(formatDate(local.toISOString(), "hr")).toBe("5. 3. 2025.")
  })

  it("tells an ISO date from other forms", () => {
    expect(isIsoDate("2025-01-09")).toBe(true)
    expect(isIsoDate("09.01.2025.")).toBe(false)
  })
})

describe("durations and percentages", () => {
  it("reads like the liveness line: 2,1 s / 2.1 s", () => {
    expect(formatDuration(2100, "hr")).toBe("2,1 s")
    expect(formatDuration(2100, "en")).toBe("2.1 s")
    expect(formatDuration(2199, "en")).toBe("2.1 s")
    expect(formatDuration(850, "en")).toBe("850 ms")
    expect(formatDuration(65_000, "hr")).toBe("1 min 5 s")
    expect(formatDuration(120_000, "en")).toBe("2 min")
    expect(formatDuration(-5, "en")).toBe("0 ms")
    expect(formatSecondsAgo(420, "hr")).toBe("0,4 s")
    expect(formatSecondsAgo(2100, "en")).toBe("2.1 s")
    expect(formatSecondsAgo(61_000, "en")).toBe("1 min 1 s")
  })

  it("shows scores as whole percentages", () => {
    expect(formatScore(0.873, "hr")).toBe("87 %")
    expect(formatScore(0.873, "en")).toBe("87%")
    expect(formatScore(1.2, "en")).toBe("100%")
  })
})
