import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { bestFirst, matchConcepts, nearbyConcepts } from "../../../src-main/knowledge/concept-matcher"
import { packIndex } from "../../../src-main/knowledge/pack-index"
import { tokenize } from "../../../src-main/knowledge/text"
import { realPack, syntheticPack } from "../../fixtures/packs"

const synthetic = () => packIndex(syntheticPack())
const real = () => packIndex(realPack())
const slugs = (question: string, index = synthetic()) =>
  matchConcepts(index, tokenize(question)).matches.map((m) => m.slug)

describe("matchConcepts", () => {
  it("matches with and without diacritics and through Croatian case endings", () => {
    expect(slugs("Koji je prag za PDV?")).toEqual(["syn-prag"])
    expect(slugs("koji je iznos praga")).toEqual(["syn-prag"])
    expect(slugs("Moram li uci u sustav PDV-a?")).toEqual(["syn-obveza"])
    expect(slugs("Moram li ući u sustav PDV-a?")).toEqual(["syn-obveza"])
  })

  it("reports which keywords or aliases matched, and scores in 0..1", () => {
    const [match] = matchConcepts(synthetic(), tokenize("Koji je prag za PDV?")).matches
    expect(match).toMatchObject({
      slug: "syn-prag",
      nameHr: "Sintetski prag za PDV",
      matchedBy: ["prag za pdv"],
    })
    expect(match?.score).toBeGreaterThan(0.25)
    expect(match?.score).toBeLessThanOrEqual(1)
  })

  it("drops concepts that only share a common word with the question's main concept", () => {
    // "pdv" alone points at several VAT concepts in the real pack; the rate question is about rates.
    expect(slugs("Koja je stopa PDV-a?", real())).toEqual(["pdv-stope"])
    expect(slugs("Koji je prag za ulazak u sustav PDV-a?", real())).toEqual(["pdv-prag-registracije"])
  })

  it("weighs modal verbs lightly: 'moram' does not make a question about registration", () => {
    expect(slugs("Kada moram izdavati eRačune?", real())).toEqual(["eracun-obveza"])
  })

  it("keeps two concepts when a question asks about both", () => {
    // Pack 2.0 has return deadlines for profit and income tax too: the deadline is named as VAT's.
    expect(slugs("Koja je stopa PDV-a i rok za PDV prijavu?", real())).toEqual([
      "pdv-rok-prijave",
      "pdv-stope",
    ])
  })

  it("flags questions that point at two topics about equally", () => {
    expect(matchConcepts(real(), tokenize("Do kada moram platiti doprinose kao paušalist?")).ambiguous).toBe(
      true,
    )
    expect(matchConcepts(real(), tokenize("Koja je stopa poreza na dobit?")).ambiguous).toBe(false)
  })

  it("matches nothing for a question outside the pack", () => {
    expect(matchConcepts(synthetic(), tokenize("Kakvo je vrijeme sutra?"))).toMatchObject({
      matches: [],
      ranked: [],
      bestWeight: 0,
    })
  })
})

describe("nearbyConcepts", () => {
  it("suggests concepts sharing a word beginning with the question", () => {
    expect(nearbyConcepts(synthetic(), tokenize("registriranje firme"), 3)).toEqual(["syn-obveza"])
    expect(nearbyConcepts(synthetic(), tokenize("xyz"), 3)).toEqual([])
  })

  it("counts each distinct word once, and can ask for several words pointing to a concept", () => {
    expect(nearbyConcepts(synthetic(), tokenize("registriranje registriranje"), 3, 2)).toEqual([])
  })
})

describe("bestFirst", () => {
  it("orders by score, best first, ties by slot, whether it sorts or counts", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(2999), { maxLength: 400 }), fc.array(fc.nat(1000), { minLength: 3000, maxLength: 3000 }), (touched, scores) => {
        const score = (slot: number) => scores[slot] ?? 0
        const expected = [...touched].sort((a, b) => score(b) - score(a) || a - b)
        expect([...bestFirst(touched, 3000, score)]).toEqual(expected)
      }),
      { numRuns: 60 },
    )
  })
})
