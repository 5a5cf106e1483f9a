import { describe, expect, it } from "vitest"
import { QueryFacts } from "../../../../src-shared/context"
import { interpretQuestion } from "../../../../src-main/engine/interpret"
import {
  extractServiceYears,
  MAX_SERVICE_YEARS,
  MIN_SERVICE_YEARS,
} from "../../../../src-main/engine/interpret/service-years"
import { normalizeText } from "../../../../src-main/engine/interpret/text-utils"
import { factLabel, formatFactValue, isNumberFact } from "../../../../src-main/knowledge/facts"

const yearsOf = (question: string) => extractServiceYears(normalizeText(question)).years

describe("extractServiceYears", () => {
  it.each([
    ["Kolika je neoporeziva jubilarna nagrada za 15 godina staža u 2025?", 15],
    ["kolika je neoporeziva jubilarna nagrada za 15 godina staza u 2025", 15],
    ["Jubilarna nagrada za 15 godina rada", 15],
    ["Jubilarna nagrada za 15 godina radnog staža", 15],
    ["Radnik ima 15 godina staža, kolika je jubilarna nagrada?", 15],
    ["Jubilarna nagrada nakon 20 godina rada", 20],
    ["Kolika je jubilarna nagrada za 30 godina?", 30],
    ["Jubilarna nagrada za 35 godina neprekidnog rada kod istog poslodavca", 35],
    ["Jubilarna nagrada za 1 godinu staža", 1],
    ["Jubilarna nagrada za 22 godine staža", 22],
    ["15-godišnji jubilej radnika", 15],
    ["What is the tax-free jubilee award for 15 years of service?", 15],
    ["Tax-free jubilee award after 40 years of work", 40],
    ["Jubilee award for 45 years", 45],
    ["Is a 15-year jubilee award tax-free?", 15],
    ["What is the tax-free 15-year long-service award?", 15],
    ["A long-service award for 15 years' service", 15],
    ["An employee with 25 years with the company gets a jubilee award", 25],
  ])("%s -> %d years", (question, years) => {
    expect(yearsOf(question)).toBe(years)
  })

  it.each([
    ["Kolika je neoporeziva jubilarna nagrada u 2025. godini?", "a calendar year"],
    ["Kolika je jubilarna nagrada u 2025?", "a calendar year"],
    ["Jubilarna nagrada isplaćena je prije 2 godine", "a time ago"],
    ["The jubilee award was paid 2 years ago", "a time ago"],
    ["Promet mi je 65.000 eura, kolika je jubilarna nagrada?", "a turnover amount"],
    ["Jubilarna nagrada od 300 eura", "an amount of money"],
    ["Imam 30 godina, kolika je jubilarna nagrada?", "someone's age"],
    ["Hoću li za 2 godine morati u sustav PDV-a?", "time ahead, no service word"],
    ["Koliko dugo se čuvaju računi, 11 godina?", "a retention period"],
    ["Jubilarna nagrada za više od 35 godina staža", "a lower bound"],
    ["Jubilee award for more than 35 years of service", "a lower bound"],
    ["Jubilarna nagrada za oko 15 godina rada", "an approximation"],
    ["Jubilarna nagrada za 15-20 godina staža", "a range"],
    ["Jubilarna nagrada za 15 do 20 godina staža", "a range"],
    ["Jubilarna nagrada za 15 ili 20 godina staža", "a choice of two"],
    ["Jubilarna nagrada za 15 godina staža ili za 20 godina rada", "two counts"],
    ["Jubilarna nagrada za 80 godina staža", "more than anyone works"],
    ["Jubilarna nagrada za 0 godina staža", "no service"],
    ["Kolika je neoporeziva jubilarna nagrada?", "no years at all"],
  ])("%s: no count (%s)", (question) => {
    expect(yearsOf(question)).toBeUndefined()
  })

  it("says why no count was taken", () => {
    expect(extractServiceYears(normalizeText("jubilarna nagrada za 15 ili 20 godina staža")).note).toBe("service_years:not_exact")
    expect(extractServiceYears(normalizeText("jubilarna nagrada za 80 godina staža")).note).toBe("service_years:out_of_range")
    expect(extractServiceYears(normalizeText("jubilarna nagrada za 15 godina staža")).note).toBe("service_years:15")
    expect(extractServiceYears(normalizeText("jubilarna nagrada u 2025. godini"))).toEqual({})
  })

  it("keeps the count a time ago does not touch", () => {
    expect(yearsOf("Jubilarna nagrada za 15 godina staža, a zaposlen sam prije 2 godine")).toBe(15)
  })

  it("is bounded as the contract is", () => {
    expect([MIN_SERVICE_YEARS, MAX_SERVICE_YEARS]).toEqual([1, 70])
    expect(yearsOf(`jubilarna nagrada za ${MAX_SERVICE_YEARS} godina staža`)).toBe(MAX_SERVICE_YEARS)
    expect(QueryFacts.safeParse({ serviceYears: MAX_SERVICE_YEARS + 1 }).success).toBe(false)
    expect(QueryFacts.safeParse({ serviceYears: 0 }).success).toBe(false)
    expect(QueryFacts.safeParse({ serviceYears: 15.5 }).success).toBe(false)
    expect(QueryFacts.safeParse({ serviceYears: 15 }).success).toBe(true)
  })
})

describe("the years of service in the interpretation", () => {
  it("are a question fact, never an amount of money nor a calendar year", () => {
    for (const question of [
      "Kolika je neoporeziva jubilarna nagrada za 15 godina staža?",
      "Prihod od jubilarne nagrade za 15 godina staža",
      "Primitak 15 godina staža",
      "Income of a 15-year jubilee award",
      "Turnover of 15 years of service",
    ]) {
      const interpretation = interpretQuestion(question)
      expect(interpretation.facts, question).toEqual({ serviceYears: 15 })
      expect(interpretation.amounts, question).toEqual([])
      expect(interpretation.years, question).toEqual([])
      expect(QueryFacts.safeParse(interpretation.facts).success).toBe(true)
    }
  })

  it("stand beside the calendar year and an amount of money", () => {
    const interpretation = interpretQuestion("Je li jubilarna nagrada od 400 eura za 15 godina staža u 2025. neoporeziva?")
    expect(interpretation.facts).toMatchObject({ amount: 400, year: 2025, serviceYears: 15 })
    expect(interpretation.signals).toContain("service_years:15")
  })

  it("are absent when the question states none", () => {
    expect(interpretQuestion("Kolika je neoporeziva jubilarna nagrada u 2025. godini?").facts).toEqual({ year: 2025 })
    expect(interpretQuestion("Promet mi je 65.000 eura.").facts.serviceYears).toBeUndefined()
    expect(interpretQuestion("What is the tax-free jubilee award in Croatia?").facts.serviceYears).toBeUndefined()
  })
})

describe("the years of service for people", () => {
  it("are named and counted with the noun that agrees with the number, and set as a number", () => {
    expect(factLabel("query.serviceYears", "hr")).toBe("Godine staža")
    expect(factLabel("query.serviceYears", "en")).toBe("Years of service")
    expect(isNumberFact("query.serviceYears")).toBe(true)
    const hr = (n: number) => formatFactValue("query.serviceYears", n, "hr")
    expect([1, 2, 4, 5, 11, 12, 14, 15, 21, 22, 25, 40].map(hr)).toEqual([
      "1 godina",
      "2 godine",
      "4 godine",
      "5 godina",
      "11 godina",
      "12 godina",
      "14 godina",
      "15 godina",
      "21 godina",
      "22 godine",
      "25 godina",
      "40 godina",
    ])
    const en = (n: number) => formatFactValue("query.serviceYears", n, "en")
    expect([1, 15].map(en)).toEqual(["1 year", "15 years"])
  })
})
