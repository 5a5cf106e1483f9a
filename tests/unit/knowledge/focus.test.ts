import { describe, expect, it } from "vitest"
import { extractFocus } from "../../../src-main/knowledge/focus"
import { focusIndex } from "../../../src-main/knowledge/focus-index"
import { questionTokens, tokenize } from "../../../src-main/knowledge/text"
import { focusPack } from "../../fixtures/packs/focus-pack"

// The question's focus: the narrowest subjects named, the attribute asked, and unknown words in a
// subject's place, read with the pack's own vocabulary.

const focus = (question: string) => extractFocus(focusIndex(focusPack()), tokenize(question))

describe("question focus", () => {
  it("takes the narrowest subject: an item named with its tax is about the item", () => {
    const f = focus("Koja je stopa PDV-a na kruh?")
    expect(f.named).toEqual(["pdv", "bread"])
    expect(f.subjects).toEqual(["bread"])
    expect(f.attribute).toBe("rate")
    expect(f.unknownTokens).toEqual([])
  })

  it("reads inflections, missing diacritics and English alike", () => {
    expect(focus("Koliki je PDV na kruha").subjects).toEqual(["bread"])
    expect(focus("What is the VAT on bread?")).toMatchObject({ subjects: ["bread"], attribute: "rate" })
    expect(focus("Koliki su doprinosi za paušalni obrt?").subjects).toEqual(["doprinosi", "pausalni-obrt"])
    expect(focus("Koliki su doprinosi za pausalni obrt?").subjects).toEqual(["doprinosi", "pausalni-obrt"])
  })

  it("asks the most specific attribute the question words name", () => {
    expect(focus("Do kada se predaje JOPPD?").attribute).toBe("deadline")
    expect(focus("Koja je kazna za kasni JOPPD?").attribute).toBe("penalty")
    expect(focus("Koliki je PDV na mlijeko?").attribute).toBe("rate")
    expect(focus("Koliko iznose doprinosi?").attribute).toBe("amount")
    expect(focus("Moram li platiti doprinose?").attribute).toBe("obligation")
    expect(focus("JOPPD").attribute).toBeUndefined()
  })

  it("names the words in a subject's place that the pack has no subject for", () => {
    expect(focus("Koji je PDV na čokoladu?").unknownTokens).toEqual(["cokoladu"])
    expect(focus("What VAT rate applies to haircuts?").unknownTokens).toEqual(["haircuts"])
    expect(focus("Koliki je PDV u kafiću?").unknownTokens).toEqual(["kaficu"])
  })

  it("names a charge the pack has no subject for, with the word that names it", () => {
    // The tourist tax is charged on accommodation; the accommodation's VAT rate does not answer it.
    expect(focus("Koliko iznosi turistička pristojba za privatni smještaj po krevetu?").unknownTokens).toEqual(["turisticka", "pristojba"])
    expect(focus("How much is the tourist levy for private accommodation?").unknownTokens).toEqual(["tourist", "levy"])
    expect(focus("Koliki je PDV na kruh?").unknownTokens).toEqual([])
    // A tax the pack has no subject for, named by its adjective; "how much tax" names none.
    expect(focus("What's the tourist tax per night in Split?").unknownTokens).toEqual(["tourist", "tax"])
    expect(focus("How much tax does a company pay?").unknownTokens).toEqual([])
    expect(focus("How much do I get for a trip around Croatia without tax?").unknownTokens).toEqual([])
  })

  it("reads a generic supply with the phrase that qualifies it as one unknown subject", () => {
    expect(focus("VAT on services to a German company").unknownTokens).toEqual(["services", "german", "company"])
    expect(focus("PDV na usluge za frizera").unknownTokens).toEqual(["usluge", "frizera"])
    // Unqualified, the generic word still only says that some good or service is meant.
    expect(focus("PDV na usluge").unknownTokens).toEqual(["usluge"])
    // A qualifier naming a subject is that subject, not part of an unknown one.
    expect(focus("PDV na proizvode za kruh")).toMatchObject({ subjects: ["bread"], unknownTokens: ["proizvode"] })
  })

  it("reads a stated rate ('13 %', '5 posto') as asking the rate of the item named before it", () => {
    const stated = (question: string) => extractFocus(focusIndex(focusPack()), questionTokens(question))
    expect(stated("Ide li na kavu 13 %?")).toMatchObject({ attribute: "rate", unknownTokens: ["kavu"] })
    expect(stated("Jel na kolače ide 5 ili 13 posto?")).toMatchObject({ attribute: "rate", unknownTokens: ["kolace"] })
    expect(stated("Je li na kruh 5 %?")).toMatchObject({ subjects: ["bread"], attribute: "rate", unknownTokens: [] })
    // "Which goods are at 5 %?" names no item.
    expect(stated("Na koje proizvode ide 5 %?").unknownTokens).toEqual([])
    // A figure that is no rate opens no slot.
    expect(stated("Na kavu ide 13 komada?").unknownTokens).toEqual([])
  })

  it("does not mistake time, place or the asker's business for a subject", () => {
    for (const question of [
      "Koja je stopa PDV-a u Hrvatskoj?",
      "Koja je stopa PDV-a za 2025. godinu?",
      "Koja je stopa PDV-a za moju tvrtku?",
      "What is the VAT rate in Croatia this year?",
      "Koliki je PDV na kruh u trgovini?",
      "What is the VAT on bread in a shop?",
    ])
      expect(focus(question).unknownTokens, question).toEqual([])
  })

  it("reads a trip abroad as the subject marked abroad, and only then", () => {
    const index = focusIndex(focusPack())
    const abroad = extractFocus(index, tokenize("Koliko mogu isplatiti dnevnicu za put u Njemačku?"), { tripAbroad: true })
    expect(abroad.subjects).toEqual(["dnevnica-abroad"])
    expect(abroad.attribute).toBe("amount")
    expect(extractFocus(index, tokenize("Koliko mogu isplatiti dnevnicu za put u Split?")).subjects).toEqual(["dnevnica"])
    // A trip abroad names no per diem by itself: the broader subject must be named.
    expect(extractFocus(index, tokenize("Koji je PDV na kruh?"), { tripAbroad: true }).subjects).toEqual(["bread"])
  })

  it("reads goods sold to another EU state as the subject marked for that supply, and only then", () => {
    const index = focusIndex(focusPack())
    const supply = extractFocus(index, tokenize("Prodajem robu firmi u Njemačkoj, zaračunavam li PDV?"), { euGoodsSupply: true })
    expect(supply.subjects).toEqual(["eu-supply"])
    expect(extractFocus(index, tokenize("Prodajem robu firmi u Njemačkoj, zaračunavam li PDV?")).subjects).toEqual(["pdv"])
  })

  it("respects a term's neighbours: 'poslovne knjige' are not books", () => {
    expect(focus("PDV na knjige").subjects).toEqual(["books"])
    expect(focus("PDV i poslovne knjige").subjects).toEqual(["pdv"])
  })
})
