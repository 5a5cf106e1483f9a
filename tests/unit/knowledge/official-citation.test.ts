import { describe, expect, it } from "vitest"
import { loadPack } from "../../../src-main/knowledge/loader"
import { officialCitation } from "../../../src-main/knowledge/official-citation"
import { lintPack } from "../../../src-main/knowledge/pack-lint"
import { realPack } from "../../fixtures/packs"
import { cleanPackRaw, ev } from "../../fixtures/packs/clean-pack"

// Which rules lead with an official quote where their own evidence holds one (issue 18: official
// sources "where the notes have them"), on the synthetic clean pack and on the real pack.

type Raw = ReturnType<typeof cleanPackRaw>

/** The clean pack with a practitioner source and its quote stating the new threshold. */
function withPractice(change: (raw: Raw) => void = () => {}) {
  const raw = cleanPackRaw()
  raw.sources.push({ id: "s-firm", name: "Synthetic Firm", authority: "PRACTICE" })
  raw.evidence.push(ev("e-firm", "s-firm", "SYNTHETIC: prag je 60.000,00 eura."))
  change(raw)
  return loadPack(raw).pack
}

/** Makes the 60,000 threshold rule rest on the practitioner, the official quote `second` after it. */
const practiceFirst = (second: string) => (raw: Raw) => {
  const rule = raw.rules.find((r) => r.id === "vat.threshold.new")
  if (!rule) throw new Error("vat.threshold.new")
  rule.authority = "PRACTICE"
  rule.evidenceIds = ["e-firm", second]
}

describe("officialCitation", () => {
  it("counts every rule of a pack resting on official sources as leading with one", () => {
    const result = officialCitation(loadPack(cleanPackRaw()).pack)
    expect(result.officialFirst).toHaveLength(4)
    expect(result.officialAvailableNotFirst).toEqual([])
    expect(result.shareWhereAvailable).toBe(1)
  })

  it("finds a practice-first rule whose official quote further down states its value", () => {
    const result = officialCitation(withPractice(practiceFirst("e-prag-new")))
    expect(result.officialAvailableNotFirst).toEqual(["vat.threshold.new"])
    expect(result.officialFirst).toHaveLength(3)
    expect(result.shareWhereAvailable).toBe(0.75)
  })

  it("tells an official quote without the value apart from one that cannot be checked", () => {
    const withoutValue = officialCitation(withPractice(practiceFirst("e-prag-old")))
    expect(withoutValue.officialAvailableNotFirst).toEqual([])
    expect(withoutValue.officialWithoutValue).toEqual(["vat.threshold.new"])
    const unchecked = officialCitation(
      withPractice((raw) => {
        practiceFirst("e-prag-new")(raw)
        const rule = raw.rules.find((r) => r.id === "vat.threshold.new")
        if (rule) rule.value = { type: "boolean", value: true }
      }),
    )
    expect(unchecked.officialUnchecked).toEqual(["vat.threshold.new"])
    expect(unchecked.shareWhereAvailable).toBe(1)
  })

  it("is a lint finding: OFFICIAL_NOT_FIRST names the rule", () => {
    const findings = lintPack(withPractice(practiceFirst("e-prag-new")))
    expect(findings.filter((f) => f.code === "OFFICIAL_NOT_FIRST")).toEqual([
      {
        code: "OFFICIAL_NOT_FIRST",
        where: "rule vat.threshold.new",
        message: "cites practice first, but an official quote further down states its value: cite that one first",
      },
    ])
  })

  it("the real pack leads with every official quote it holds that states a rule's value", () => {
    const result = officialCitation(realPack().pack)
    expect(result.officialAvailableNotFirst).toEqual([])
    expect(result.shareWhereAvailable).toBe(1)
    // The annual income tax return deadline leads with the Porezna uprava page since pack 2.0.9.
    expect(result.officialFirst).toContain("doh.rok.predaja")
  })
})
