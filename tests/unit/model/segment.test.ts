import fc from "fast-check"
import { describe, expect, test } from "vitest"
import { MAX_STEP_CHARS } from "../../../src-main/model/sanitize"
import { segmentThinking } from "../../../src-main/model/segment"

describe("segmenting the thinking into the engine's stages", () => {
  test("each sentence goes to the stage its words point to, 1–2 sentences a stage, in the stepper's order", () => {
    const steps = segmentThinking([
      { text: "Korisnik pita treba li ući u sustav PDV-a. ", during: "QUESTION_INTAKE" },
      { text: "Klijent je obrt, status u PDV-u nije poznat. ", during: "CONTEXT_RESOLUTION" },
      { text: "Izvor je Zakon o PDV-u. Prag se primjenjuje na promet prethodne godine. ", during: "SOURCES" },
      { text: "I'm fairly confident about this. ", during: "CONFIDENCE" },
    ])
    expect(steps.map((s) => s.stage)).toEqual(["QUESTION_INTAKE", "CONTEXT_RESOLUTION", "SOURCES", "APPLICABILITY", "CONFIDENCE"])
    expect(steps.find((s) => s.stage === "SOURCES")?.thought).toBe("Izvor je Zakon o PDV-u.")
    expect(steps.every((s) => s.matched)).toBe(true)
  })

  test("a stage no keyword matched takes a sentence that arrived while it ran", () => {
    const steps = segmentThinking([
      { text: "The user asks about VAT. ", during: "QUESTION_INTAKE" },
      { text: "Hmm, let me see. ", during: "CONFLICTS" },
    ])
    expect(steps).toEqual([
      { stage: "QUESTION_INTAKE", thought: "The user asks about VAT.", matched: true },
      { stage: "CONFLICTS", thought: "Hmm, let me see.", matched: false },
    ])
  })

  test("when nothing matches, the whole thinking is the question's step (seed 004 §6.3)", () => {
    expect(segmentThinking([{ text: "Hmm. Dakle. Vidimo.", during: null }])).toEqual([{ stage: "QUESTION_INTAKE", thought: "Hmm. Dakle. Vidimo.", matched: false }])
    expect(segmentThinking([])).toEqual([])
  })

  test("a step's thought never exceeds 200 characters and no stage appears twice", () => {
    const stages = ["QUESTION_INTAKE", "SOURCES", "ANALYSIS", "CONFIDENCE", null] as const
    fc.assert(
      fc.property(fc.array(fc.record({ text: fc.string({ maxLength: 400, unit: "binary" }), during: fc.constantFrom(...stages) }), { maxLength: 30 }), (pieces) => {
        const steps = segmentThinking(pieces)
        for (const step of steps) expect(step.thought.length).toBeLessThanOrEqual(MAX_STEP_CHARS)
        expect(new Set(steps.map((s) => s.stage)).size).toBe(steps.length)
      }),
      { numRuns: 300 },
    )
  })
})
