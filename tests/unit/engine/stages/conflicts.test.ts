import { describe, expect, it } from "vitest"
import { conflictsStage, precedence } from "../../../../src-main/engine/stages/conflicts"
import { packIndex } from "../../../../src-main/knowledge/pack-index"
import { syntheticPack, tinyPack } from "../../../fixtures/packs"
import { runStage, testRun } from "../helpers"

const rulesOf = (slug: string) => [...(packIndex(syntheticPack()).rulesByConcept.get(slug) ?? [])]

describe("conflictsStage", () => {
  it("resolves different values by the higher authority", async () => {
    const { events, outcome } = await runStage(conflictsStage(testRun(), rulesOf("syn-stopa")))
    expect(events[1]).toMatchObject({
      data: {
        conflictCount: 1,
        resolved: 1,
        unresolved: 0,
        conflicts: [{ resolution: "AUTHORITY", winnerRuleId: "syn.stopa.zakon" }],
      },
    })
    expect(outcome.ok && outcome.value.winners.map((r) => r.id)).toEqual(["syn.stopa.zakon"])
  })

  it("then by the later rule", async () => {
    const { outcome } = await runStage(conflictsStage(testRun(), rulesOf("syn-doprinos")))
    expect(outcome.ok && outcome.value.conflicts[0]).toMatchObject({
      resolution: "LATER_RULE",
      winnerRuleId: "syn.doprinos.2020",
    })
    expect(outcome.ok && outcome.value.winners.map((r) => r.id)).toEqual(["syn.doprinos.2020"])
  })

  it("discloses an unresolved conflict the pack allows to proceed, with its note", async () => {
    const { events, outcome } = await runStage(conflictsStage(testRun(), rulesOf("syn-rok")))
    expect(events[1]).toMatchObject({
      severity: "warning",
      data: { unresolved: 1, canProceedWithWarning: true },
    })
    expect(outcome.ok && outcome.value.unresolved[0]).toMatchObject({
      id: "syn-c-rok",
      resolution: "UNRESOLVED",
      description: "SINTETSKO: izvori A i B navode različite rokove.",
      practicalResolution: "SINTETSKO: poštujte raniji rok.",
      sourceA: { name: "Synthetic Practice A" },
      sourceB: { name: "Synthetic Practice B" },
    })
    expect(outcome.ok && outcome.value.winners).toHaveLength(2)
  })

  it("refuses UNRESOLVED_CONFLICT when the pack does not allow proceeding", async () => {
    const { outcome } = await runStage(conflictsStage(testRun(), rulesOf("syn-placanje")))
    expect(outcome).toMatchObject({
      ok: false,
      terminal: { reason: "UNRESOLVED_CONFLICT", detail: "SINTETSKO: smjernice se ne slažu." },
    })
  })

  it("refuses an unresolved conflict without any note", async () => {
    const pack = tinyPack([
      { id: "a", value: { type: "percentage", value: 1 } },
      { id: "b", value: { type: "percentage", value: 2 } },
    ])
    const { outcome } = await runStage(
      conflictsStage(testRun(pack), [...(packIndex(pack).rulesByConcept.get("c") ?? [])]),
    )
    expect(outcome).toMatchObject({ ok: false, terminal: { reason: "UNRESOLVED_CONFLICT" } })
  })

  it("sees no conflict when sources agree or rules assert different things", async () => {
    const pack = tinyPack([
      { id: "a" },
      { id: "b", evidenceIds: ["e-s-prac"] },
      { id: "c", valueKey: "other", value: { type: "percentage", value: 99 } },
    ])
    const { events, outcome } = await runStage(
      conflictsStage(testRun(pack), [...(packIndex(pack).rulesByConcept.get("c") ?? [])]),
    )
    expect(events[1]).toMatchObject({ data: { conflictCount: 0, summary: "Nema sukoba među izvorima" } })
    expect(outcome.ok && outcome.value.winners).toHaveLength(3)
  })

  it("orders rules by authority, then later effective date", () => {
    const [zakon, praksa] = [
      rulesOf("syn-stopa").find((r) => r.authority === "LAW"),
      rulesOf("syn-stopa").find((r) => r.authority === "PRACTICE"),
    ]
    if (!zakon || !praksa) throw new Error("fixture")
    expect(precedence(zakon, praksa)).toBeLessThan(0)
    const [older, newer] = rulesOf("syn-doprinos")
    if (!older || !newer) throw new Error("fixture")
    expect(precedence(newer, older)).toBeLessThan(0)
  })
})
