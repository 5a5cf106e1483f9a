import { describe, expect, it } from "vitest"
import { formatDate, formatMoney, formatPercent, formatRuleValue } from "../../../src-main/knowledge/format"

describe("format", () => {
  it("formats money the Croatian and the English way", () => {
    expect(formatMoney(60000, "hr")).toBe("60.000,00 EUR")
    expect(formatMoney(39816.84, "en")).toBe("EUR 39,816.84")
    expect(formatMoney(1000000, "hr", "HRK")).toBe("1.000.000,00 HRK")
    expect(formatMoney(5, "hr")).toBe("5,00 EUR")
  })

  it("formats percentages and dates", () => {
    expect(formatPercent(25, "hr")).toBe("25 %")
    expect(formatPercent(16.5, "hr")).toBe("16,5 %")
    expect(formatPercent(16.5, "en")).toBe("16.5%")
    expect(formatDate("2025-01-01", "hr")).toBe("1. 1. 2025.")
    expect(formatDate("2025-07-01", "en")).toBe("1 July 2025")
  })

  it("formats every kind of rule value", () => {
    expect(formatRuleValue({ type: "boolean", value: true }, "hr")).toBe("da")
    expect(formatRuleValue({ type: "text", text: { hr: "tekst", en: "text" } }, "en")).toBe("text")
    expect(formatRuleValue({ type: "date", value: "2026-01-01" }, "hr")).toBe("1. 1. 2026.")
  })
})
