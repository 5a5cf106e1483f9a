import { describe, expect, it } from "vitest"
import { numbersIn, quoteStatesValue } from "../../../src-main/knowledge/quote-value"
import type { RuleValue } from "../../../src-main/knowledge/pack-schema"

// The value-in-quote matcher of the pack lint: every common way of writing a number, and whole
// numbers only.

const percent = (value: number): RuleValue => ({ type: "percentage", value })
const eur = (value: number): RuleValue => ({ type: "currency", value, currency: "EUR" })
const date = (value: string): RuleValue => ({ type: "date", value })
const deadline = (hr: string, en = "by the day"): RuleValue => ({ type: "deadline", text: { hr, en } })

describe("quoteStatesValue", () => {
  it.each(["5%", "stopa od 5 %", "5 posto", "5 percent", "5,0 %", "stope 5 i 13 %", "rates of 5, 13 or 25%", "5-postotna stopa"])(
    "finds 5 %% in %j",
    (quote) => expect(quoteStatesValue(quote, percent(5))).toBe(true),
  )

  it.each(["15%", "25 %", "5,5 %", "5.000 %", "čl. 5 st. 2 (stopa 13 %)", "5 dana", "V5"])("does not find 5 %% in %j", (quote) =>
    expect(quoteStatesValue(quote, percent(5))).toBe(false),
  )

  it("reads decimal percentages either way", () => {
    expect(quoteStatesValue("povećat će se s 15% na 16,5%", percent(16.5))).toBe(true)
    expect(quoteStatesValue("16.5% health", percent(16.5))).toBe(true)
    expect(quoteStatesValue("16 % ili 5 %", percent(16.5))).toBe(false)
  })

  it.each(["60.000,00 eura", "60.000 eura", "EUR 60,000", "60 000 EUR", "€60,000.00", "60\u00a0000 €", "60000", "60 tisuća eura"])(
    "finds EUR 60,000 in %j",
    (quote) => expect(quoteStatesValue(quote, eur(60000))).toBe(true),
  )

  it.each(["600.000,00 eura", "60,00 eura", "160.000 eura", "6.000 eura", "60.000,50 eura"])("does not find EUR 60,000 in %j", (quote) =>
    expect(quoteStatesValue(quote, eur(60000))).toBe(false),
  )

  it("reads cents, large grouped amounts and amounts in words", () => {
    expect(quoteStatesValue("0,50 eura po kilometru", eur(0.5))).toBe(true)
    expect(quoteStatesValue("EUR 0.50/km", eur(0.5))).toBe(true)
    expect(quoteStatesValue("EUR 0.05/km", eur(0.5))).toBe(false)
    expect(quoteStatesValue("»39.816,84 eura«", eur(39816.84))).toBe(true)
    expect(quoteStatesValue("»39.816,85 eura«", eur(39816.84))).toBe(false)
    expect(quoteStatesValue("revenues lower than 1 million euros", eur(1_000_000))).toBe(true)
    expect(quoteStatesValue("1.000.000,00 eura", eur(1_000_000))).toBe(true)
    expect(quoteStatesValue("EUR 10 000", eur(10000))).toBe(true)
  })

  it.each(["1.1.2026", "od 1. 1. 2026.", "1 January 2026", "January 1, 2026", "01.01.2026.", "2026-01-01", "od 1. siječnja 2026.", "1 sijecnja 2026"])(
    "finds 2026-01-01 in %j",
    (quote) => expect(quoteStatesValue(quote, date("2026-01-01"))).toBe(true),
  )

  it.each(["11.1.2026", "1.1.2027", "1. 11. 2026.", "1 June 2026", "siječnja 2026"])("does not find 2026-01-01 in %j", (quote) =>
    expect(quoteStatesValue(quote, date("2026-01-01"))).toBe(false),
  )

  it("asks a deadline's quote for one of the value's numbers or day words", () => {
    expect(quoteStatesValue("do 20. u mjesecu", deadline("do 20. u mjesecu"))).toBe(true)
    expect(quoteStatesValue("due on the 20th of the month", deadline("do 20. u mjesecu"))).toBe(true)
    expect(quoteStatesValue("do dvadesetog u mjesecu", deadline("do 20. u mjesecu"))).toBe(true)
    expect(quoteStatesValue("do 120 dana", deadline("do 20. u mjesecu"))).toBe(false)
    expect(quoteStatesValue("do 15. u mjesecu", deadline("do 20. u mjesecu"))).toBe(false)
    expect(quoteStatesValue("End of the month (last working day)", deadline("do posljednjeg dana u mjesecu"))).toBe(true)
    expect(quoteStatesValue("do 15. u mjesecu", deadline("do posljednjeg dana u mjesecu"))).toBe(false)
  })

  it("reads amounts, decimals and spelled numbers in a text value", () => {
    const text = (hr: string, en = "-"): RuleValue => ({ type: "text", text: { hr, en } })
    expect(quoteStatesValue("obveznik fiskalizacije 30.000,00 - 500.000,00", text("od 30.000,00 do 500.000,00 HRK"))).toBe(true)
    expect(quoteStatesValue("kazna od 3.000 do 5.000 kn", text("od 30.000,00 do 500.000,00 HRK"))).toBe(false)
    expect(quoteStatesValue("maksimalno 23,6 posto, a viša 35,4 posto", text("23,6 % i 35,4 %"))).toBe(true)
    expect(quoteStatesValue("stopa od 23 posto", text("23,6 % i 35,4 %"))).toBe(false)
    expect(quoteStatesValue("EUR 700.01 to EUR 1,300 | 0.5 x (EUR 1,300 – gross salary)", text("0,5 × (1.300,00 EUR – bruto plaća)"))).toBe(true)
    expect(quoteStatesValue("četiri mjeseca nakon isteka poreznog razdoblja", deadline("u roku od četiri mjeseca"))).toBe(true)
    expect(quoteStatesValue("četiri mjeseca nakon isteka poreznog razdoblja", deadline("u roku od 4 mjeseca"))).toBe(true)
    expect(quoteStatesValue("šest mjeseci od zadnjeg dana", deadline("u roku od četiri mjeseca"))).toBe(false)
  })

  it("numbersIn reads dates as parts and grouped amounts as one number", () => {
    expect(numbersIn("od 1. 7. 2025. do 30.000,00 ili 1,300.00 ili 60 000, stopa 23,6, 0,125 i 20.")).toEqual(
      new Set([1, 7, 2025, 30000, 1300, 60000, 23.6, 0.125, 20]),
    )
  })

  it("skips booleans and texts without a number", () => {
    expect(quoteStatesValue("anything", { type: "boolean", value: true })).toBeNull()
    expect(quoteStatesValue("anything", { type: "text", text: { hr: "na dan isplate", en: "on the day of payment" } })).toBeNull()
  })
})
