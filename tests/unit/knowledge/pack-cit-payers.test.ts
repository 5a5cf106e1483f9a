import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import type { EntityType, EvaluationContext, ObrtSubtype } from "../../../src-shared/context"
import { evaluateAppliesWhen, type Truth } from "../../../src-main/knowledge/applies-when"
import { loadPackFile } from "../../../src-main/knowledge/loader"
import type { Rule } from "../../../src-main/knowledge/pack-schema"

// Who pays profit tax (pack 2.0.17, probe 8): a craft that pays income tax (on its books or
// paušalno) is no profit-tax payer, and an association is one only for a market activity. The
// pack's profit-tax rules must not apply to them: the CIT rate, the representation and car-cost
// shares and the CIT deadlines were answered to an obrt dohodaš before. The rules that say who
// is no payer are the exception, and apply to exactly those clients.

const PACK_PATH = fileURLToPath(new URL("../../../resources/packs/hr-core.json", import.meta.url))
const { pack } = loadPackFile(PACK_PATH)

const PROFIT_TAX = "porez-na-dobit"
const profitTaxConcepts = new Set(pack.concepts.filter((c) => c.subjects?.includes(PROFIT_TAX)).map((c) => c.slug))
const profitTaxRules = pack.rules.filter((r) => profitTaxConcepts.has(r.conceptSlug))
const isLiabilityRule = (r: Rule) => r.valueKey === "cit-liability"

function clientOf(type: EntityType, obrtSubtype?: ObrtSubtype): EvaluationContext {
  const entity: EvaluationContext["entity"] = { type, vat: { status: "IN_VAT" }, location: { country: "HR" } }
  if (obrtSubtype !== undefined) entity.obrtSubtype = obrtSubtype
  return { asOf: "2025-06-01", entity, counters: { revenueYtd: 500000 } }
}

const applies = (rule: Rule, context: EvaluationContext): Truth =>
  rule.appliesWhen === undefined ? true : evaluateAppliesWhen(rule.appliesWhen, context).outcome

describe("profit-tax rules apply only to profit-tax payers", () => {
  it("the pack has profit-tax rules of several concepts, and rules saying who pays no profit tax", () => {
    expect(profitTaxConcepts.size).toBeGreaterThanOrEqual(4)
    expect(profitTaxRules.filter(isLiabilityRule).length).toBeGreaterThanOrEqual(2)
  })

  it.each([
    ["an obrt paying income tax on its books", clientOf("OBRT", "DOHODAS")],
    ["a paušalni obrt", clientOf("OBRT", "PAUSALNI")],
  ] as const)("no rate, share or deadline of profit tax applies to %s", (_who, client) => {
    const applying = profitTaxRules.filter((r) => !isLiabilityRule(r) && applies(r, client) !== false)
    expect(applying.map((r) => r.id)).toEqual([])
    expect(profitTaxRules.filter((r) => isLiabilityRule(r) && applies(r, client) === true).map((r) => r.id)).toHaveLength(1)
  })

  it("no profit-tax rate applies to an association; the rule on when it is a payer does", () => {
    const association = clientOf("UDRUGA")
    const rates = profitTaxRules.filter((r) => r.conceptSlug === "porez-na-dobit-stopa")
    expect(rates.filter((r) => applies(r, association) !== false).map((r) => r.id)).toEqual(["dobit.obveznik.udruga"])
  })

  it.each([
    ["a d.o.o.", clientOf("DOO")],
    ["an obrt that pays profit tax", clientOf("OBRT", "DOBITAS")],
    ["a client whose legal form is not known", { asOf: "2025-06-01", counters: { revenueYtd: 500000 } }],
  ] as const)("every profit-tax rule still reaches %s, and no rule saying it pays none", (_who, client) => {
    const blocked = profitTaxRules.filter((r) => !isLiabilityRule(r) && applies(r, client) === false)
    // The revenue bands exclude each other: at EUR 500,000 only the 10 % band of each period applies.
    expect(blocked.every((r) => r.conceptSlug === "porez-na-dobit-stopa" && r.id !== "dobit.stopa.10")).toBe(true)
    expect(profitTaxRules.filter((r) => isLiabilityRule(r) && applies(r, client) === true).map((r) => r.id)).toEqual([])
  })
})
