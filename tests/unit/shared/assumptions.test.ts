import { describe, expect, it } from "vitest"
import { buildEvaluationContext } from "../../../src-main/engine/context-builder"
import { interpretQuestion } from "../../../src-main/engine/interpret"
import { assumptionLabel, assumptionSentence, knownAssumptionLabel } from "../../../src-shared/assumptions"

describe("assumptions in words", () => {
  it.each([
    ["asOf = today (2026-11-22)", "hr", "Pretpostavljeni datum: današnji (22. 11. 2026.)"],
    ["asOf = today (2026-11-22)", "en", "Assumed date: today (22 November 2026)"],
    ["jurisdiction = HR", "hr", "Pretpostavljeno: hrvatsko zakonodavstvo"],
    ["jurisdiction = HR", "en", "Assumed: Croatian law"],
  ] as const)("%s in %s reads %j", (code, locale, expected) => {
    expect(assumptionSentence(code, locale)).toBe(expected)
  })

  it("gives noun phrases for lists such as the confidence drivers", () => {
    expect(assumptionLabel("asOf = today (2026-11-22)", "hr")).toBe("današnji datum (22. 11. 2026.)")
    expect(assumptionLabel("asOf = today (2026-11-22)", "en")).toBe("today's date (22 November 2026)")
    expect(assumptionLabel("jurisdiction = HR", "hr")).toBe("hrvatsko zakonodavstvo")
    expect(assumptionLabel("jurisdiction = HR", "en")).toBe("Croatian law")
  })

  it("shows a code it does not know as it is, rather than hiding the assumption", () => {
    expect(assumptionSentence("entity.type = DOO", "hr")).toBe("Pretpostavka: entity.type = DOO")
    expect(assumptionSentence("entity.type = DOO", "en")).toBe("Assumption: entity.type = DOO")
    expect(assumptionLabel("jurisdiction = SI", "en")).toBe("jurisdiction = SI")
    expect(knownAssumptionLabel("jurisdiction = SI", "hr")).toBeNull()
    // A malformed date is not a date: it stays a code rather than being half-translated.
    expect(knownAssumptionLabel("asOf = today (22.11.2026)", "hr")).toBeNull()
  })

  it("reads every code the context builder writes for a question without a date, on today's clock", () => {
    const clockDate = new Date().toISOString().slice(0, 10)
    const { assumedDefaults } = buildEvaluationContext({
      interpretation: interpretQuestion("Koji je prag za PDV?"),
      clockDate,
    })
    expect(assumedDefaults.length).toBeGreaterThan(0)
    const [year, month, day] = clockDate.split("-").map(Number)
    const months = [
      "January",
      "February",
      "March",
      "April",
      "May",
      "June",
      "July",
      "August",
      "September",
      "October",
      "November",
      "December",
    ]
    expect(assumedDefaults.map((code) => knownAssumptionLabel(code, "hr"))).toEqual([
      `današnji datum (${day}. ${month}. ${year}.)`,
      "hrvatsko zakonodavstvo",
    ])
    expect(assumedDefaults.map((code) => knownAssumptionLabel(code, "en"))).toEqual([
      `today's date (${day} ${months[(month ?? 1) - 1]} ${year})`,
      "Croatian law",
    ])
  })
})
