import { describe, expect, it } from "vitest"
import type { ProfileContext } from "../../../src-shared/context"
import type { ClarificationPayload } from "../../../src-shared/events/payloads"
import { isTerminal } from "../../../src-shared/events/event"
import { profileFit } from "../../../src-main/engine/profile-fit"
import { buildEvaluationContext } from "../../../src-main/engine/context-builder"
import { interpretQuestion } from "../../../src-main/engine/interpret"
import { packIndex } from "../../../src-main/knowledge/pack-index"
import { realPack } from "../../fixtures/packs"
import { goldenEvents } from "./golden-run"

// Topics the client's facts rule out are not offered: a profit-tax question from an obrt that
// pays income tax is not asked "car costs or representation?", whose rules are profit-tax payers'.

const obrtDohodas: ProfileContext = { entity: { type: "OBRT", obrtSubtype: "DOHODAS", vat: { status: "IN_VAT" }, location: { country: "HR" } } }
const doo: ProfileContext = { entity: { type: "DOO", vat: { status: "IN_VAT" }, location: { country: "HR" } } }
const match = (slug: string) => ({ slug, nameHr: slug, nameEn: slug, score: 0.5, matchedBy: ["porez na dobit"] })
const CIT_TOPICS = ["porez-na-dobit-stopa", "dobit-osobni-automobil", "dobit-reprezentacija", "porez-na-dobit-rok-placanja"]

async function firstStop(question: string, profile: ProfileContext) {
  const events = await goldenEvents({ question, profile, asOf: "2025-06-01" }, "2026-11-25T10:00:00.000Z")
  const asked = events.find((e) => e.status === "awaiting_input")?.data as ClarificationPayload | undefined
  const terminal = events.find(isTerminal)
  const cited = (terminal?.data as { citations?: Array<{ ruleId: string }> } | undefined)?.citations?.[0]?.ruleId
  return { options: asked?.options?.map((o) => o.value) ?? [], outcome: terminal?.stage, cited }
}

describe("topics the client's facts rule out", () => {
  it("are the concepts whose every rule's condition the facts make false", () => {
    const context = (profile: ProfileContext) => buildEvaluationContext({ profile, interpretation: interpretQuestion("Plaćam li porez na dobit?"), requestAsOf: "2025-06-01", clockDate: "2026-11-25" }).context
    const index = packIndex(realPack())
    const forObrt = profileFit(index, CIT_TOPICS.map(match), context(obrtDohodas))
    expect(CIT_TOPICS.filter(forObrt.isRuledOut).sort()).toEqual(["dobit-osobni-automobil", "dobit-reprezentacija", "porez-na-dobit-rok-placanja"])
    expect(forObrt.matches.map((m) => m.slug)).toEqual(["porez-na-dobit-stopa"])
    expect(forObrt.narrowed).toBe(true)
    const forDoo = profileFit(index, CIT_TOPICS.map(match), context(doo))
    expect(CIT_TOPICS.filter(forDoo.isRuledOut)).toEqual([])
    expect(forDoo.narrowed).toBe(false)
  })

  it("leave the one topic they do not rule out: an obrt paying income tax is told it is not a profit-tax payer", async () => {
    const stop = await firstStop("Plaćam li ja porez na dobit?", obrtDohodas)
    expect(stop.options).toEqual([])
    expect(stop.outcome).toBe("ANSWER")
    expect(stop.cited).toBe("dobit.obveznik.obrt-dohodak")
  })

  it("are still offered to a client whose facts leave them open", async () => {
    const stop = await firstStop("Plaćamo li porez na dobit?", doo)
    for (const slug of CIT_TOPICS) expect(stop.options).toContain(`concept:${slug}`)
  })
})

describe("a refusal because the client's facts fail every rule's condition", () => {
  it("names the condition and the client's fact, in Croatian and English", async () => {
    const refusal = async (question: string) => {
      const events = await goldenEvents({ question, profile: obrtDohodas, asOf: "2025-06-01" }, "2026-11-25T10:00:00.000Z")
      const terminal = events.find(isTerminal)
      expect(terminal?.stage).toBe("REFUSAL")
      return JSON.stringify(terminal?.data)
    }
    expect(await refusal("Do kada moram platiti porez na dobit?")).toContain("vrijedi uz uvjet: Vrsta obrta = obrt – porez na dobit; vaš slučaj: obrt – porez na dohodak.")
    expect(await refusal("By when must I pay corporate income tax?")).toContain("applies if: Type of craft = craft taxed on profit; your case: craft taxed on income.")
  })
})
