import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { isTerminal, type ReasoningEvent } from "../../../src-shared/events/event"
import { focusViolations } from "../../../src-main/engine/answer/validate"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import { packIndex } from "../../../src-main/knowledge/pack-index"
import type { Attribute } from "../../../src-main/knowledge/pack-schema"
import { FOCUS_CONCEPTS, focusPack } from "../../fixtures/packs/focus-pack"
import { askUntilInput, drain, fixedClock } from "./helpers"

// Issue 17: an answer answers the question. The focus (subjects x attribute) decides which rules
// may answer; when the pack has none, the run refuses and says what it understood.

async function run(question: string, clarifications?: string[]) {
  return drain(
    buildAnswerWithReasoning(
      { requestId: "req_focus", question, asOfDate: "2025-06-01" },
      { pack: focusPack(), clock: fixedClock(), ...(clarifications ? { clarifications } : {}) },
    ),
  )
}

function last(events: ReasoningEvent[]): ReasoningEvent {
  const event = events[events.length - 1]
  if (!event) throw new Error("no events")
  return event
}

describe("question focus in the pipeline", () => {
  it("answers a named item from the item's own rule, with the value in the headline", async () => {
    const { terminal } = await run("Koja je stopa PDV-a na kruh?")
    expect(terminal?.outcome).toBe("ANSWER")
    if (terminal?.outcome !== "ANSWER") return
    expect(terminal.headline).toBe("Kruh se oporezuje PDV-om po stopi od 5 %.")
    expect(terminal.citations.map((c) => c.evidenceId)).toEqual(["e-bread-rate"])
  })

  it("refuses a per diem for a trip abroad instead of giving the domestic amount, and answers a domestic one", async () => {
    const abroad = await run("Koliko mogu isplatiti dnevnicu za put u Njemačku?")
    expect(abroad.terminal?.outcome).toBe("REFUSAL")
    expect(JSON.stringify(abroad.terminal)).not.toContain("30,00")
    const english = await run("What per diem can I pay for a business trip to Austria?")
    expect(english.terminal?.outcome).toBe("REFUSAL")
    const domestic = await run("Kolika je dnevnica?")
    expect(domestic.terminal?.outcome).toBe("ANSWER")
    if (domestic.terminal?.outcome === "ANSWER") expect(domestic.terminal.headline).toContain("30,00 EUR")
  })

  it("refuses an item the pack does not know instead of giving the general rate, naming it as typed", async () => {
    const { terminal, events } = await run("Koji je PDV na čokoladu?")
    expect(terminal?.outcome).toBe("REFUSAL")
    if (terminal?.outcome !== "REFUSAL") return
    expect(terminal.reason).toBe("NO_CITABLE_RULES")
    expect(terminal.detail).toContain("„čokoladu”")
    expect(JSON.stringify(terminal)).not.toContain("25 %")
    const intake = events.find((e) => e.stage === "QUESTION_INTAKE" && e.status === "complete")
    expect(intake?.stage === "QUESTION_INTAKE" && intake.status === "complete" && intake.data.focus).toMatchObject({
      attribute: "rate",
      unknownSubject: "čokoladu",
    })
  })

  it("refuses an attribute the pack lacks for a subject it knows, and says what it has", async () => {
    const { terminal } = await run("Koja je kazna za kasni JOPPD?")
    expect(terminal?.outcome).toBe("REFUSAL")
    if (terminal?.outcome !== "REFUSAL") return
    expect(terminal.detail).toContain("kaznu")
    expect(terminal.detail).toContain("rok")
  })

  it("answers the asked attribute of a subject with several: the deadline, not the amount", async () => {
    const { terminal } = await run("Do kada paušalist plaća doprinose?")
    expect(terminal?.outcome).toBe("ANSWER")
    if (terminal?.outcome !== "ANSWER") return
    expect(terminal.headline).toContain("do 15. u mjesecu")
  })

  it("offers only concepts that fit the focus, and refuses an answer that was not offered", async () => {
    const events = await askUntilInput("Paušalist i doprinosi?", { pack: focusPack() })
    const ask = last(events)
    expect(ask.stage === "CLARIFICATION" && ask.status === "awaiting_input").toBe(true)
    if (ask.stage !== "CLARIFICATION" || ask.status !== "awaiting_input") return
    const offered = (ask.data.options ?? []).map((o) => o.value)
    expect(offered).toEqual(["concept:pausal-contribution-deadline", "concept:pausal-contributions", "cancel"])
    const { terminal } = await run("Paušalist i doprinosi?", ["concept:contribution-rate"])
    expect(terminal?.outcome).toBe("REFUSAL")
    const chosen = await run("Paušalist i doprinosi?", ["concept:pausal-contributions"])
    expect(chosen.terminal?.outcome).toBe("ANSWER")
    // "Da" answers a confirmation, not a choice between topics: it takes none of them.
    const yes = await run("Paušalist i doprinosi?", ["da"])
    expect(yes.terminal?.outcome).toBe("REFUSAL")
  })

  it("narrows the focus to the chosen concept after a clarification", async () => {
    const { terminal } = await run("Koliki je PDV na kruh i mlijeko?", ["concept:milk-rate"])
    expect(terminal?.outcome).toBe("ANSWER")
    if (terminal?.outcome !== "ANSWER") return
    expect(terminal.headline).toContain("Mlijeko")
  })

  it("flags a primary rule about another subject or attribute as a violation", () => {
    const index = packIndex(focusPack())
    const rule = index.rules.get("r.vat-rates")
    if (!rule) throw new Error("fixture")
    const answer = { outcome: "ANSWER" } as const
    const terminal = { ...answer } as unknown as Parameters<typeof focusViolations>[0]
    expect(focusViolations(terminal, rule, { subjects: ["bread"], attribute: "rate" }, index)).toHaveLength(1)
    expect(focusViolations(terminal, rule, { subjects: ["pdv"], attribute: "deadline" }, index)).toHaveLength(1)
    expect(focusViolations(terminal, rule, { subjects: ["pdv"], attribute: "rate" }, index)).toEqual([])
  })
})

const SUBJECT_WORDS: Record<string, string[]> = {
  pdv: ["PDV", "VAT"],
  bread: ["kruh", "bread"],
  milk: ["mlijeko", "milk"],
  books: ["knjige", "books"],
  joppd: ["JOPPD"],
  doprinosi: ["doprinosi", "contributions"],
  "pausalni-obrt": ["paušalni obrt"],
}
const ATTRIBUTE_WORDS: Record<string, string[]> = {
  rate: ["Koja je stopa za", "What is the rate for"],
  deadline: ["Koji je rok za", "What is the deadline for"],
  penalty: ["Koja je kazna za", "What is the penalty for"],
  obligation: ["Moram li platiti", "Must I pay"],
}

describe("property: no rule on both the subject and the attribute, no answer", () => {
  const covered = (subject: string, attribute: string) =>
    FOCUS_CONCEPTS.some((c) => c.subjects.includes(subject) && c.attribute === (attribute as Attribute))

  it("never answers a (subject, attribute) pair the pack has no rule for", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(SUBJECT_WORDS)),
        fc.constantFrom(...Object.keys(ATTRIBUTE_WORDS)),
        fc.nat(),
        fc.nat(),
        async (subject, attribute, i, j) => {
          fc.pre(!covered(subject, attribute))
          const words = SUBJECT_WORDS[subject] ?? []
          const openers = ATTRIBUTE_WORDS[attribute] ?? []
          const question = `${openers[i % openers.length]} ${words[j % words.length]}?`
          const generator = buildAnswerWithReasoning(
            { requestId: "req_prop", question, asOfDate: "2025-06-01" },
            { pack: focusPack(), clock: fixedClock(), clarifications: ["confirm", "confirm"] },
          )
          for await (const event of generator)
            if (isTerminal(event))
              expect(["REFUSAL", "ERROR"], `${question} -> ${event.stage}: ${event.message}`).toContain(event.stage)
        },
      ),
      { numRuns: 120 },
    )
  })
})
