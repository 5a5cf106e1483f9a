import { describe, expect, it } from "vitest"
import type { EvaluationContext, FactSource } from "../../../src-shared/context"
import { checkRule, conditionLabel } from "../../../src-main/knowledge/rule-eligibility"
import { tinyPack } from "../../fixtures/packs"

const pack = tinyPack([
  { id: "below", appliesWhen: { lte: ["counters.revenueYtd", 60000] } },
  { id: "old", effectiveFrom: "2020-01-01", effectiveUntil: "2023-12-31" },
  { id: "future", effectiveFrom: "2030-01-01" },
  { id: "proposed", certainty: "PROPOSED" },
  { id: "zagreb", appliesWhen: { eq: ["entity.location.county", "Grad Zagreb"] } },
  { id: "doo", appliesWhen: { eq: ["entity.type", "DOO"] } },
  { id: "not-obrt", appliesWhen: { not: { eq: ["entity.type", "OBRT"] } } },
  { id: "needs-txn", appliesWhen: { gt: ["txn.amount", 100] } },
  { id: "plain" },
])
const rule = (id: string) => {
  const found = pack.pack.rules.find((r) => r.id === id)
  if (!found) throw new Error(id)
  return found
}

const context: EvaluationContext = {
  asOf: "2025-06-01",
  entity: { type: "OBRT", vat: { status: "OUTSIDE_VAT" }, location: { country: "HR", county: "Split" } },
  counters: { revenueYtd: 65000 },
}
const sources: Record<string, FactSource> = {
  asOf: "assumed_default",
  "entity.type": "user_profile",
  "entity.location.county": "user_profile",
  "counters.revenueYtd": "query",
}

describe("checkRule", () => {
  it("explains an exceeded threshold with people's numbers, the fact's source and that it can be fixed", () => {
    const check = checkRule(rule("below"), context, sources, "hr")
    expect(check.eligible).toBe(false)
    expect(check.exclusion).toEqual({
      ruleId: "below",
      ruleTitle: "Pravilo below",
      code: "THRESHOLD_EXCEEDED",
      expected: "≤ 60.000,00 EUR",
      actual: "65.000,00 EUR",
      source: "query",
      userCanFix: true,
      factPath: "counters.revenueYtd",
      operator: "lte",
    })
    expect(checkRule(rule("below"), context, sources, "en").exclusion).toMatchObject({
      expected: "≤ EUR 60,000.00",
      actual: "EUR 65,000.00",
    })
  })

  it("excludes rules outside their validity period as DATE_MISMATCH that the user cannot fix", () => {
    expect(checkRule(rule("old"), context, sources, "hr")).toMatchObject({
      eligible: false,
      failure: "date-past",
      exclusion: {
        code: "DATE_MISMATCH",
        expected: "na snazi do 31. 12. 2023.",
        actual: "1. 6. 2025.",
        factPath: "asOf",
        userCanFix: false,
        source: "assumed_default",
      },
    })
    expect(checkRule(rule("future"), context, sources, "en")).toMatchObject({
      failure: "date-future",
      exclusion: { code: "DATE_MISMATCH", expected: "in force from 1 January 2030", operator: "effectiveFrom" },
    })
  })

  it("treats validity bounds as inclusive", () => {
    expect(checkRule(rule("old"), { ...context, asOf: "2023-12-31" }, sources, "hr").eligible).toBe(true)
    expect(checkRule(rule("future"), { ...context, asOf: "2030-01-01" }, sources, "hr").eligible).toBe(true)
  })

  it("never applies a merely proposed rule", () => {
    expect(checkRule(rule("proposed"), context, sources, "hr")).toMatchObject({
      eligible: false,
      failure: "proposed",
      exclusion: { code: "CONDITION_FALSE", operator: "certainty" },
    })
  })

  it("uses JURISDICTION_MISMATCH for location facts and CONDITION_FALSE for other conditions", () => {
    expect(checkRule(rule("zagreb"), context, sources, "hr").exclusion).toMatchObject({
      code: "JURISDICTION_MISMATCH",
      expected: "= Grad Zagreb",
      actual: "Split",
    })
    expect(checkRule(rule("doo"), context, sources, "hr").exclusion).toMatchObject({
      code: "CONDITION_FALSE",
      expected: "= d.o.o.",
      actual: "obrt",
      source: "user_profile",
    })
    expect(checkRule(rule("not-obrt"), context, sources, "hr").exclusion).toMatchObject({
      code: "CONDITION_FALSE",
      expected: "≠ obrt",
      operator: "neq",
    })
  })

  it("asks for a missing fact as MISSING_CONTEXT that the profile can supply", () => {
    expect(checkRule(rule("needs-txn"), context, sources, "hr")).toMatchObject({
      failure: "predicate-unknown",
      exclusion: {
        code: "MISSING_CONTEXT",
        actual: "nije navedeno",
        source: "user_profile",
        userCanFix: true,
        factPath: "txn.amount",
      },
    })
  })

  it("applies rules without conditions and records the leaves a conditional rule read", () => {
    expect(checkRule(rule("plain"), context, sources, "hr")).toMatchObject({ eligible: true, leaves: [] })
    const check = checkRule(rule("below"), { ...context, counters: { revenueYtd: 1 } }, sources, "hr")
    expect(check.eligible).toBe(true)
    expect(check.leaves).toHaveLength(1)
  })

  it("labels conditions for people", () => {
    expect(conditionLabel("counters.revenueYtd", "lte", 60000, "hr")).toBe("Promet ≤ 60.000,00 EUR")
    expect(conditionLabel("entity.vat.status", "in", ["IN_VAT"], "en")).toBe(
      "VAT status one of: in the VAT system",
    )
  })
})
