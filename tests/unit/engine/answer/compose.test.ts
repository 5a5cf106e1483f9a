import { describe, expect, it } from "vitest"
import { answerLimits, headline, structuredAnswer } from "../../../../src-main/engine/answer/compose"
import type { Rule } from "../../../../src-main/knowledge/pack-schema"
import { realPack } from "../../../fixtures/packs"

// The answer's "Obligations" list names duties the client has. A rule saying a duty does not
// arise ("need not enter the VAT system") answers the question; listed as an obligation it
// contradicts the headline (seen in a what-if's hypothetical answer).

const rules = realPack().pack.rules
const dutyRules = (value: boolean): Rule[] =>
  rules.filter(
    (r) => r.kind === "obligation" && r.obligations.length === 0 && r.value.type === "boolean" && r.value.value === value,
  )

describe("structuredAnswer obligations", () => {
  it("never lists a duty that does not arise", () => {
    const negatives = dutyRules(false)
    expect(negatives.length).toBeGreaterThan(0)
    for (const rule of negatives)
      for (const locale of ["hr", "en"] as const)
        expect(structuredAnswer([rule], locale).obligations ?? []).not.toContain(rule.statement[locale])
  })

  it("lists a duty that arises, once, in the answer's language", () => {
    const [positive] = dutyRules(true)
    if (positive === undefined) throw new Error("the real pack has a yes/no duty that arises")
    expect(structuredAnswer([positive, positive], "hr").obligations).toEqual([positive.statement.hr])
    expect(structuredAnswer([positive], "en").obligations).toEqual([positive.statement.en])
  })
})

describe("headline", () => {
  it("is the rule's own sentence for every rule of the real pack, in both languages", () => {
    for (const rule of rules)
      for (const locale of ["hr", "en"] as const) {
        const text = headline(rule, locale)
        expect(text).toMatch(/[.!?…)]$/)
        expect(text.replace(/\.$/, "")).toBe(rule.statement[locale].trim().replace(/\.$/, ""))
      }
  })
})

describe("scope notes of a rate", () => {
  it("are limits of the answer, not obligations of the client (cakes are not covered by bread's rate)", () => {
    const rateRules = rules.filter((r) => r.kind === "rate" && r.obligations.length > 0)
    expect(rateRules.length).toBeGreaterThan(0)
    for (const rule of rateRules)
      for (const locale of ["hr", "en"] as const) {
        expect(structuredAnswer([rule], locale).obligations).toBeUndefined()
        const limits = answerLimits(
          { asOf: "2025-06-01", packId: "hr-core", packVersion: "x", checks: [], assumedDefaults: [], cited: [rule] },
          locale,
        )
        for (const note of rule.obligations) expect(limits).toContain(note[locale].replace(/\.$/, ""))
      }
  })
})

describe("a fact only one secondary source states", () => {
  it("is a limit of the answer when the rule's citations show one source, whatever its tag says", () => {
    const rule = rules.find((r) => r.verification === "CONFIRMED_SECONDARY")
    if (!rule) throw new Error("the real pack has a rule confirmed by two sources")
    const input = { asOf: "2025-06-01", packId: "hr-core", packVersion: "x", checks: [], assumedDefaults: [], cited: [rule] }
    const single = answerLimits({ ...input, verificationOf: () => "SINGLE_SECONDARY" }, "hr")
    const confirmed = answerLimits({ ...input, verificationOf: () => "CONFIRMED_SECONDARY" }, "hr")
    expect(single.join("\n")).toContain("potvrđuje samo jedan sekundarni izvor")
    expect(confirmed.join("\n")).not.toContain("potvrđuje samo jedan sekundarni izvor")
  })
})
