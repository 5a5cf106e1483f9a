import { describe, expect, it } from "vitest"
import { QueryFacts } from "../../../../src-shared/context"
import { interpretQuestion } from "../../../../src-main/engine/interpret"
import { extractTripDuration, MAX_TRIP_HOURS } from "../../../../src-main/engine/interpret/trip-duration"
import { normalizeText } from "../../../../src-main/engine/interpret/text-utils"
import { factLabel, formatFactValue } from "../../../../src-main/knowledge/facts"

const hoursOf = (question: string) => extractTripDuration(normalizeText(question)).hours

describe("extractTripDuration", () => {
  it.each([
    ["Kolika je neoporeziva dnevnica za službeni put od 10 sati?", 10],
    ["kolika je neoporeziva dnevnica za sluzbeni put od 10 sati", 10],
    ["Dnevnica za put koji je trajao 14 sati", 14],
    ["Dnevnica za putovanje od 2 sata", 2],
    ["Dnevnica za put od 21 sat", 21],
    ["Dnevnica za 10-satni službeni put", 10],
    ["Dnevnica za 10 satni put", 10],
    ["dnevnica za put 10h", 10],
    ["dnevnica za put 10 h 30 min", 10.5],
    ["dnevnica za put od 10 sati i 30 minuta", 10.5],
    ["dnevnica za put od 10,5 sati", 10.5],
    ["Dnevnica za put od točno 12 sati", 12],
    ["What is the tax-free per diem for a 10-hour business trip in Croatia?", 10],
    ["Per diem for a business trip of 14 hours", 14],
    ["Per diem for a trip of 9 hrs", 9],
    ["Per diem for a 1 hour trip", 1],
    ["Per diem for a trip of 10.5 hours", 10.5],
  ])("%s -> %d hours", (question, hours) => {
    expect(hoursOf(question)).toBe(hours)
  })

  it.each([
    ["dnevnica za put dulje od 12 sati", "a lower bound"],
    ["dnevnica za putovanje duže od 12 sati", "a lower bound"],
    ["dnevnica za putovanje više od 8 sati", "a lower bound"],
    ["per diem for a trip over 12 hours", "a lower bound"],
    ["per diem for a trip of more than 12 hours", "a lower bound"],
    ["dnevnica za put kraći od 8 sati", "an upper bound"],
    ["per diem for a trip of less than 8 hours", "an upper bound"],
    ["dnevnica za put do 12 sati", "an upper bound"],
    ["dnevnica za put od 8 do 12 sati", "a range"],
    ["dnevnica za put 8-12 sati", "a range"],
    ["per diem for a trip of 8 to 12 hours", "a range"],
    ["per diem for a trip between 8 and 12 hours", "a range"],
    ["put od 8 sati do 16 sati", "two clock times"],
    ["krenuo sam na put u 7 sati", "a clock time"],
    ["dnevnica za put od oko 10 sati", "an approximation"],
    ["dnevnica za put od 10 sati ili 14 sati", "two durations"],
    ["dnevnica za put od -5 sati", "a negative number"],
    ["dnevnica za put od 9000 sati", "more than a leap year"],
    ["Kolika je neoporeziva dnevnica za službeni put?", "no hours at all"],
    ["Kolika je dnevnica za put od 10 dana?", "days, not hours"],
    ["Radim 10 sati dnevno, koliki je porez?", "no trip or per diem"],
  ])("%s: no duration (%s)", (question) => {
    expect(hoursOf(question)).toBeUndefined()
  })

  it.each([
    ["dnevnica za put dulje od 12 sati", "gt", 12],
    ["Koliko iznosi neoporeziva dnevnica za službeni put duži od 12 sati?", "gt", 12],
    ["dnevnica za putovanje više od 8 sati", "gt", 8],
    ["dnevnica preko 12 sati", "gt", 12],
    ["per diem for a trip over 12 hours", "gt", 12],
    ["per diem for a trip of more than 12 hours", "gt", 12],
    ["per diem for a trip longer than 12 hours", "gt", 12],
    ["dnevnica za put od najmanje 13 sati", "gte", 13],
    ["per diem for a trip of at least 9 hours", "gte", 9],
    ["dnevnica za put kraći od 8 sati", "lt", 8],
    ["per diem for a trip of less than 8 hours", "lt", 8],
    ["dnevnica za put od najviše 10 sati", "lte", 10],
  ])("%s: a bound (%s %d), not a duration", (question, operator, value) => {
    expect(extractTripDuration(normalizeText(question)).bound).toEqual({ operator, value })
  })

  it.each([
    ["dnevnica za put do 12 sati", "up to a duration, or until a clock time"],
    ["dnevnica za put od 8 do 12 sati", "a range"],
    ["dnevnica za put od oko 10 sati", "an approximation"],
    ["dnevnica za put dulje od 12 sati, a vratio sam se u 20 sati", "a bound beside a clock time"],
    ["dnevnica za put više od 8 sati, zapravo 14 sati", "a bound beside a duration"],
    ["radim više od 12 sati dnevno", "no trip or per diem"],
  ])("%s: no bound (%s)", (question) => {
    const read = extractTripDuration(normalizeText(question))
    expect(read.bound).toBeUndefined()
    expect(read.hours).toBeUndefined()
  })

  it("bounds the value by the contract's ceiling", () => {
    expect(MAX_TRIP_HOURS).toBe(24 * 366)
    expect(hoursOf(`put od ${MAX_TRIP_HOURS} sati`)).toBe(MAX_TRIP_HOURS)
    expect(QueryFacts.safeParse({ tripHours: MAX_TRIP_HOURS + 1 }).success).toBe(false)
    expect(QueryFacts.safeParse({ tripHours: -1 }).success).toBe(false)
  })
})

describe("the trip's duration in the interpretation", () => {
  it("is a question fact, and the hours are never read as an amount of money", () => {
    for (const question of [
      "Kolika je neoporeziva dnevnica za službeni put od 10 sati?",
      "Koliki su neoporezivi primici za put od 10 sati?",
      "Prihod od 10 h za službeni put",
      "promet 10 hrs za put",
      "prihod 10-satni put",
    ]) {
      const interpretation = interpretQuestion(question)
      expect(interpretation.facts, question).toEqual({ tripHours: 10 })
      expect(interpretation.amounts, question).toEqual([])
      expect(QueryFacts.safeParse(interpretation.facts).success).toBe(true)
    }
  })

  it("keeps amounts in euro beside the hours", () => {
    const interpretation = interpretQuestion("Je li dnevnica od 20 eura za put od 10 sati neoporeziva?")
    expect(interpretation.facts).toMatchObject({ amount: 20, tripHours: 10 })
  })

  it("is absent when the question names no hours", () => {
    expect(interpretQuestion("Kolika je neoporeziva dnevnica za službeni put?").facts.tripHours).toBeUndefined()
    expect(interpretQuestion("What is the tax-free per diem in Croatia?").facts.tripHours).toBeUndefined()
  })
})

describe("the trip's duration for people", () => {
  it("is named and counted with the noun that agrees with the number", () => {
    expect(factLabel("query.tripHours", "hr")).toBe("Trajanje puta")
    expect(factLabel("query.tripHours", "en")).toBe("Trip duration")
    const hr = (n: number) => formatFactValue("query.tripHours", n, "hr")
    expect([1, 2, 4, 5, 10, 11, 12, 14, 21, 22, 25].map(hr)).toEqual([
      "1 sat",
      "2 sata",
      "4 sata",
      "5 sati",
      "10 sati",
      "11 sati",
      "12 sati",
      "14 sati",
      "21 sat",
      "22 sata",
      "25 sati",
    ])
    expect(hr(10.5)).toBe("10,5 sata")
    expect(hr(8784)).toBe("8.784 sata")
    const en = (n: number) => formatFactValue("query.tripHours", n, "en")
    expect([1, 10, 10.5].map(en)).toEqual(["1 hour", "10 hours", "10.5 hours"])
  })
})
