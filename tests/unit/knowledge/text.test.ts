import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { foldDiacritics, indexKeys, lookupForms, tokenize } from "../../../src-main/knowledge/text"

describe("text", () => {
  it("folds Croatian diacritics and splits on punctuation and hyphens", () => {
    expect(foldDiacritics("Čćšžđ ŠUMA")).toBe("ccszd suma")
    expect(tokenize("Moram li ući u sustav PDV-a?")).toEqual([
      "moram",
      "li",
      "uci",
      "u",
      "sustav",
      "pdv",
      "a",
    ])
  })

  it("offers short inflection stems of a word, and indexes keywords by theirs", () => {
    expect(lookupForms("praga")).toEqual(["praga", "prag", "pra"])
    expect(lookupForms("pdv")).toEqual(["pdv"])
    expect(indexKeys("stopa")).toEqual(["stopa", "stop"])
    expect(indexKeys("prag")).toEqual(["prag"])
  })

  // foldDiacritics takes a shortcut for ASCII text (engine-speed): it must fold every text exactly
  // as the full normalisation does, whatever mix of letters, marks and symbols it holds.
  it("folds any text exactly as the full normalisation does (ASCII shortcut included)", () => {
    const full = (text: string) => text.toLowerCase().replace(/đ/g, "d").normalize("NFD").replace(/[\u0300-\u036f]/g, "")
    const letters = fc.constantFrom(..."aZ09 -.,?čćšžđČĆŠŽĐéÅİßﬁ\u0301\u0000\u007f\u0080".split(""))
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.string({ unit: letters })), (text) => {
        expect(foldDiacritics(text)).toBe(full(text))
      }),
      { numRuns: 2000 },
    )
    expect(foldDiacritics("Porez na DOBIT")).toBe("porez na dobit")
  })
})
