import { describe, expect, it } from "vitest"
import { loadPack } from "../../../src-main/knowledge/loader"
import { diffPacks } from "../../../src-main/packs/pack-diff"
import { diffText } from "../../../src-main/packs/pack-diff-text"
import { cleanPackRaw } from "../../fixtures/packs/clean-pack"

// `pack diff A B` on two versions of the synthetic pack: rules added, removed and changed by id,
// and for a changed rule which of value, effective period, appliesWhen and evidence differ.

function packs() {
  const a = cleanPackRaw()
  const b = cleanPackRaw() as Omit<ReturnType<typeof cleanPackRaw>, "rules"> & { rules: Array<Record<string, unknown>> }
  b.version = "2.0.1"
  const [oldThreshold, newThreshold, start, deadline] = b.rules
  if (!oldThreshold || !newThreshold || !start || !deadline) throw new Error("the fixture has four rules")
  newThreshold.value = { type: "currency", value: 65000, currency: "EUR" }
  newThreshold.effectiveFrom = "2025-02-01"
  deadline.appliesWhen = { eq: ["entity.vat.status", "INSIDE_VAT"] }
  deadline.titleEn = "Return deadline"
  const evidence = b.evidence.find((e) => e.id === "e-prag-old")
  if (evidence) evidence.quote = "SYNTHETIC: prag iznosi 40.000,00 eura (izmijenjeno)."
  b.rules = [oldThreshold, newThreshold, deadline, { ...deadline, id: "vat.return.annual", valueKey: "annual" }]
  return { a: loadPack(a), b: loadPack(b) }
}

describe("pack diff", () => {
  it("names added, removed and changed rules, and what changed in each", () => {
    const { a, b } = packs()
    const diff = diffPacks(a, b)
    expect(diff.added).toEqual(["vat.return.annual"])
    expect(diff.removed).toEqual(["vat.threshold.start"])
    expect(diff.changed.map((c) => [c.ruleId, c.aspects, c.otherFields])).toEqual([
      ["vat.return.deadline", ["appliesWhen"], ["titleEn"]],
      ["vat.threshold.new", ["value", "effectivePeriod"], []],
      ["vat.threshold.old", ["evidence"], []],
    ])
    expect(diff.from).toEqual({ packId: "lint-test-pack", version: "2.0.0", hash: a.hash })
  })

  it("finds nothing between a pack and itself", () => {
    const { a } = packs()
    const diff = diffPacks(a, a)
    expect([diff.added, diff.removed, diff.changed]).toEqual([[], [], []])
    expect(diffText(diff, "en").split("\n").slice(1)).toEqual(["no rule differs", "+0 -0 ~0", ""])
  })

  it("writes one line per rule and before -> after per aspect, in Croatian or English", () => {
    const { a, b } = packs()
    const text = diffText(diffPacks(a, b), "en")
    expect(text).toBe(
      [
        `lint-test-pack 2.0.0 (${a.hash.slice(0, 12)}) -> lint-test-pack 2.0.1 (${b.hash.slice(0, 12)})`,
        "+ vat.return.annual  added",
        "- vat.threshold.start  removed",
        "~ vat.return.deadline  changed: appliesWhen; other fields: titleEn",
        '    appliesWhen: null -> {"eq":["entity.vat.status","INSIDE_VAT"]}',
        "~ vat.threshold.new  changed: value; effective period",
        "    value: 60000 EUR -> 65000 EUR",
        "    effective period: 2025-01-01 .. open -> 2025-02-01 .. open",
        "~ vat.threshold.old  changed: evidence",
        "    evidence: e-prag-old -> e-prag-old (record changed: e-prag-old)",
        "+1 -1 ~3",
        "",
      ].join("\n"),
    )
    expect(diffText(diffPacks(a, b), "hr")).toContain("~ vat.threshold.new  promijenjeno: vrijednost; razdoblje primjene")
  })
})
