import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { Lexicon } from "../../../../src-main/engine/interpret/lexicon"

// The lexicon finds stems through buckets keyed by their first three letters' code units
// (engine-speed): whatever the words and stems, a lookup answers as a scan of the lists would.

/** The lexicon's definition written out: the word itself, else the first stem the token starts with. */
function scan(words: readonly string[], stems: readonly string[], token: string): string | undefined {
  if (words.includes(token)) return token
  if (token.length < 3) return undefined
  return stems.find((stem) => token.startsWith(stem))
}

// A small alphabet (Croatian and other letters, one astral) so that tokens and stems share prefixes often.
const letter = fc.constantFrom(..."aabpdvčćšžđ", "\u{1d400}", "я")
const word = fc.string({ unit: letter, minLength: 1, maxLength: 7 })

describe("Lexicon", () => {
  it("matches every token as a scan of its words and stems does", () => {
    fc.assert(
      fc.property(
        fc.array(word, { maxLength: 8 }),
        fc.array(fc.string({ unit: letter, minLength: 3, maxLength: 6 }), { maxLength: 12 }),
        fc.array(word, { minLength: 1, maxLength: 20 }),
        (words, stems, tokens) => {
          const lexicon = new Lexicon(words, stems)
          for (const token of [...tokens, ...stems, ...stems.map((s) => `${s}a`)])
            expect(lexicon.match(token), token).toBe(scan(words, stems, token))
        },
      ),
      { numRuns: 1000 },
    )
  })

  it("prefers the word, then the first stem listed", () => {
    const lexicon = new Lexicon(["porez"], ["pore", "porez", "pdv"])
    expect(lexicon.match("porez")).toBe("porez")
    expect(lexicon.match("poreza")).toBe("pore")
    expect(lexicon.match("pd")).toBeUndefined()
    expect(lexicon.hits(["pdva", "x", "porezi"])).toEqual(["pdva", "porezi"])
  })
})
