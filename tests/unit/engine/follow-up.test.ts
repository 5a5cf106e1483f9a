import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { ReasoningEvent } from "../../../src-shared/events/event"
import type { InheritedPart } from "../../../src-shared/events/payloads"
import { readQuestion } from "../../../src-main/engine/follow-up"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import { focusIndex } from "../../../src-main/knowledge/focus-index"
import { realPack } from "../../fixtures/packs"
import { fixedClock } from "./helpers"

// Follow-ups in a thread (issue 22): a short question that names only what changes is read with
// the rest of the previous turn's question, and says what it inherited; a full question is read on
// its own; a follow-up naming an item the pack does not know never keeps the previous item.

const index = () => focusIndex(realPack())
const previous = (question: string, dropped?: InheritedPart[]) => ({ requestId: "req_prev", question, ...(dropped ? { dropped } : {}) })

async function runFollowUp(previousQuestion: string, question: string, asOfDate = "2025-06-01") {
  const events: ReasoningEvent[] = []
  const generator = buildAnswerWithReasoning(
    { requestId: "req_next", question, asOfDate, previousTurn: previous(previousQuestion) },
    { pack: realPack(), clock: fixedClock("2025-06-01T10:00:00.000Z") },
  )
  for await (const event of generator) {
    events.push(event)
    if (event.status === "awaiting_input") break
  }
  const intake = events.find(
    (e): e is Extract<ReasoningEvent, { stage: "QUESTION_INTAKE"; status: "complete" }> =>
      e.stage === "QUESTION_INTAKE" && e.status === "complete",
  )
  const last = events[events.length - 1]
  return { intake: intake?.data, last }
}

describe("reading a follow-up", () => {
  it("keeps the previous subject and attribute and adds the new year", () => {
    const read = readQuestion(index(), "A za 2023?", previous("Koja je stopa PDV-a na kruh?"))
    expect(read.question).toBe("Koja je stopa PDV-a na kruh za 2023?")
    expect(read.followUp?.inherited).toEqual([
      { part: "attribute", text: "stopa" },
      { part: "subject", text: "PDV-a" },
      { part: "subject", text: "kruh" },
    ])
  })

  it("replaces the item in place and the year in place", () => {
    expect(readQuestion(index(), "i za knjige?", previous("Koja je stopa PDV-a na kruh?")).question).toBe(
      "Koja je stopa PDV-a na knjige?",
    )
    expect(readQuestion(index(), "A za 2023?", previous("Koja je stopa PDV-a na kruh u 2024.?")).question).toBe(
      "Koja je stopa PDV-a na kruh u 2023?",
    )
  })

  it("replaces the legal form, in English and in Croatian", () => {
    expect(
      readQuestion(index(), "What about for an obrt?", previous("What is the VAT registration threshold for a limited liability company?")).question,
    ).toBe("What is the VAT registration threshold for a obrt?")
    expect(readQuestion(index(), "a za paušalni obrt?", previous("Koliki je prag za ulazak u sustav PDV-a za d.o.o.?")).question).toBe(
      "Koliki je prag za ulazak u sustav PDV-a za paušalni obrt?",
    )
  })

  it("leaves out a part the user cleared, with its preposition", () => {
    const read = readQuestion(index(), "A za knjige?", previous("Koja je stopa PDV-a na kruh u 2024.?", ["date"]))
    expect(read.question).toBe("Koja je stopa PDV-a na knjige?")
    expect(read.followUp?.inherited.map((p) => p.part)).not.toContain("date")
  })

  it("reads a question with its own subject and attribute on its own", () => {
    const read = readQuestion(index(), "Do kada se predaje JOPPD?", previous("Koja je stopa PDV-a na kruh?"))
    expect(read).toEqual({ question: "Do kada se predaje JOPPD?" })
  })

  it("never keeps the previous item when the follow-up names another one", () => {
    const items = ["plin", "struju", "vino", "cigarete", "namjestaj", "bicikl", "kavu"]
    fc.assert(
      fc.property(fc.constantFrom(...items), fc.constantFrom("A za", "i za", "a na", "What about"), (item, opener) => {
        const read = readQuestion(index(), `${opener} ${item}?`, previous("Koja je stopa PDV-a na kruh?"))
        return !read.question.includes("kruh") && read.question.includes(item)
      }),
    )
  })
})

describe("a follow-up run", () => {
  it("answers the inherited question for the new year and records the follow-up", async () => {
    const { intake, last } = await runFollowUp("Koja je stopa PDV-a na kruh?", "A za 2023?")
    expect(intake).toMatchObject({ followUp: { of: "req_prev", effectiveQuestion: "Koja je stopa PDV-a na kruh za 2023?" } })
    expect(last?.status).toBe("complete")
    expect(last?.stage).toBe("ANSWER")
    expect(JSON.stringify(last)).toMatch(/5 %/)
  })

  it("refuses a follow-up about an item the pack does not cover instead of answering the previous one", async () => {
    const { last } = await runFollowUp("Koja je stopa PDV-a na kruh?", "A za namještaj?")
    expect(last?.stage).toBe("REFUSAL")
    expect(JSON.stringify(last)).toContain("namještaj")
  })
})
