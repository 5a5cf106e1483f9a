import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { HOSTILE_STRINGS, megabyteQuestion, VAT_QUESTION } from "./support/hostile-text"
import { expectWellFormedRun, runEngine } from "./support/run-checks"

// The engine under hostile questions and dates: every run is well formed and ends in exactly one
// clear outcome, never a crash (ERROR INTERNAL), however odd the input. Specific wrong readings
// found earlier are pinned in found-bugs.test.ts.

describe("the engine under hostile questions", () => {
  it.each(Object.entries(HOSTILE_STRINGS))("%s: a well-formed run with one clear outcome", async (_label, question) => {
    const terminal = expectWellFormedRun(await runEngine({ question }))
    if (terminal.stage === "REFUSAL" || terminal.stage === "ERROR") expect(terminal.data.message.trim()).not.toBe("")
    else expect(terminal.data.headline.trim()).not.toBe("")
  })

  it("answers a 1 MB question without echoing it into any event", async () => {
    const events = await runEngine({ question: megabyteQuestion() })
    expectWellFormedRun(events)
    // Events go to the window, the store and every audit bundle: none may carry the megabyte.
    for (const event of events) expect(JSON.stringify(event).length).toBeLessThan(16_384)
  })

  it("refuses text that is not a question at all as out of scope", async () => {
    for (const label of ["whitespace only", "punctuation only", "HTML only", "SQL fragment", "one long word"]) {
      const question = HOSTILE_STRINGS[label] ?? ""
      const terminal = expectWellFormedRun(await runEngine({ question }))
      expect(terminal.stage, label).toBe("REFUSAL")
      if (terminal.stage === "REFUSAL") expect(terminal.data.reason, label).toBe("OUT_OF_SCOPE")
    }
  })

  it("reads a question the same way with markup or SQL inside it (nothing in it is executed)", async () => {
    const plain = expectWellFormedRun(await runEngine({ question: VAT_QUESTION }))
    for (const label of ["HTML fragment", "SQL in a real question"]) {
      const laced = expectWellFormedRun(await runEngine({ question: HOSTILE_STRINGS[label] ?? "" }))
      expect(laced.stage, label).toBe(plain.stage)
      expect(laced.message, label).toBe(plain.message)
    }
  })

  it("keeps every run well formed for arbitrary unicode, including lone surrogates and control characters", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary", maxLength: 300 }), async (question) => {
        expectWellFormedRun(await runEngine({ question }))
      }),
      { numRuns: 150 },
    )
  })

  it("keeps every run well formed for real questions spliced with hostile fragments", async () => {
    const fragment = fc.oneof(
      fc.constantFrom(...Object.values(HOSTILE_STRINGS).map((text) => text.slice(0, 200))),
      fc.string({ unit: "grapheme", maxLength: 40 }),
      fc.double().map(String),
      // Any size, sign and notation, as money: past the contract's 1e13 bound too.
      fc.bigInt().map((n) => `${n} eura`),
      fc.double().map((x) => `${x} EUR`),
    )
    await fc.assert(
      fc.asyncProperty(fc.array(fragment, { maxLength: 4 }), fc.nat(VAT_QUESTION.length), async (fragments, cut) => {
        // Spaces around the splice, so the question's own digits never glue onto a fragment's.
        const question = `${VAT_QUESTION.slice(0, cut)} ${fragments.join(" ")} ${VAT_QUESTION.slice(cut)}`
        expectWellFormedRun(await runEngine({ question }))
      }),
      { numRuns: 150 },
    )
  })
})

describe("the engine under absurd as-of dates", () => {
  it.each(["0000-01-01", "0001-01-01", "1900-01-01", "1970-01-01", "2099-12-31", "9999-12-31"])("%s: a well-formed run", async (asOfDate) => {
    const terminal = expectWellFormedRun(await runEngine({ question: VAT_QUESTION, asOfDate }))
    if (terminal.stage !== "REFUSAL" && terminal.stage !== "ERROR") expect(terminal.data.asOfDate).toBe(asOfDate)
  })
})
