import { describe, expect, it } from "vitest"
import { extractFocus } from "../../../src-main/knowledge/focus"
import { answersAttribute, selectFocusConcepts } from "../../../src-main/knowledge/focus-concepts"
import { focusIndex } from "../../../src-main/knowledge/focus-index"
import { tokenize } from "../../../src-main/knowledge/text"
import { realPack } from "../../fixtures/packs"

// A subject that qualifies the asked attribute (the payment in "do kada se plaća …") must be
// covered by any concept offered or answered: a payment deadline question about one tax is never
// answered with another tax's payment deadline, nor with the return deadline of the same tax.

const index = () => focusIndex(realPack())
const select = (question: string) => {
  const focus = extractFocus(index(), tokenize(question))
  return { focus, selection: selectFocusConcepts(index(), focus) }
}

describe("the payment of a tax as a qualifying subject", () => {
  it("counts only in a deadline question", () => {
    expect(select("Do kada se plaća porez na dobit?").focus.subjects).toContain("placanje")
    expect(select("Koliko se plaća PDV na kruh?").focus.subjects).not.toContain("placanje")
  })

  it("is answered by the payment deadline of the same tax", () => {
    const { selection } = select("Do kada se plaća porez na dobit?")
    expect(selection).toMatchObject({ kind: "fits" })
    if (selection.kind === "fits") expect(selection.concepts.map((c) => c.slug)).toEqual(["porez-na-dobit-rok-placanja"])
  })

  it("never offers another tax's payment deadline or a return deadline for any tax or contribution", () => {
    const subjects = [...index().subjects.values()].filter((s) => s.kind === "tax" || s.kind === "contribution")
    expect(subjects.length).toBeGreaterThan(3)
    for (const subject of subjects) {
      const { focus, selection } = select(`Do kada se plaća ${subject.nameHr}?`)
      if (!focus.subjects.includes("placanje") || selection.kind !== "fits") continue
      for (const concept of selection.concepts) expect(concept.subjects, `${subject.id} → ${concept.slug}`).toContain("placanje")
    }
  })

  it("leaves a payment deadline the pack lacks uncovered, not offered from the return's deadline", () => {
    expect(select("Do kada se plaća porez na dohodak po godišnjoj prijavi?").selection.kind).not.toBe("fits")
  })
})

describe("reading the real pack's focus (probe findings, by mechanism)", () => {
  const focusOf = (question: string) => extractFocus(index(), tokenize(question))

  it("reads colloquial yes/no markers as an obligation question", () => {
    for (const question of ["jel paušalist plaća pdv", "Da li obrt mora biti u sustavu PDV-a?", "je l mora d.o.o. izdavati eRačune"])
      expect(focusOf(question).attribute, question).toBe("obligation")
  })

  it("reads 'koliko se dugo' as a period, not an amount", () => {
    expect(focusOf("koliko se dugo čuva eRačun").attribute).toBe("deadline")
  })

  it("reads when a duty starts as 'since when' only when the question names the duty", () => {
    expect(focusOf("When does a paušalist have to start issuing e-invoices?").sinceWhen).toBe(true)
    expect(focusOf("When does VAT status start after crossing the registration threshold?").sinceWhen).toBe(false)
  })

  it("reads 'kada moram' with a duty as when the duty applies, but 'do kada' as a deadline only", () => {
    expect(focusOf("Kada moram izdavati eRačune?").sinceWhen).toBe(true)
    expect(focusOf("Do kada moram predati PDV prijavu?").sinceWhen).toBe(false)
  })

  it("opens an item's slot only after a tax that has goods or services in the pack", () => {
    expect(focusOf("stopa poreza na dobit za prihod od milijun eura").unknownTokens).toEqual([])
    expect(focusOf("PDV na vodu u bocama").unknownTokens).toEqual(["bocama"])
  })
})

// The filing of a return ("predaje se", "podnosi se", "file") asks the filing deadline: a subject
// that only rules others out. No concept about the payment is ever offered for it, whatever the
// tax or form, and the subject itself is never one a concept must be about.
describe("the filing of a return rules out its payment", () => {
  it("is read as ruling out the payment, not as a subject of its own", () => {
    const { focus } = select("Do kada se predaje PDV prijava?")
    expect(focus.ruledOut).toEqual(["placanje"])
    expect(focus.subjects).not.toContain("predaja")
  })

  it("never offers a payment deadline for any tax, contribution or form, in either language", () => {
    const subjects = [...index().subjects.values()].filter((s) => ["tax", "contribution", "form"].includes(s.kind))
    expect(subjects.length).toBeGreaterThan(5)
    for (const subject of subjects)
      for (const question of [`Do kada se predaje ${subject.nameHr}?`, `When must the ${subject.nameEn} be filed?`]) {
        const { selection } = select(question)
        if (selection.kind !== "fits") continue
        for (const concept of selection.concepts) expect(concept.subjects ?? [], `${question} → ${concept.slug}`).not.toContain("placanje")
      }
  })

  it("does not rule out the payment a question names as well", () => {
    const { focus } = select("Do kada se predaje prijava i do kada je plaćanje poreza na dobit?")
    expect(focus.ruledOut).toEqual([])
    expect(focus.subjects).toContain("placanje")
  })
})

describe("an amount someone pays", () => {
  it("is answered by an amount or a rate, never by a limit", () => {
    const paid = { attribute: "amount" as const, paying: true }
    expect(answersAttribute(paid, "amount")).toBe(true)
    expect(answersAttribute(paid, "rate")).toBe(true)
    expect(answersAttribute(paid, "threshold")).toBe(false)
    // An amount not paid (a tax-free limit) is still answered by a limit.
    expect(answersAttribute({ attribute: "amount" }, "threshold")).toBe(true)
  })

  it("is read from the verb of paying, not from paying out", () => {
    const focusOf = (question: string) => extractFocus(index(), tokenize(question))
    expect(focusOf("How much does a flat-rate craftsman pay?").paying).toBe(true)
    expect(focusOf("Koliko paušalist plaća doprinosa?").paying).toBe(true)
    expect(focusOf("Koliko mogu neoporezivo isplatiti za božićnicu?").paying).toBeUndefined()
  })

  it("never selects the paušal receipts limit for what a paušalist pays", () => {
    const { selection } = select("How much does a lump-sum sole trader pay to the first pension pillar in 2025?")
    const offered = selection.kind === "fits" ? selection.concepts.map((c) => c.slug) : []
    expect(offered).not.toContain("pausalni-obrt-limit")
  })
})


describe("a rate topic before an item's slot", () => {
  // "reduced VAT rate" is one term of the pack (its tax and its rate word inside it): the item
  // after it must still be an item the pack names, or the reduced rates answered for wine (25 %).
  it("names an item the pack lacks as unknown, in English and Croatian", () => {
    expect(select("Is there a reduced VAT rate on wine sold in a shop?").selection).toMatchObject({ kind: "unknown-subject" })
    expect(select("Is there a reduced VAT rate on wine sold in a shop?").focus.unknownTokens).toContain("wine")
    expect(select("Ima li snižena stopa PDV-a na vino?").selection).toMatchObject({ kind: "unknown-subject" })
  })

  it("answers with the item's own rule when the pack names it, and about the reduced rates when no item is named", () => {
    const bread = select("Is there a reduced VAT rate on bread?").selection
    expect(bread.kind === "fits" ? bread.concepts.map((c) => c.slug) : []).toContain("pdv-stopa-kruh")
    const plain = select("Which goods have the reduced VAT rate?").selection
    expect(plain.kind === "fits" ? plain.concepts.map((c) => c.slug) : []).toEqual(["pdv-snizene-stope"])
    expect(select("Is the reduced rate of 13% applicable to my business?").selection.kind).toBe("fits")
  })
})

describe("a measure the question states as a condition", () => {
  it("is not an item in a subject's slot: 'rate for revenue under EUR 1m' asks the profit-tax rate", () => {
    const revenue = select("What is the corporate income tax rate for revenue under EUR 1m?").selection
    expect(revenue.kind === "fits" ? revenue.concepts.map((c) => c.slug) : revenue.kind).toEqual(["porez-na-dobit-stopa"])
  })

  it("never hides an item priced in the question: coffee under 5 EUR is still coffee, which the pack lacks", () => {
    expect(select("PDV na kavu do 5 eura").selection.kind).toBe("unknown-subject")
    expect(select("What is the VAT rate on coffee under 5 EUR?").focus.unknownTokens).toContain("coffee")
  })
})
