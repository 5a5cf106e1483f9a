import { describe, expect, it } from "vitest"
import type { WhatIfChange, WhatIfDiff } from "../../../src-shared/whatif"
import { conclusionOf } from "../../../src-shared/whatif-conclusion"
import { hrCorePack } from "../store/core-pack"
import { craftedPack } from "./crafted-pack"
import { dooProfile, whatIfFixture, type WhatIfFixture } from "./fixtures"

// Does the hypothetical reach the same conclusion? A yes that becomes a no, with the same kind of
// outcome, is a changed conclusion in both languages; the obligation it drops is "removed", never
// "added"; "the same" is said only when outcome, headline, values and obligations all agree.

async function diffOf(f: WhatIfFixture, base: string, changes: WhatIfChange[]): Promise<WhatIfDiff> {
  const { run } = await f.whatif.run(base, changes)
  if (!run) throw new Error("expected the counterfactual to run")
  return f.whatif.compare(base, run.requestId)
}

const SAME = { hr: /ostaje isti/, en: /stays the same/ }

describe("the conclusion of a what-if", () => {
  it("yes → no with the same kind of outcome: a changed answer, the obligation removed", async () => {
    const f = whatIfFixture(craftedPack("1.0.0", 60000, true))
    const base = await f.ask({ profile: dooProfile() })
    const diff = await diffOf(f, base, [{ kind: "set", path: "counters.revenueYtd", value: 30000 }])
    expect([diff.base.outcome, diff.other.outcome]).toEqual(["ANSWER", "ANSWER"])
    expect(diff.values).toMatchObject([{ before: { hr: "da", en: "yes" }, after: { hr: "ne", en: "no" } }])
    expect(diff.answer.obligations).toMatchObject({ removed: ["Izmišljena registracija"], added: [] })
    const conclusion = conclusionOf(diff)
    expect(conclusion).toMatchObject({
      changed: true,
      outcome: false,
      obligationsRemoved: ["Izmišljena registracija"],
    })
    expect(diff.changed).toBe(true)
    expect(diff.sentence.hr).toContain(
      "Da je promet 30.000,00 EUR umjesto 65.000,00 EUR: odgovor je „ne” umjesto „da”",
    )
    expect(diff.sentence.hr).toContain("nema obveze: Izmišljena registracija")
    expect(diff.sentence.en).toContain(
      'If the turnover were EUR 30,000.00 instead of EUR 65,000.00: the answer is "no" instead of "yes"',
    )
    expect(diff.sentence.en).toContain("no obligation: Fictional registration")
    expect(diff.sentence.hr).not.toMatch(SAME.hr)
    expect(diff.sentence.en).not.toMatch(SAME.en)
  })

  it("no → yes: the obligation is added, and the answer is named in both languages", async () => {
    const f = whatIfFixture(craftedPack("1.0.0", 60000, true))
    const base = await f.ask({ profile: dooProfile(30000), question: "Moram li ući u sustav PDV-a?" })
    const diff = await diffOf(f, base, [{ kind: "set", path: "counters.revenueYtd", value: 90000 }])
    expect(diff.values).toMatchObject([{ before: { en: "no" }, after: { en: "yes" } }])
    expect(diff.answer.obligations).toMatchObject({ added: ["Izmišljena registracija"], removed: [] })
    expect(conclusionOf(diff)).toMatchObject({ changed: true, obligationsAdded: ["Izmišljena registracija"] })
    expect(diff.sentence.hr).toContain("odgovor je „da” umjesto „ne”")
    expect(diff.sentence.en).toContain('the answer is "yes" instead of "no"')
    expect(diff.sentence.en).toContain("new obligation: Fictional registration")
    expect(diff.sentence.hr).toContain("nova obveza: Izmišljena registracija")
  })

  it("the same answer on the same rules is the same conclusion", async () => {
    const f = whatIfFixture(craftedPack("1.0.0", 60000, true))
    const base = await f.ask({ profile: dooProfile() })
    const diff = await diffOf(f, base, [{ kind: "set", path: "counters.revenueYtd", value: 70000 }])
    expect(diff.values).toEqual([])
    expect(conclusionOf(diff)).toMatchObject({
      changed: false,
      values: [],
      obligationsAdded: [],
      obligationsRemoved: [],
    })
    expect(diff.sentence.hr).not.toContain("odgovor je")
  })

  it("on the shipped pack, a turnover moved below EUR 60,000 turns the registration answer from yes to no", async () => {
    const f = whatIfFixture(hrCorePack())
    const base = await f.ask({ profile: dooProfile(undefined, 30000), asOfDate: "2025-06-01" })
    const diff = await diffOf(f, base, [{ kind: "flip", driverId: "fact:counters.revenueYtd:lte:60000" }])
    const conclusion = conclusionOf(diff)
    expect(conclusion.changed).toBe(true)
    expect(conclusion.values.map((v) => [v.before?.en, v.after?.en])).toEqual([["yes", "no"]])
    expect(diff.answer.obligations.removed.length).toBeGreaterThan(0)
    expect(diff.answer.obligations.added).toEqual([])
    expect(diff.sentence.en).toContain('the answer is "no" instead of "yes"')
    expect(diff.sentence.hr).toContain("odgovor je „ne” umjesto „da”")
  })
})

describe("conclusionOf", () => {
  const side = (outcome: "ANSWER" | "REFUSAL", headline: string) => ({
    requestId: "r",
    hypothetical: false,
    counterfactualOf: null,
    outcome,
    headline,
    answerText: headline,
    confidence: 0.5,
    confidenceLabel: "MEDIUM" as const,
    packVersion: "1",
    packHash: "h",
  })
  const lists = (removed: string[] = [], added: string[] = []) => ({
    thresholds: { added: [], removed: [], kept: [] },
    obligations: { added, removed, kept: [] },
    deadlines: { added: [], removed: [], kept: [] },
    textChanged: false,
  })

  it("is the same only when outcome, headline, values and obligations agree", () => {
    const same = {
      base: side("ANSWER", "Rate: 25 %"),
      other: side("ANSWER", "Rate: 25 %"),
      outcomeChanged: false,
    }
    expect(conclusionOf({ ...same, answer: lists() }).changed).toBe(false)
    expect(conclusionOf({ ...same, answer: lists(["Register"]) })).toMatchObject({
      changed: true,
      obligationsRemoved: ["Register"],
      obligationsAdded: [],
    })
    const figure = { ...same, other: side("ANSWER", "Rate: 13 %"), answer: lists() }
    expect(conclusionOf(figure)).toMatchObject({ changed: true, headline: true })
    const refused = { ...same, other: side("REFUSAL", "Rate: 25 %"), outcomeChanged: true, answer: lists() }
    expect(conclusionOf(refused)).toMatchObject({ changed: true, outcome: true })
  })

  it("counts a value as changed only when both sides state it differently", () => {
    const base = {
      base: side("ANSWER", "x"),
      other: side("ANSWER", "x"),
      outcomeChanged: false,
      answer: lists(),
    }
    const v = (before: string | null, after: string | null) => ({
      key: "k",
      label: { hr: "Obveza", en: "Obligation" },
      before: before === null ? null : { hr: before, en: before },
      after: after === null ? null : { hr: after, en: after },
    })
    expect(conclusionOf({ ...base, values: [v("da", "ne")] }).changed).toBe(true)
    expect(conclusionOf({ ...base, values: [v("da", null)] }).changed).toBe(false)
  })
})
