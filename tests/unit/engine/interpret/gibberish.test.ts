import { describe, expect, it } from "vitest"
import { gibberishRatio, looksLikeGibberish } from "../../../../src-main/engine/interpret/gibberish"
import { normalizeText, tokenize } from "../../../../src-main/engine/interpret/text-utils"

const ratio = (text: string): number => gibberishRatio(text, tokenize(normalizeText(text))).ratio

describe("looksLikeGibberish", () => {
  it.each(["asdfgh", "qwrtz", "qwerty", "hjkl", "dkfjghsk", "aksjdhakjsd", "zzzz", "aeiouae", "xkcd"])("%s is noise", (word) => {
    expect(looksLikeGibberish(word)).toBe(true)
  })
  it.each([
    "stopa", "porez", "doprinosi", "pausalist", "threshold", "registration", "strpljenje", "krv", "prst", "trg", "smrt",
    "hrvatskoj", "pdv", "oib", "oss", "nn", "jdoo", "joppd", "eur", "hrk", "kn", "nkd", "zpdv", "quarterly", "rhythm",
  ])("%s is a word", (word) => {
    expect(looksLikeGibberish(word)).toBe(false)
  })
})

describe("gibberishRatio", () => {
  it.each(["asdfgh qwrtz", "qwertyuiop asdfghjkl", "sdkfj lkjsdf qwpoeiru", "😀😀😀", "???", "Која је стопа ПДВ-а?"])("%j is above the nonsense threshold", (text) => {
    expect(ratio(text)).toBeGreaterThan(0.6)
  })
  it.each([
    "Koja je stopa PDV-a?",
    "Koja je opća stopa PDV-a u Hrvatskoj?",
    "What is the VAT registration threshold in Croatia in 2025?",
    "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?",
    "OIB, OSS, NN 73/13, j.d.o.o. i EUR",
    "Koja je stopa PDV-a? 😀",
    "Krv, prst i trg",
  ])("%j is ordinary text (ratio < 0.2)", (text) => {
    expect(ratio(text)).toBeLessThan(0.2)
  })
  it("never counts numbers", () => {
    expect(ratio("2025 65.000 1.1.2025.")).toBe(0)
  })
  it("is a share: one noise word among four real ones", () => {
    expect(ratio("koja stopa porez pdv asdfgh")).toBeCloseTo(0.2, 5)
  })
  it("is 0 for empty input", () => {
    expect(ratio("")).toBe(0)
  })
})
