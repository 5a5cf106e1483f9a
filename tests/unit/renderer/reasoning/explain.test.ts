import { describe, expect, it } from "vitest"
import {
  exclusionText,
  factLabel,
  flattenFacts,
  formatFactValue,
} from "../../../../src-renderer/reasoning/explain"
import type { RuleExclusion } from "../../../../src-shared/events/payloads"

const base: RuleExclusion = {
  ruleId: "r",
  ruleTitle: "Rule",
  code: "THRESHOLD_EXCEEDED",
  expected: "≤ 60.000,00 EUR",
  actual: "65.000,00 EUR",
  source: "user_profile",
  userCanFix: true,
  factPath: "counters.revenueYtd",
  operator: "lte",
}

describe("exclusionText", () => {
  it("says why a rule was excluded, with the fact's name and both values", () => {
    expect(exclusionText(base, "hr")).toBe(
      "Isključeno jer vaš promet (65.000,00 EUR) prelazi prag (60.000,00 EUR).",
    )
    expect(exclusionText({ ...base, expected: "≤ EUR 60,000.00", actual: "EUR 65,000.00" }, "en")).toBe(
      "Excluded because your turnover (EUR 65,000.00) exceeds the threshold (EUR 60,000.00).",
    )
  })

  it("formats raw numbers of money facts as money", () => {
    expect(exclusionText({ ...base, expected: "<=60000", actual: "65000" }, "hr")).toBe(
      "Isključeno jer vaš promet (65.000,00 EUR) prelazi prag (60.000,00 EUR).",
    )
  })

  it("keeps the comparison in conditions and names enum values", () => {
    const text = exclusionText(
      {
        ...base,
        code: "CONDITION_FALSE",
        factPath: "entity.vat.status",
        operator: "eq",
        expected: "= OUTSIDE_VAT",
        actual: "IN_VAT",
      },
      "en",
    )
    expect(text).toBe(
      "Excluded because the VAT status is in the VAT system; the rule applies when it is outside the VAT system.",
    )
    const lte = exclusionText(
      { ...base, code: "CONDITION_FALSE", factPath: "txn.amount", expected: "<= 700", actual: "900" },
      "en",
    )
    expect(lte).toBe(
      "Excluded because the transaction amount is EUR 900.00; the rule applies when it is ≤ EUR 700.00.",
    )
  })

  it("explains dates, jurisdiction and missing facts", () => {
    expect(
      exclusionText(
        {
          ...base,
          code: "DATE_MISMATCH",
          factPath: "asOf",
          expected: "na snazi od 2026-01-01",
          actual: "2025-06-01",
        },
        "hr",
      ),
    ).toBe("Isključeno jer pravilo na dan 1. 6. 2025. nije na snazi (pravilo je na snazi od 1. 1. 2026.).")
    expect(
      exclusionText(
        { ...base, code: "MISSING_CONTEXT", expected: "≤ EUR 60,000.00", actual: "not provided" },
        "en",
      ),
    ).toBe("Excluded because your turnover is not known; the rule applies when it is ≤ EUR 60,000.00.")
    expect(
      exclusionText(
        {
          ...base,
          code: "JURISDICTION_MISMATCH",
          factPath: "entity.location.country",
          expected: "HR",
          actual: "SI",
        },
        "en",
      ),
    ).toBe("Excluded because the rule applies to HR, not SI.")
  })

  it("says what differs when the exclusion is not about a fact (a proposed rule)", () => {
    const proposed = {
      ...base,
      code: "CONDITION_FALSE" as const,
      factPath: undefined,
      expected: "enacted law",
      actual: "only a proposal",
    }
    expect(exclusionText(proposed, "en")).toBe("Excluded: only a proposal (needed: enacted law).")
  })

  it("names an unknown fact by its path instead of failing", () => {
    expect(factLabel("txn.somethingNew", "en")).toBe("the fact “txn.somethingNew”")
    expect(factLabel(undefined, "hr")).toBe("nepoznato")
  })
})

describe("formatFactValue and flattenFacts", () => {
  it("formats each kind of fact", () => {
    expect(formatFactValue("counters.revenueYtd", 65000, "hr")).toBe("65.000,00 EUR")
    expect(formatFactValue("entity.type", "OBRT", "hr")).toBe("obrt")
    expect(formatFactValue("txn.b2b", true, "en")).toBe("yes")
    expect(formatFactValue("asOf", "2025-01-15", "hr")).toBe("15. 1. 2025.")
    expect(formatFactValue("query.year", 2025, "hr")).toBe("2025")
    expect(formatFactValue("x.y", null, "en")).toBe("unknown")
  })

  it("names the trip's duration and the years of service, and counts them with the noun that agrees", () => {
    expect(factLabel("query.tripHours", "hr")).toBe("trajanje puta")
    expect(factLabel("query.tripHours", "en")).toBe("the trip duration")
    expect(factLabel("query.serviceYears", "hr")).toBe("godine staža")
    expect(factLabel("query.serviceYears", "en")).toBe("the years of service")
    const hours = (n: number, locale: "hr" | "en") => formatFactValue("query.tripHours", n, locale)
    expect([1, 2, 5, 10, 21, 22].map((n) => hours(n, "hr"))).toEqual(["1 sat", "2 sata", "5 sati", "10 sati", "21 sat", "22 sata"])
    expect(hours(10.5, "hr")).toBe("10,5 sata")
    expect([1, 10, 10.5].map((n) => hours(n, "en"))).toEqual(["1 hour", "10 hours", "10.5 hours"])
    const years = (n: number, locale: "hr" | "en") => formatFactValue("query.serviceYears", n, locale)
    expect([1, 2, 4, 5, 12, 15, 21, 22, 40].map((n) => years(n, "hr"))).toEqual([
      "1 godina",
      "2 godine",
      "4 godine",
      "5 godina",
      "12 godina",
      "15 godina",
      "21 godina",
      "22 godine",
      "40 godina",
    ])
    expect([1, 15].map((n) => years(n, "en"))).toEqual(["1 year", "15 years"])
  })

  it("counts raw numbers in an exclusion of a counted fact", () => {
    const text = exclusionText(
      { ...base, code: "CONDITION_FALSE", factPath: "query.serviceYears", operator: "eq", expected: "= 15", actual: "12" },
      "hr",
    )
    expect(text).toBe("Isključeno jer je godine staža: 12 godina; pravilo vrijedi kad je 15 godina.")
  })

  it("lists the facts of a context by path", () => {
    expect(
      flattenFacts({ asOf: "2025-01-15", entity: { type: "DOO", vat: { status: "IN_VAT" } }, counters: {} }),
    ).toEqual([
      ["asOf", "2025-01-15"],
      ["entity.type", "DOO"],
      ["entity.vat.status", "IN_VAT"],
    ])
  })
})
