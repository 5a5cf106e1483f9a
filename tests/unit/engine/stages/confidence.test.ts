import { describe, expect, it } from "vitest"
import type { ConfidencePayload } from "../../../../src-shared/events/payloads"
import { applicabilityStage } from "../../../../src-main/engine/stages/applicability"
import { confidenceStage } from "../../../../src-main/engine/stages/confidence"
import { conflictsStage } from "../../../../src-main/engine/stages/conflicts"
import type { RetrievalState } from "../../../../src-main/engine/state"
import type { LoadedPack } from "../../../../src-main/knowledge/loader"
import { tinyPack } from "../../../fixtures/packs"
import { runStage, stateOf, testRun } from "../helpers"

async function confidence(state: RetrievalState, pack?: LoadedPack): Promise<ConfidencePayload> {
  const run = testRun(pack)
  const applicability = await runStage(applicabilityStage(run, state))
  if (!applicability.outcome.ok) throw new Error("refused")
  const conflicts = await runStage(conflictsStage(run, applicability.outcome.value.eligible))
  if (!conflicts.outcome.ok) throw new Error("refused")
  const { outcome } = await runStage(
    confidenceStage(run, state, applicability.outcome.value, conflicts.outcome.value),
  )
  if (!outcome.ok) throw new Error("refused")
  return outcome.value
}

describe("confidenceStage", () => {
  it("scores law above practice and says why", async () => {
    const law = await confidence(await stateOf(["syn-stopa"], { asOf: "2025-03-01" }))
    const practice = await confidence(
      await stateOf(["syn-stavka"], { asOf: "2025-03-01", query: { item: "eggs" } }),
    )
    expect(law.score).toBeGreaterThan(practice.score)
    expect(law.drivers[0]).toBe("Najviši autoritet: zakon")
    expect(practice.drivers[0]).toBe("Najviši autoritet: praksa")
  })

  it("a plain fact from the tax authority alone is HIGH, the summary saying so as a percentage", async () => {
    const guidance = await confidence(
      await stateOf(["syn-obveza"], { asOf: "2025-03-01", counters: { revenueYtd: 3000 } }),
    )
    expect(guidance).toMatchObject({ label: "HIGH", summary: "Pouzdanost: visoka (86 %)" })
    expect(guidance.score).toBeCloseTo(0.86, 5)
  })

  it("counts independent sources (evidenceStrength)", async () => {
    expect((await confidence(await stateOf(["syn-prag"], { asOf: "2025-03-01" }))).evidenceStrength).toBe(
      "MULTI_SOURCE",
    )
    expect(
      (await confidence(await stateOf(["syn-obveza"], { asOf: "2025-03-01", counters: { revenueYtd: 1 } })))
        .evidenceStrength,
    ).toBe("SINGLE_SOURCE")
  })

  it("is lower with an unresolved conflict and with assumptions", async () => {
    const plain = await confidence(await stateOf(["syn-doprinos"], { asOf: "2025-03-01" }))
    const disputed = await confidence(await stateOf(["syn-rok"], { asOf: "2025-03-01" }))
    const assumed = await confidence(
      await stateOf(
        ["syn-doprinos"],
        { asOf: "2025-03-01" },
        { assumedDefaults: ["asOf = today (2025-03-01)"] },
      ),
    )
    expect(disputed.drivers).toContain("Sukobi izvora: riješeno 0, neriješeno 1")
    expect(assumed.score).toBeLessThan(plain.score)
    expect(assumed.drivers).toContain("Pretpostavke: današnji datum (1. 3. 2025.)")
  })

  it("turns the facts the rules read into interactive drivers", async () => {
    const payload = await confidence(
      await stateOf(
        ["syn-obveza"],
        { asOf: "2025-03-01", counters: { revenueYtd: 3000 } },
        { factSources: { "counters.revenueYtd": "user_profile", asOf: "query" } },
      ),
    )
    const byId = new Map((payload.interactiveDrivers ?? []).map((d) => [d.id, d]))
    expect(byId.get("fact:counters.revenueYtd:gt:2000")).toMatchObject({
      label: "Promet > 2.000,00 EUR",
      currentValue: true,
      canToggle: true,
      factPath: "counters.revenueYtd",
      factValue: 3000,
      factSource: "user_profile",
      condition: { operator: "gt", operand: 2000 },
      ruleIds: ["syn.obveza.iznad"],
      affectedStages: ["APPLICABILITY", "CONFLICTS", "ANALYSIS", "CONFIDENCE"],
    })
    expect(byId.get("fact:counters.revenueYtd:lte:2000")).toMatchObject({ currentValue: false })
    expect(byId.get("fact:asOf:gte:2024-01-01")).toMatchObject({
      currentValue: true,
      canToggle: true,
      ruleIds: ["syn.obveza.iznad"],
    })
    expect(payload.wouldBeLowerIf).toContain("da podaci iz profila klijenta nisu točni")
  })

  it("builds drivers only from facts some rule read", async () => {
    const payload = await confidence(
      await stateOf(["syn-stopa"], { asOf: "2025-03-01", counters: { revenueYtd: 3000 } }),
    )
    expect((payload.interactiveDrivers ?? []).every((d) => d.factPath === "asOf")).toBe(true)
  })
})

describe("a rule tagged 'confirmed by two sources' that cites one", () => {
  it("is said to rest on a single secondary source, as its citations show, and scores as such", async () => {
    const rule = { id: "r", authority: "PRACTICE" as const, evidenceIds: ["e-s-prac"] }
    const citesOne = tinyPack([{ ...rule, verification: "CONFIRMED_SECONDARY" }])
    const citesTwo = tinyPack([{ ...rule, verification: "CONFIRMED_SECONDARY", evidenceIds: ["e-s-prac", "e-s-guide"], authority: "PRACTICE" }])
    const one = await confidence(await stateOf(["c"], { asOf: "2025-03-01" }, { pack: citesOne }), citesOne)
    const two = await confidence(await stateOf(["c"], { asOf: "2025-03-01" }, { pack: citesTwo }), citesTwo)
    expect(one.drivers).toContain("Navedenih izvora: 1")
    expect(one.drivers).toContain("Provjera podatka: samo jedan sekundarni izvor")
    expect(two.drivers).toContain("Navedenih izvora: 2")
    expect(two.drivers).toContain("Provjera podatka: potvrđeno dvama neovisnim izvorima")
    expect(one.score).toBeLessThan(two.score)
  })
})
