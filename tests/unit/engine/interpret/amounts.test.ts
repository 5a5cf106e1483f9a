import { describe, expect, it } from "vitest"
import { extractAmounts, parseNumber } from "../../../../src-main/engine/interpret/amounts"
import { normalizeText } from "../../../../src-main/engine/interpret/text-utils"

const amounts = (text: string) => extractAmounts(normalizeText(text)).map(({ value, currency, role }) => ({ value, currency, role }))

describe("parseNumber", () => {
  it.each([
    ["500.000", 500000],
    ["500 000", 500000],
    ["15,000", 15000],
    ["15.000,00", 15000],
    ["39.816,84", 39816.84],
    ["39,816.84", 39816.84],
    ["1.5", 1.5],
    ["1,5", 1.5],
    ["1.234.567", 1234567],
    ["65000", 65000],
  ])("%s -> %d", (raw, expected) => {
    expect(parseNumber(raw)).toBe(expected)
  })
  it("reads a single group before a multiplier as a decimal (1.500 milijuna = 1.5 million)", () => {
    expect(parseNumber("1.500", true)).toBe(1.5)
  })
})

describe("extractAmounts", () => {
  it.each([
    ["Promet mi je 500.000 eura", 500000, "EUR"],
    ["500 000 EUR", 500000, "EUR"],
    ["€15,000", 15000, "EUR"],
    ["€ 15,000.50", 15000.5, "EUR"],
    ["15.000,00 €", 15000, "EUR"],
    ["EUR 3 million", 3000000, "EUR"],
    ["3 milijuna eura", 3000000, "EUR"],
    ["1,5 milijuna eura", 1500000, "EUR"],
    ["1.5 million euros", 1500000, "EUR"],
    ["60k €", 60000, "EUR"],
    ["40 tisuća eura", 40000, "EUR"],
    ["65.000 kn", 65000, "HRK"],
    ["HRK 300.000", 300000, "HRK"],
    ["300.000,00 kuna", 300000, "HRK"],
    ["prag je 39.816,84 eura", 39816.84, "EUR"],
  ])("%j -> %d %s", (text, value, currency) => {
    expect(amounts(text)).toEqual([expect.objectContaining({ value, currency })])
  })

  it("finds several amounts in order", () => {
    expect(amounts("Prag je bio 300.000 kn, a sada 40.000 eura").map((a) => `${a.value} ${a.currency}`)).toEqual(["300000 HRK", "40000 EUR"])
  })

  it.each([
    ["Moram li u sustav PDV-a ako mi je promet 65.000 eura?", "turnover"],
    ["godišnji prihod od 80.000 EUR", "turnover"],
    ["My annual turnover is €45,000", "turnover"],
    ["revenue of EUR 3 million", "turnover"],
    ["račun na 15.000 eura platio sam gotovinom", "transaction"],
    ["an invoice of €2,000", "transaction"],
    ["imam 5.000 eura", "unknown"],
  ])("role of %j is %s", (text, role) => {
    expect(amounts(text)[0]?.role).toBe(role)
  })

  it("assumes EUR for a bare figure right after a turnover word, and says so", () => {
    const [found] = extractAmounts(normalizeText("promet mi je 65.000, moram li u PDV?"))
    expect(found).toMatchObject({ value: 65000, currency: "EUR", role: "turnover", currencyAssumed: true })
  })

  it.each([
    "Koja je stopa PDV-a u 2025.?",
    "od 1.1.2025. do 31.12.2025.",
    "stopa je 25 %",
    "promet u 2024 je bio dobar",
    "promet 15 dana",
    "imam 3 radnika",
  ])("no money in %j", (text) => {
    expect(amounts(text)).toEqual([])
  })
})

describe("amounts that are not plain money", () => {
  it("ignores negative figures, exponents and figures beyond the contract's bound", () => {
    expect(extractAmounts("promet -5 eura")).toEqual([])
    expect(extractAmounts("promet 10^300 eura")).toEqual([])
    expect(extractAmounts(`promet 1${"0".repeat(20)} eura`)).toEqual([])
    expect(extractAmounts("promet 10.000.000.000.001 eura")).toEqual([])
  })
  it("still reads the largest allowed amount", () => {
    expect(extractAmounts("promet 10.000.000.000.000 eura").map((a) => a.value)).toEqual([1e13])
  })
})
