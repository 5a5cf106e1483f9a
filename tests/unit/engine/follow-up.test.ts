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

describe("reading a follow-up with its own facts", () => {
  it("puts a new figure in place of the old one with its comparator, never beside it (hr and en)", () => {
    const hr = readQuestion(index(), "a za put od 10 sati?", previous("Koliko je neoporeziva dnevnica za put dulji od 12 sati?"))
    expect(hr.question).toBe("Koliko je neoporeziva dnevnica za put od 10 sati?")
    const en = readQuestion(index(), "and for revenue of EUR 3m?", previous("What is the corporate income tax rate for revenue under EUR 1m?"))
    expect(en.question).toBe("What is the corporate income tax rate for revenue of EUR 3m?")
  })

  it("never keeps the old bound when the follow-up states another figure", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 11 }), fc.constantFrom("a za put od", "i za put od", "a za"), (hours, opener) => {
        const read = readQuestion(index(), `${opener} ${hours} sati?`, previous("Koliko je neoporeziva dnevnica za put dulji od 12 sati?"))
        return !read.question.includes("12 sati") && read.question.includes(`${hours} sati`) && !read.question.includes("put za put")
      }),
    )
  })

  it("carries a stated condition as part of the subject, and the user can clear it", () => {
    const read = readQuestion(index(), "and the filing deadline?", previous("What is the corporate income tax rate for revenue under EUR 1m?"))
    expect(read.question).toBe("What is the corporate income tax deadline for revenue under EUR 1m?")
    expect(read.followUp?.inherited).toContainEqual({ part: "subject", text: "revenue under EUR 1m" })
    expect(read.carried).toEqual(["revenue", "under", "eur", "1m"])
    const cleared = readQuestion(index(), "and the filing deadline?", previous("What is the corporate income tax rate for revenue under EUR 1m?", ["subject"]))
    expect(cleared.carried).toBeUndefined()
  })

  it("appends a situation the follow-up adds as a whole clause", () => {
    const en = readQuestion(index(), "what if the buyer is an EU company?", previous("Must a business outside the VAT system issue e-invoices in 2027?"))
    expect(en.question).toBe("Must a business outside the VAT system issue e-invoices in 2027 if the buyer is an EU company?")
    const hr = readQuestion(index(), "a ako je kupac iz EU?", previous("Mora li obrt izvan sustava PDV-a izdavati eRačune od 2027.?"))
    expect(hr.question).toBe("Mora li obrt izvan sustava PDV-a izdavati eRačune od 2027 ako je kupac iz EU?")
  })

  it("keeps the previous topic beside a topic of another family, and replaces one of the same family", () => {
    const added = readQuestion(index(), "what if it is an export?", previous("Must a business outside the VAT system issue e-invoices in 2027?"))
    expect(added.question).toContain("e-invoices")
    expect(added.question).toContain("export")
    expect(added.followUp?.inherited).toContainEqual({ part: "subject", text: "e-invoices" })
    const replaced = readQuestion(index(), "a za inozemnu dnevnicu?", previous("Koliko iznosi tuzemna dnevnica?"))
    expect(replaced.question).not.toContain("tuzemna")
  })

  it("reads a question naming only how something is asked as a follow-up of the thread's subject", () => {
    const read = readQuestion(index(), "a do kad se plaćaju?", previous("Koliki su mjesečni doprinosi za paušalista u 2025.?"))
    expect(read.followUp).toBeDefined()
    expect(read.question).toContain("doprinosi za paušalista u 2025")
    expect(read.question).toMatch(/^do kad/)
  })

  it("does not add a word the previous question already has", () => {
    const read = readQuestion(index(), "a za put u inozemstvo?", previous("Koliko je neoporeziva dnevnica za put dulji od 12 sati?"))
    expect(read.question.match(/\bput\b/gu)).toHaveLength(1)
  })

  it("keeps the legal form's own dots when it replaces another", () => {
    const read = readQuestion(index(), "a za d.o.o.?", previous("Koja je stopa poreza na dobit za paušalni obrt?"))
    expect(read.question).toBe("Koja je stopa poreza na dobit za d.o.o.?")
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
