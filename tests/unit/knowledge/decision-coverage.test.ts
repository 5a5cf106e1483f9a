import { describe, expect, it } from "vitest"
import { topicCoverage } from "../../../src-main/knowledge/decision-coverage"
import { packIndex } from "../../../src-main/knowledge/pack-index"
import { syntheticPack } from "../../fixtures/packs"

const index = () => packIndex(syntheticPack())
const topic = (id: string) => {
  const found = index().topics.get(id)
  if (!found) throw new Error(id)
  return found
}

describe("topicCoverage", () => {
  it("counts only the dimensions the rules depend on", () => {
    const rules = index().rulesByConcept.get("syn-prag") ?? []
    expect(topicCoverage(topic("t-threshold"), rules, { asOf: "2025-01-01" }, {})).toEqual({
      topic: "t-threshold",
      requiredScore: 1,
      totalScore: 1,
      dimensions: [
        {
          dimension: "date",
          factPath: "asOf",
          required: true,
          resolved: true,
          value: "2025-01-01",
          source: "assumed_default",
        },
      ],
    })
  })

  it("scores a missing required dimension below 1", () => {
    const rules = index().rulesByConcept.get("syn-obveza") ?? []
    const coverage = topicCoverage(topic("t-threshold"), rules, { asOf: "2025-01-01" }, { asOf: "query" })
    expect(coverage.requiredScore).toBe(0.5)
    expect(coverage.dimensions.find((d) => d.dimension === "turnover")).toMatchObject({
      required: true,
      resolved: false,
    })
  })

  it("keeps requiredScore at 1 but lowers totalScore for a missing optional dimension", () => {
    const rules = index().rulesByConcept.get("syn-eracun") ?? []
    const missing = topicCoverage(topic("t-einvoice"), rules, { asOf: "2025-01-01" }, {})
    expect(missing).toMatchObject({ requiredScore: 1, totalScore: 0.5 })
    const given = topicCoverage(
      topic("t-einvoice"),
      rules,
      { asOf: "2025-01-01", entity: { type: "DOO", vat: { status: "IN_VAT" } } },
      { "entity.vat.status": "user_profile" },
    )
    expect(given).toMatchObject({ requiredScore: 1, totalScore: 1 })
    expect(given.dimensions[1]).toMatchObject({ value: "IN_VAT", source: "user_profile" })
  })
})
