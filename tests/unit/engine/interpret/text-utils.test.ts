import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  cutForProcessing,
  detectLanguage,
  extractKeywords,
  MAX_PROCESSED_CHARS,
  normalizeText,
  prepareText,
  tokenIndexAt,
  tokenize,
  toTokenLine,
} from "../../../../src-main/engine/interpret/text-utils"

describe("normalizeText", () => {
  it.each([
    ["Koja je OPĆA stopa PDV-a?", "koja je opca stopa pdv-a?"],
    ["Čćšžđ ČĆŠŽĐ", "ccszd ccszd"],
    ["Paušalist  u\t\nHrvatskoj", "pausalist u hrvatskoj"],
    ["  café naïve Ålborg ", "cafe naive alborg"],
    ["ﬁnancije ５００ €", "financije 500 €"],
    ["a\u0000b\u0007c\u200bd", "a b cd"],
  ])("%j -> %j", (input, expected) => {
    expect(normalizeText(input)).toBe(expected)
  })

  it("keeps digits, separators and currency signs that amounts are read from", () => {
    expect(normalizeText("€15,000 i 39.816,84 EUR")).toBe("€15,000 i 39.816,84 eur")
  })
})

describe("cutForProcessing", () => {
  it("leaves a normal question whole", () => {
    expect(cutForProcessing("Koja je stopa PDV-a?")).toEqual({ processed: "Koja je stopa PDV-a?", truncated: false })
  })
  it("cuts a long text to the processed length and never splits a surrogate pair", () => {
    const text = "a".repeat(MAX_PROCESSED_CHARS - 1) + "😀" + "b".repeat(10)
    const { processed, truncated } = cutForProcessing(text)
    expect(truncated).toBe(true)
    expect(processed).toBe("a".repeat(MAX_PROCESSED_CHARS - 1))
  })
})

describe("tokenize", () => {
  it.each([
    ["koja je stopa pdv-a?", ["koja", "je", "stopa", "pdv"]],
    ["imam d.o.o. i j. d. o. o.", ["imam", "doo", "i", "jdoo"]],
    ["promet 65.000 eura u eu-u", ["promet", "65.000", "eura", "u", "eu"]],
    ["e-racun i oib-om", ["e", "racun", "i", "oib"]],
    ["what's the vat-registered status", ["what", "s", "the", "vat", "registered", "status"]],
  ])("%j", (text, expected) => {
    expect(tokenize(text)).toEqual(expected)
  })
})

describe("extractKeywords", () => {
  it("drops Croatian and English stop words but keeps tax words", () => {
    expect(extractKeywords(tokenize("koja je opca stopa pdv-a u hrvatskoj"))).toEqual(["opca", "stopa", "pdv", "hrvatskoj"])
    expect(extractKeywords(tokenize("what is the oss threshold for the eu"))).toEqual(["oss", "threshold", "eu"])
  })
  it("drops numbers and repeats", () => {
    expect(extractKeywords(tokenize("pdv pdv 2025 65.000"))).toEqual(["pdv"])
  })
})

describe("detectLanguage", () => {
  const lang = (q: string): string => detectLanguage(q, tokenize(normalizeText(q))).language
  it.each([
    ["Koja je opća stopa PDV-a u Hrvatskoj?", "hr"],
    ["Koja je opca stopa PDV-a u Hrvatskoj?", "hr"],
    ["moram li u sustav pdv ako imam promet 50000", "hr"],
    ["Što je OSS?", "hr"],
    ["What is the VAT registration threshold in Croatia?", "en"],
    ["How much tax does my d.o.o. pay?", "en"],
    ["Is the OSS scheme mandatory for EU sales?", "en"],
    // "do" is Croatian too, and "eRačun" weighs two: the English words still outnumber them.
    ["Do intra-EU supplies have to be issued as eRačun?", "en"],
    ["Do kada se predaje PDV prijava ako nisam u sustavu?", "hr"],
  ])("%j is %s", (q, expected) => {
    expect(lang(q)).toBe(expected)
  })
})

describe("token lines", () => {
  it("maps a phrase match back to the token it starts at", () => {
    const line = toTokenLine(["nisam", "u", "sustavu", "pdv"])
    expect(line).toBe(" nisam u sustavu pdv ")
    expect(tokenIndexAt(line, line.indexOf(" u sustavu"))).toBe(1)
    expect(tokenIndexAt(line, 0)).toBe(0)
  })
})

describe("the language of a question naming a Croatian term in English", () => {
  it("is English when English words outnumber the Croatian letters' weight", () => {
    for (const question of ["Does a paušalist need to issue an eRačun?", "When does a paušalist have to start issuing e-invoices?"]) {
      const prepared = prepareText(question)
      expect(detectLanguage(prepared.processed, tokenize(prepared.normalized)).language, question).toBe("en")
    }
    const croatian = prepareText("PDV na čokoladu")
    expect(detectLanguage(croatian.processed, tokenize(croatian.normalized)).language).toBe("hr")
  })
})

// normalizeText takes a shortcut for printable ASCII (engine-speed): every text must come out as
// the full chain of replacements makes it.
describe("normalizeText's ASCII shortcut", () => {
  const full = (text: string) =>
    text
      .replace(/[\p{Cc}\p{Co}\p{Cs}]/gu, " ")
      .replace(/\p{Cf}/gu, "")
      .toLowerCase()
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .replace(/[đłøßæœıħŧðþ]/g, (ch) => ({ đ: "d", ł: "l", ø: "o", ß: "ss", æ: "ae", œ: "oe", ı: "i", ħ: "h", ŧ: "t", ð: "d", þ: "th" })[ch] ?? ch)
      .toLowerCase()
      .replace(/\p{M}/gu, "")
      .replace(/\s+/g, " ")
      .trim()

  it("normalises any text exactly as the full chain does", () => {
    const unit = fc.constantFrom(..."aZ 9.,?€-\t\n".split(""), "Č", "đ", "ﬁ", "\u00a0", "\u200b", "\u0301", "\u007f")
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.string({ unit })), (text) => {
        expect(normalizeText(text)).toBe(full(text))
      }),
      { numRuns: 2000 },
    )
    expect(normalizeText("  What IS the   VAT rate?  ")).toBe("what is the vat rate?")
  })
})
