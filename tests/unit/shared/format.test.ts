import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { formatDate, formatDatesIn, formatDay } from "../../../src-shared/format/dates"
import {
  formatMoney,
  formatNumber,
  formatPercent,
  formatScore,
  formatScoreDelta,
} from "../../../src-shared/format/numbers"
import { countOf, plural, pluralForm, type PluralForms } from "../../../src-shared/format/plural"

// The one formatter for people, shared by the main process, the CLI and the window.

describe("dates", () => {
  it("writes Croatian dates as day. month. year. with spaces and no leading zeros", () => {
    expect(formatDate("2025-07-01", "hr")).toBe("1. 7. 2025.")
    expect(formatDate("2025-01-01", "hr")).toBe("1. 1. 2025.")
    expect(formatDate("2024-12-31", "hr")).toBe("31. 12. 2024.")
  })

  it("writes English dates as day, month name, year", () => {
    expect(formatDate("2025-07-01", "en")).toBe("1 July 2025")
    expect(formatDate("2024-12-31", "en")).toBe("31 December 2024")
    expect(formatDay(2025, 2, 28, "en")).toBe("28 February 2025")
  })

  it("leaves text that is not an ISO date alone, and formats the ISO dates inside a text", () => {
    expect(formatDate("not a date", "hr")).toBe("not a date")
    expect(formatDatesIn("od 2025-01-01 do 2025-12-31", "hr")).toBe("od 1. 1. 2025. do 31. 12. 2025.")
    expect(formatDatesIn("from 2025-01-01", "en")).toBe("from 1 January 2025")
  })

  it("never shows a leading zero or an ISO shape to a Croatian reader", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1990-01-01"), max: new Date("2100-12-31"), noInvalidDate: true }),
        (d) => {
          const text = formatDate(d.toISOString().slice(0, 10), "hr")
          expect(text).toMatch(/^[1-9]\d?\. [1-9]\d?\. \d{4}\.$/)
        },
      ),
    )
  })
})

describe("numbers", () => {
  it("writes money the Croatian and the English way", () => {
    expect(formatMoney(40000, "hr")).toBe("40.000,00 EUR")
    expect(formatMoney(40000, "en")).toBe("EUR 40,000.00")
    expect(formatMoney(39816.84, "en")).toBe("EUR 39,816.84")
    expect(formatMoney(-1500, "hr")).toBe("-1.500,00 EUR")
    expect(formatMoney(-0.001, "hr")).toBe("0,00 EUR")
    expect(formatNumber(1234.5, "hr", 1)).toBe("1.234,5")
  })

  it("writes percentages with a space in Croatian and none in English", () => {
    expect(formatPercent(25, "hr")).toBe("25 %")
    expect(formatPercent(25, "en")).toBe("25%")
    expect(formatPercent(16.5, "hr")).toBe("16,5 %")
    expect(formatPercent(5.25, "en")).toBe("5.25%")
  })

  it("writes a confidence score as a whole percentage, never as 0.56", () => {
    expect(formatScore(0.56, "hr")).toBe("56 %")
    expect(formatScore(0.56, "en")).toBe("56%")
    expect(formatScore(1.2, "en")).toBe("100%")
    expect(formatScoreDelta(-0.16, "hr")).toBe("−16 p. b.")
    expect(formatScoreDelta(0.12, "en")).toBe("+12 pp")
  })
})

describe("plural", () => {
  const CHECK: PluralForms = {
    hr: { one: "provjera", few: "provjere", other: "provjera" },
    en: { one: "check", other: "checks" },
  }
  const WORD: PluralForms = {
    hr: { one: "riječ", few: "riječi", other: "riječi" },
    en: { one: "word", other: "words" },
  }

  it("agrees Croatian counts with their noun", () => {
    expect([1, 2, 5].map((n) => countOf(n, "hr", CHECK))).toEqual(["1 provjera", "2 provjere", "5 provjera"])
    expect([1, 2, 5].map((n) => countOf(n, "hr", WORD))).toEqual(["1 riječ", "2 riječi", "5 riječi"])
    expect([11, 12, 14, 21, 22, 25, 101, 111, 0].map((n) => pluralForm(n, "hr"))).toEqual([
      "other",
      "other",
      "other",
      "one",
      "few",
      "other",
      "one",
      "other",
      "other",
    ])
  })

  it("uses one and other in English", () => {
    expect(countOf(1, "en", CHECK)).toBe("1 check")
    expect(countOf(2, "en", CHECK)).toBe("2 checks")
    expect(plural(0, "en", WORD)).toBe("words")
  })
})
