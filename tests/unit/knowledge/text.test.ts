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
})
