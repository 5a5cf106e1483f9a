import { describe, expect, it } from "vitest"
import { answerText } from "../../../../../src-renderer/features/answer/answer-text"

// The answer card's text in the UI's language: an English run whose headline said everything has
// an empty English text, and the Croatian text must not stand under its English headline.

describe("answerText", () => {
  const croatian = "Od 1. 1. 2025. prag za obvezan ulazak u sustav PDV-a iznosi 60.000,00 EUR."

  it("gives an English run's (empty) English text in the English UI, never the Croatian one", () => {
    expect(answerText({ answerHr: croatian, answerEn: "" }, "en")).toBe("")
    expect(answerText({ answerHr: croatian, answerEn: "Also: X." }, "en")).toBe("Also: X.")
  })

  it("gives the Croatian text in the Croatian UI, and for a Croatian run in any UI", () => {
    expect(answerText({ answerHr: croatian, answerEn: "" }, "hr")).toBe(croatian)
    expect(answerText({ answerHr: croatian }, "en")).toBe(croatian)
  })
})
