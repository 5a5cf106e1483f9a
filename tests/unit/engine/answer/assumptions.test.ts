import { describe, expect, it } from "vitest"
import { assumptionLabel, assumptionSentence } from "../../../../src-main/engine/answer/assumptions"

describe("assumptions in words", () => {
  it.each([
    ["asOf = today (2026-11-22)", "hr", "Pretpostavljeni datum: današnji (22.11.2026.)"],
    ["asOf = today (2026-11-22)", "en", "Assumed date: today (2026-11-22)"],
    ["jurisdiction = HR", "hr", "Pretpostavljeno: hrvatsko zakonodavstvo"],
    ["jurisdiction = HR", "en", "Assumed: Croatian law"],
  ] as const)("%s in %s reads %j", (code, locale, expected) => {
    expect(assumptionSentence(code, locale)).toBe(expected)
  })

  it("gives noun phrases for lists such as the confidence drivers", () => {
    expect(assumptionLabel("asOf = today (2026-11-22)", "hr")).toBe("današnji datum (22.11.2026.)")
    expect(assumptionLabel("asOf = today (2026-11-22)", "en")).toBe("today's date (2026-11-22)")
    expect(assumptionLabel("jurisdiction = HR", "hr")).toBe("hrvatsko zakonodavstvo")
    expect(assumptionLabel("jurisdiction = HR", "en")).toBe("Croatian law")
  })

  it("shows a code it does not know as it is, rather than hiding the assumption", () => {
    expect(assumptionSentence("entity.type = DOO", "hr")).toBe("Pretpostavka: entity.type = DOO")
    expect(assumptionSentence("entity.type = DOO", "en")).toBe("Assumption: entity.type = DOO")
    expect(assumptionLabel("jurisdiction = SI", "en")).toBe("jurisdiction = SI")
  })
})
