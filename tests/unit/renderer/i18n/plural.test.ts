import { describe, expect, it } from "vitest"
import { catalog } from "../../../../src-renderer/i18n/catalog"
import { translateCount } from "../../../../src-renderer/i18n/plural"

// Counted messages agree with their noun in Croatian (one / few / other) and English (one / other).

describe("counted messages", () => {
  it("agree in Croatian: 1 obveza otpada, 2 obveze otpadaju, 5 obveza otpada", () => {
    const removed = [1, 2, 5, 11, 21, 22].map((n) => translateCount("hr", "whatif.conclusion.removed", n))
    expect(removed).toEqual([
      "1 obveza otpada",
      "2 obveze otpadaju",
      "5 obveza otpada",
      "11 obveza otpada",
      "21 obveza otpada",
      "22 obveze otpadaju",
    ])
    expect([1, 2, 5].map((n) => translateCount("hr", "whatif.conclusion.added", n))).toEqual([
      "1 nova obveza",
      "2 nove obveze",
      "5 novih obveza",
    ])
    expect(translateCount("hr", "cards.showAll", 1)).toBe("Prikaži obrazloženje (1 korak)")
    expect(translateCount("hr", "cards.showAll", 7)).toBe("Prikaži obrazloženje (7 koraka)")
  })

  it("agree in English", () => {
    expect(translateCount("en", "whatif.conclusion.removed", 1)).toBe("1 obligation no longer applies")
    expect(translateCount("en", "whatif.conclusion.removed", 2)).toBe("2 obligations no longer apply")
    expect(translateCount("en", "cards.showAll", 1)).toBe("Show the reasoning (1 step)")
  })

  it("every counted family has all three forms in both languages, each with {n}", () => {
    const families = Object.keys(catalog)
      .filter((key) => key.endsWith(".one"))
      .map((key) => key.slice(0, -".one".length))
    expect(families.length).toBeGreaterThan(0)
    for (const family of new Set(families))
      for (const form of ["one", "few", "other"]) {
        const message = (catalog as Record<string, { hr: string; en: string } | undefined>)[
          `${family}.${form}`
        ]
        expect(message, `${family}.${form}`).toBeDefined()
        expect(message?.hr, `${family}.${form}`).toContain("{n}")
        expect(message?.en, `${family}.${form}`).toContain("{n}")
      }
  })
})
