import { describe, expect, it } from "vitest"
import { packIndex } from "../../../src-main/knowledge/pack-index"
import { syntheticPack, tinyPack } from "../../fixtures/packs"

describe("packIndex", () => {
  it("is built once per loaded pack and reused", () => {
    const pack = syntheticPack()
    expect(packIndex(pack)).toBe(packIndex(pack))
    expect(packIndex(tinyPack([{ id: "r" }]))).not.toBe(packIndex(pack))
  })

  it("lists only published rules per concept, sorted by id", () => {
    const index = packIndex(syntheticPack())
    expect(index.rulesByConcept.get("syn-prag")?.map((r) => r.id)).toEqual(["syn.prag.2023", "syn.prag.2024"])
    expect(index.rulesByConcept.get("syn-nacrt")).toBeUndefined()
    expect(index.rules.get("syn.nacrt")?.status).toBe("DRAFT")
  })

  it("indexes keywords under their folded forms and stems, phrases under their first word", () => {
    const index = packIndex(syntheticPack())
    expect(index.words.get("prag")?.map((t) => t.slug)).toContain("syn-prag")
    expect(index.words.get("eracun")?.map((t) => t.slug)).toContain("syn-eracun")
    expect(index.words.get("placanj")?.map((t) => t.slug)).toContain("syn-placanje")
    expect(index.phrases.get("uci")?.map((p) => p.term)).toContain("ući u sustav pdv-a")
    expect(index.conflictsByRule.get("syn.rok.a")?.map((c) => c.id)).toEqual(["syn-c-rok"])
  })

  it("counts how many concepts share a term", () => {
    const index = packIndex(
      tinyPack([{ id: "r" }], {
        topics: [{ id: "t", nameHr: "T", nameEn: "T", dimensions: [] }],
        concepts: [
          { slug: "a", nameHr: "A", nameEn: "A", keywords: ["porez", "prag"], aliases: [], topic: "t" },
          { slug: "c", nameHr: "C", nameEn: "C", keywords: ["porez"], aliases: [], topic: "t" },
        ],
      }),
    )
    expect(index.termConceptCount.get("porez")).toBe(2)
    expect(index.termConceptCount.get("prag")).toBe(1)
  })
})
