import { describe, expect, it } from "vitest"
import {
  CONFIDENCE_THRESHOLD_CLARIFY,
  CONFIDENCE_THRESHOLD_STRICT,
  interpretQuestion,
} from "../../../../src-main/engine/interpret/index"
import { STOP_WORDS } from "../../../../src-main/engine/interpret/text-utils"
import { COMMON_WORDS } from "../../../../src-main/knowledge/common-words"
import { realPack } from "../../../fixtures/packs"

// The interpreter's regulatory vocabulary against the Croatian rule pack: a term the pack
// answers on must make even the simplest question about it regulatory. Two kinds of pack terms
// are not terms of their own: ordinary question words the engine holds to name no tax matter
// (common-words.ts: "godina", "grad", "usluge"; pack 2.0 uses them inside longer questions),
// and the words for an app, which in this app's questions are about the app itself.

const APP_TERMS = ["aplikacija", "app", "fisk aplikacija"]
const ordinary = (term: string) =>
  interpretQuestion(term).tokens.every((token) => COMMON_WORDS.has(token) || STOP_WORDS.has(token))

const concepts = realPack().pack.concepts
const allTerms = concepts.flatMap((c) => [
  ...c.keywords.map((term) => ({ slug: c.slug, kind: "keyword", term })),
  ...c.aliases.map((term) => ({ slug: c.slug, kind: "alias", term })),
])
const terms = allTerms.filter(({ term }) => !ordinary(term) && !APP_TERMS.includes(term))

describe("regulatory lexicon vs the hr-core pack", () => {
  it("covers a real number of pack terms, leaving out only a few ordinary words", () => {
    expect(terms.length).toBeGreaterThan(1000)
    const left = new Set(
      allTerms.filter(({ term }) => !terms.some((t) => t.term === term)).map(({ term }) => term),
    )
    expect(left.size).toBeLessThan(40)
  })

  it("reads the pack's words for an app as a question about the app, not as off-topic", () => {
    for (const term of APP_TERMS) expect(interpretQuestion(`Što je ${term}?`).topic).toBe("PRODUCT")
    // Naming the tax authority's app is regulatory.
    expect(interpretQuestion("Što je besplatna aplikacija porezne uprave?").topic).toBe("REGULATORY")
  })

  it("classifies a simple question about every pack keyword and alias as REGULATORY", () => {
    const missed: string[] = []
    for (const { slug, kind, term } of terms)
      for (const question of [`Što je ${term}?`, `What is ${term}?`]) {
        const topic = interpretQuestion(question).topic
        if (topic !== "REGULATORY") missed.push(`${slug} ${kind} ${JSON.stringify(question)} -> ${topic}`)
      }
    expect(missed).toEqual([])
  })

  it("reads the e-invoicing deadline question as regulatory and clear enough to proceed", () => {
    const r = interpretQuestion("Kada moram izdavati eRačune?")
    expect(r.topic).toBe("REGULATORY")
    expect(r.queryIntent).toBe("DEADLINE")
    expect(r.confidence).toBeGreaterThanOrEqual(CONFIDENCE_THRESHOLD_STRICT)
  })

  it("reads the personal allowance question as an income-tax question", () => {
    const r = interpretQuestion("Koliki je osobni odbitak?")
    expect(r.topic).toBe("REGULATORY")
    expect(r.entities).toContainEqual(expect.objectContaining({ type: "TAX_TYPE", value: "INCOME_TAX" }))
    expect(r.confidence).toBeGreaterThanOrEqual(CONFIDENCE_THRESHOLD_CLARIFY)
  })

  // Since pack 2.0 Zagreb (its income tax rates) and water (its VAT rate) are subjects of the
  // pack, so the everyday questions are asked about other places and drinks.
  it.each([
    "Kakvo je vrijeme sutra u Puli?",
    "Koliko čaja trebam piti dnevno?",
    "Who won the football match?",
  ])("still leaves %j off-topic", (question) => {
    expect(interpretQuestion(question).topic).toBe("OFFTOPIC")
  })
})
