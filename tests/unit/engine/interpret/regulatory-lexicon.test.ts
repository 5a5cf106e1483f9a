import { describe, expect, it } from "vitest"
import {
  CONFIDENCE_THRESHOLD_CLARIFY,
  CONFIDENCE_THRESHOLD_STRICT,
  interpretQuestion,
} from "../../../../src-main/engine/interpret/index"
import { realPack } from "../../../fixtures/packs"

// The interpreter's regulatory vocabulary against the Croatian rule pack: a term the pack
// answers on must make even the simplest question about it regulatory.

const concepts = realPack().pack.concepts
const terms = concepts.flatMap((c) => [
  ...c.keywords.map((term) => ({ slug: c.slug, kind: "keyword", term })),
  ...c.aliases.map((term) => ({ slug: c.slug, kind: "alias", term })),
])

describe("regulatory lexicon vs the hr-core pack", () => {
  it("covers a real number of pack terms", () => {
    expect(terms.length).toBeGreaterThan(200)
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

  it.each([
    "Kakvo je vrijeme sutra u Zagrebu?",
    "Koliko vode trebam piti dnevno?",
    "Who won the football match?",
  ])("still leaves %j off-topic", (question) => {
    expect(interpretQuestion(question).topic).toBe("OFFTOPIC")
  })
})
