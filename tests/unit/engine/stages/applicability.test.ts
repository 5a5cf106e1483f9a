import { describe, expect, it } from "vitest"
import { applicabilityStage, knowledgeHorizon } from "../../../../src-main/engine/stages/applicability"
import { realPack, tinyPack } from "../../../fixtures/packs"
import { runStage, stateOf, testRun } from "../helpers"

describe("applicabilityStage", () => {
  it("keeps the rules in force on asOf whose conditions hold, explaining every exclusion", async () => {
    const state = await stateOf(
      ["syn-obveza"],
      { asOf: "2025-03-01", counters: { revenueYtd: 3000 } },
      { factSources: { "counters.revenueYtd": "query" } },
    )
    const { events, outcome } = await runStage(applicabilityStage(testRun(), state))
    expect(events[1]).toMatchObject({
      stage: "APPLICABILITY",
      status: "complete",
      data: {
        eligibleCount: 1,
        ineligibleCount: 1,
        eligibleRuleIds: ["syn.obveza.iznad"],
        appliesWhenEvaluated: true,
        exclusions: [
          {
            ruleId: "syn.obveza.ispod",
            code: "THRESHOLD_EXCEEDED",
            expected: "≤ 2.000,00 EUR",
            actual: "3.000,00 EUR",
            source: "query",
            userCanFix: true,
          },
        ],
        coverage: [{ topic: "t-threshold", requiredScore: 1, totalScore: 1 }],
      },
    })
    expect(outcome.ok && outcome.value.eligible.map((r) => r.id)).toEqual(["syn.obveza.iznad"])
  })

  it("refuses MISSING_CLIENT_DATA for a missing required profile fact when no profile was given", async () => {
    const state = await stateOf(["syn-obveza"], { asOf: "2025-03-01" })
    const { outcome } = await runStage(applicabilityStage(testRun(), state))
    expect(outcome).toMatchObject({
      ok: false,
      terminal: { reason: "MISSING_CLIENT_DATA", requiredFields: ["counters.revenueYtd"] },
    })
  })

  it("refuses MISSING_REQUIRED_DIMENSION when a profile was given but lacks it, or the fact belongs to the question", async () => {
    const withProfile = await stateOf(["syn-obveza"], { asOf: "2025-03-01" }, { profileGiven: true })
    expect((await runStage(applicabilityStage(testRun(), withProfile))).outcome).toMatchObject({
      terminal: { reason: "MISSING_REQUIRED_DIMENSION" },
    })
    const item = await stateOf(["syn-stavka"], { asOf: "2025-03-01" })
    expect((await runStage(applicabilityStage(testRun(), item))).outcome).toMatchObject({
      terminal: { reason: "MISSING_REQUIRED_DIMENSION", requiredFields: ["query.item"] },
    })
  })

  it("branches on a missing optional dimension, one branch per value that makes a rule apply", async () => {
    const state = await stateOf(["syn-eracun"], { asOf: "2025-03-01" })
    const { outcome } = await runStage(applicabilityStage(testRun(), state))
    expect(outcome.ok && outcome.value.missingDimensions).toEqual(["vatStatus"])
    expect(outcome.ok && outcome.value.branches.map((b) => [b.value, b.ruleIds, b.condition])).toEqual([
      ["IN_VAT", ["syn.eracun.pdv"], "Ako je status PDV-a = u sustavu PDV-a"],
      ["OUTSIDE_VAT", ["syn.eracun.izvan"], "Ako je status PDV-a = izvan sustava PDV-a"],
    ])
  })

  it("gives one branch for rules that need two missing facts at once (entity type and obrt subtype)", async () => {
    // Pack 2.0 states the paušalni obrt limit without conditions; a tiny pack keeps the case of a
    // rule that needs both facts.
    const pack = tinyPack(
      [
        {
          id: "pausal.limit",
          dimensions: ["legalForm", "obrtType"],
          appliesWhen: { and: [{ eq: ["entity.type", "OBRT"] }, { eq: ["entity.obrtSubtype", "PAUSALNI"] }] },
        },
      ],
      {
        topics: [
          {
            id: "t",
            nameHr: "Tema",
            nameEn: "Topic",
            dimensions: [
              {
                dimension: "legalForm",
                factPath: "entity.type",
                required: false,
                label: { hr: "Pravni oblik", en: "Legal form" },
              },
              {
                dimension: "obrtType",
                factPath: "entity.obrtSubtype",
                required: false,
                label: { hr: "Vrsta obrta", en: "Kind of obrt" },
              },
            ],
          },
        ],
      },
    )
    const state = await stateOf(["c"], { asOf: "2025-03-01" }, { pack })
    const { outcome } = await runStage(applicabilityStage(testRun(pack), state))
    expect(outcome.ok && outcome.value.branches.map((b) => [b.facts, b.ruleIds, b.dimension])).toEqual([
      [{ "entity.type": "OBRT", "entity.obrtSubtype": "PAUSALNI" }, ["pausal.limit"], "legalForm, obrtType"],
    ])
    expect(outcome.ok && outcome.value.missingDimensions).toEqual(["legalForm", "obrtType"])
  })

  it("does not branch on a missing fact that would not change which rules apply (turnover above the threshold this year)", async () => {
    const state = await stateOf(
      ["pdv-obveza-registracije"],
      { asOf: "2025-06-01", counters: { revenueYtd: 65000 } },
      { pack: realPack(), factSources: { "counters.revenueYtd": "query" } },
    )
    const { outcome } = await runStage(applicabilityStage(testRun(realPack()), state))
    expect(outcome.ok && outcome.value.branches).toEqual([])
    expect(outcome.ok && outcome.value.eligible.map((r) => r.id)).toEqual(["pdv.registracija.2025.iznad"])
    const below = await stateOf(
      ["pdv-obveza-registracije"],
      { asOf: "2025-06-01", counters: { revenueYtd: 45000 } },
      { pack: realPack(), factSources: { "counters.revenueYtd": "query" } },
    )
    const split = (await runStage(applicabilityStage(testRun(realPack()), below))).outcome
    expect(split.ok && split.value.branches.map((b) => [b.condition, b.ruleIds])).toEqual([
      ["Ako je promet u prethodnoj godini ≤ 60.000,00 EUR", ["pdv.registracija.2025.ispod"]],
      ["Ako je promet u prethodnoj godini > 60.000,00 EUR", ["pdv.registracija.2025.iznad"]],
    ])
  })

  it("branches on both sides of a numeric threshold", async () => {
    const state = await stateOf(["syn-dobit"], { asOf: "2025-03-01" })
    const { outcome } = await runStage(applicabilityStage(testRun(), state))
    expect(outcome.ok && outcome.value.branches.map((b) => [b.condition, b.ruleIds])).toEqual([
      ["Ako je prihod < 5.000,00 EUR", ["syn.dobit.niza"]],
      ["Ako je prihod ≥ 5.000,00 EUR", ["syn.dobit.visa"]],
    ])
  })

  it("refuses FUTURE_LAW_UNCERTAIN when only future or proposed rules would apply", async () => {
    const state = await stateOf(["syn-buduce"], { asOf: "2025-03-01" })
    const { events, outcome } = await runStage(applicabilityStage(testRun(), state))
    expect(events[1]).toMatchObject({ data: { eligibleCount: 0, ineligibleCount: 2 } })
    expect(outcome).toMatchObject({ ok: false, terminal: { reason: "FUTURE_LAW_UNCERTAIN" } })
    const later = await stateOf(["syn-buduce"], { asOf: "2026-06-01" })
    expect((await runStage(applicabilityStage(testRun(), later))).outcome.ok).toBe(true)
  })

  it("refuses FUTURE_LAW_UNCERTAIN for a date beyond the pack's two-year horizon, even where rules never end", async () => {
    const state = await stateOf(["syn-buduce"], { asOf: "2027-01-16" })
    const { outcome } = await runStage(applicabilityStage(testRun(), state))
    expect(outcome).toMatchObject({ ok: false, terminal: { reason: "FUTURE_LAW_UNCERTAIN" } })
    expect(knowledgeHorizon("2025-01-15")).toBe("2027-01-15")
  })

  it("refuses NO_CITABLE_RULES after every rule has ended, naming the last day one applied, never the old figure", async () => {
    const pack = realPack()
    const state = await stateOf(["neop-nagrada-radni-rezultati"], { asOf: "2026-06-01" }, { pack })
    const { outcome } = await runStage(applicabilityStage(testRun(pack), state))
    expect(outcome).toMatchObject({ ok: false, terminal: { reason: "NO_CITABLE_RULES" } })
    const detail = outcome.ok ? "" : JSON.stringify(outcome.terminal)
    expect(detail).toContain("posljednje je vrijedilo do 31. 12. 2025.")
    expect(detail).not.toContain("1.200,00")
  })

  it("after every rule has ended, says why the pack holds nothing later where its subject declares a gap", async () => {
    const pack = tinyPack([{ id: "ended", effectiveUntil: "2025-12-31" }], {
      subjects: [
        {
          id: "s",
          kind: "topic",
          nameHr: "Prag",
          nameEn: "Threshold",
          terms: ["prag"],
          gap: { hr: "Iznose za 2026. ne navodi nijedan provjereni izvor.", en: "No verified source states the 2026 amounts." },
        },
      ],
      concepts: [{ slug: "c", nameHr: "Pojam", nameEn: "Concept", keywords: ["prag"], aliases: [], topic: "t", subjects: ["s"] }],
    })
    const state = await stateOf(["c"], { asOf: "2026-06-01" }, { pack })
    const { outcome } = await runStage(applicabilityStage(testRun(pack), state))
    const detail = outcome.ok ? "" : (outcome.terminal.outcome === "REFUSAL" && outcome.terminal.detail) || ""
    expect(detail).toContain("posljednje je vrijedilo do 31. 12. 2025.")
    expect(detail).toMatch(/ne odgovaram starim iznosom\. Iznose za 2026\. ne navodi nijedan provjereni izvor\.$/)
  })

  it("refuses NO_CITABLE_RULES when every rule is excluded by its conditions", async () => {
    const state = await stateOf(
      ["syn-prirez"],
      { asOf: "2025-03-01", entity: { type: "DOO", location: { country: "HR", county: "Split" } } },
      { profileGiven: true },
    )
    const { events, outcome } = await runStage(applicabilityStage(testRun(), state))
    expect(events[1]).toMatchObject({ data: { exclusions: [{ code: "JURISDICTION_MISMATCH" }] } })
    expect(outcome).toMatchObject({ ok: false, terminal: { reason: "NO_CITABLE_RULES" } })
  })
})
