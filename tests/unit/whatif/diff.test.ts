import { describe, expect, it } from "vitest"
import type { WhatIfChange, WhatIfDiff } from "../../../src-shared/whatif"
import { craftedPack } from "./crafted-pack"
import { dooProfile, whatIfFixture, type WhatIfFixture } from "./fixtures"

// The diff between a base run and its counterfactual on a crafted pack: a threshold crossed both
// ways, a rule that becomes conflicting, an entity-type change, a date change across an effective
// date; and the sentence in both languages.

async function diffOf(f: WhatIfFixture, base: string, changes: WhatIfChange[]): Promise<WhatIfDiff> {
  const { run } = await f.whatif.run(base, changes)
  if (!run) throw new Error("expected the counterfactual to run")
  return f.whatif.compare(base, run.requestId)
}

const ids = (rules: ReadonlyArray<{ ruleId: string }>) => rules.map((r) => r.ruleId)

describe("diff of a counterfactual against its base", () => {
  it("threshold crossed downwards: the obligation goes, the rule above is excluded with its reason", async () => {
    const f = whatIfFixture()
    const base = await f.ask({ profile: dooProfile() })
    const diff = await diffOf(f, base, [{ kind: "set", path: "counters.revenueYtd", value: 30000 }])
    expect(diff.facts).toMatchObject([{ path: "counters.revenueYtd", before: 65000, after: 30000 }])
    expect(ids(diff.rules.left)).toEqual(["fx.above.2025"])
    expect(ids(diff.rules.entered)).toEqual(["fx.below.2025"])
    expect(diff.rules.left[0]?.exclusionAfter).toMatchObject({
      code: "CONDITION_FALSE",
      expected: "> 60.000,00 EUR",
      actual: "30.000,00 EUR",
    })
    expect(diff.rules.entered[0]?.exclusionBefore).toMatchObject({
      code: "THRESHOLD_EXCEEDED",
      actual: "65.000,00 EUR",
    })
    expect(diff.answer.obligations.removed).toEqual(["Izmišljena registracija"])
    expect(diff.base.hypothetical).toBe(false)
    expect(diff.other).toMatchObject({ hypothetical: true, counterfactualOf: base, outcome: "ANSWER" })
    expect(diff.changed).toBe(true)
    // The run is Croatian: its headlines are quoted in the Croatian sentence, named in the English one.
    expect(diff.sentence.en).toMatch(/^If the turnover were EUR 30,000\.00 instead of EUR 65,000\.00: /)
    expect(diff.sentence.en).toContain(
      "the answer's headline changes; no obligation: Fictional registration; applies: Fictional rule fx.below.2025" +
        " (excluded rule “Fictional rule fx.above.2025”: EUR 30,000.00 ≤ EUR 60,000.00).",
    )
    expect(diff.sentence.hr).toMatch(/^Da je promet 30\.000,00 EUR umjesto 65\.000,00 EUR: odgovor glasi „/)
    expect(diff.sentence.hr).toContain(
      "nema obveze: Izmišljena registracija; primjenjuje se: Izmišljeno pravilo fx.below.2025" +
        " (isključeno pravilo „Izmišljeno pravilo fx.above.2025”: 30.000,00 EUR ≤ 60.000,00 EUR).",
    )
  })

  it("threshold crossed upwards: the obligation appears", async () => {
    const f = whatIfFixture()
    const base = await f.ask({
      question: "Moram li ući u sustav PDV-a ako mi je promet 30.000 eura?",
      profile: dooProfile(),
    })
    const diff = await diffOf(f, base, [{ kind: "flip", driverId: "fact:counters.revenueYtd:gt:60000" }])
    expect(diff.facts).toMatchObject([{ before: 30000, after: 60000.01 }])
    expect(ids(diff.rules.entered)).toEqual(["fx.above.2025"])
    expect(ids(diff.rules.left)).toEqual(["fx.below.2025"])
    expect(diff.answer.obligations.added).toContain("Izmišljena registracija")
    expect(diff.sentence.en).toContain("If the turnover were EUR 60,000.01 instead of EUR 30,000.00: ")
    expect(diff.sentence.en).toContain("; new obligation: Fictional registration")
    expect(diff.sentence.en).toContain("(excluded rule “Fictional rule fx.below.2025”: EUR 60,000.01 > EUR 60,000.00)")
  })

  it("a rule that becomes conflicting: the unresolved conflict appears, the answer is qualified, confidence drops", async () => {
    const f = whatIfFixture()
    const base = await f.ask({ profile: dooProfile() })
    const diff = await diffOf(f, base, [{ kind: "flip", driverId: "fact:counters.revenueYtd:gt:100000" }])
    expect(ids(diff.rules.entered).sort()).toEqual(["fx.big.guidance", "fx.big.other"])
    expect(diff.conflicts.appeared).toMatchObject([{ id: "fx-big-conflict", resolution: "UNRESOLVED" }])
    expect(diff.conflicts.disappeared).toEqual([])
    expect(diff).toMatchObject({
      outcomeChanged: true,
      base: { outcome: "ANSWER" },
      other: { outcome: "QUALIFIED_ANSWER" },
    })
    expect(diff.confidence.delta).toBeLessThan(0)
    expect(diff.confidence.driversAdded.some((d) => d.includes("neriješeno 1"))).toBe(true)
    expect(diff.sentence.en).toContain("the outcome is a qualified answer instead of an answer")
    expect(diff.sentence.en).toContain("new source conflicts: 1")
  })

  it("an entity-type change: the craft rule enters, and a conditional answer becomes a plain one", async () => {
    const f = whatIfFixture()
    // No profile: the entity type is missing, so the base answer is conditional on it.
    const base = await f.ask()
    expect(f.traces.get(base)?.trace.outcome).toBe("CONDITIONAL_ANSWER")
    const diff = await diffOf(f, base, [{ kind: "flip", driverId: "fact:entity.type:eq:OBRT" }])
    expect(diff.facts).toMatchObject([
      { path: "entity.type", before: null, after: "OBRT", afterText: { hr: "obrt" } },
    ])
    expect(ids(diff.rules.entered)).toEqual(["fx.craft.2025"])
    expect(diff.rules.entered[0]?.exclusionBefore?.code).toBe("MISSING_CONTEXT")
    expect(diff).toMatchObject({ outcomeChanged: true, other: { outcome: "ANSWER" } })
    expect(diff.sentence.hr).toContain("Da je vrsta subjekta obrt (podatak nije bio naveden): ")
    expect(diff.sentence.en).toContain("If the entity type were craft (obrt) (not given in the run): ")
    expect(diff.sentence.en).toContain("new obligation: Fictional craft ledger")
  })

  it("a date change across an effective date: this year's rule is not yet in force, last year's applies", async () => {
    const f = whatIfFixture()
    const base = await f.ask({ profile: dooProfile() })
    const diff = await diffOf(f, base, [{ kind: "flip", driverId: "fact:asOf:gte:2025-01-01" }])
    expect(diff.facts).toMatchObject([{ path: "asOf", before: "2025-06-01", after: "2024-12-31" }])
    expect(ids(diff.rules.left)).toEqual(["fx.above.2025"])
    expect(ids(diff.rules.entered)).toEqual(["fx.above.2024"])
    expect(diff.rules.left[0]?.exclusionAfter).toMatchObject({
      code: "DATE_MISMATCH",
      operator: "effectiveFrom",
    })
    expect(diff.rules.reasonChanged.map((r) => r.ruleId)).toContain("fx.below.2024")
    expect(diff.sentence.en).toContain("If the date were 31 December 2024 instead of 1 June 2025")
    expect(diff.sentence.en).toContain(
      "excluded rule “Fictional rule fx.above.2025”: not yet in force on 31 December 2024 (in force from 1 January 2025)",
    )
    expect(diff.sentence.hr).toContain("Da je datum 31. 12. 2024. umjesto 1. 6. 2025.")
  })

  it("says nothing changed when the hypothetical reaches the same conclusion on the same rules", async () => {
    const f = whatIfFixture()
    const base = await f.ask({ profile: dooProfile() })
    const diff = await diffOf(f, base, [{ kind: "set", path: "counters.revenueYtd", value: 65000 }])
    expect(diff.facts).toEqual([])
    expect(diff.changed).toBe(false)
    expect(diff.sentence).toEqual({
      hr: "Između ova dva izračuna: odgovor ostaje isti.",
      en: "Between these two runs: the answer stays the same.",
    })
  })

  it("compares runs on two pack versions by naming the packs", async () => {
    const f = whatIfFixture(craftedPack("1.0.0"))
    const g = whatIfFixture(craftedPack("1.1.0", 70000), f.store.path)
    const before = await f.ask({ profile: dooProfile() })
    const after = await g.ask({ profile: dooProfile() })
    const diff = f.whatif.compare(before, after)
    expect(diff.sentence.en).toMatch(/^With rule pack 1\.1\.0 instead of 1\.0\.0: /)
    expect(diff.rules.entered.map((r) => r.ruleId)).toEqual(["fx.below.2025"])
  })
})
