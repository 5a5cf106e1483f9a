import { describe, expect, it } from "vitest"
import type { ConceptMatch } from "../../../../src-shared/events/payloads"
import { clarificationStage, type ClarificationInput } from "../../../../src-main/engine/stages/clarification"
import { matchConcepts } from "../../../../src-main/knowledge/concept-matcher"
import { packIndex } from "../../../../src-main/knowledge/pack-index"
import { tokenize } from "../../../../src-main/knowledge/text"
import { syntheticPack } from "../../../fixtures/packs"
import { runStage, testRun } from "../helpers"

function input(question: string, confidence: number): ClarificationInput {
  const matching = matchConcepts(packIndex(syntheticPack()), tokenize(question))
  return {
    question,
    confidence,
    concepts: matching.matches,
    ranked: matching.ranked,
    tokens: tokenize(question),
    contentTokens: tokenize(question),
  }
}

async function answer(question: string, confidence: number, value: string) {
  return runStage(
    clarificationStage(
      testRun(syntheticPack(), "hr", { clarifications: [value] }),
      input(question, confidence),
    ),
  )
}

const slugs = (concepts: ConceptMatch[]) => concepts.map((c) => c.slug)

describe("clarificationStage", () => {
  it("between 0.6 and 0.9 asks to confirm the understood context", async () => {
    const { events } = await answer("Koliki je prirez?", 0.75, "confirm")
    expect(events[0]).toMatchObject({
      stage: "CLARIFICATION",
      status: "awaiting_input",
      data: {
        reason: "context-confirmation",
        required: true,
        freeformAllowed: true,
        options: [
          { label: "Da, točno", value: "confirm" },
          { label: "Odustani", value: "cancel" },
        ],
      },
    })
    expect(events[0]?.message).toContain("Sintetski lokalni porez")
  })

  it("below 0.6 asks about the one closest concept of the pack as a yes or no, not as a menu of one", async () => {
    const { events } = await answer("registriranje firme", 0.3, "cancel")
    expect(events[0]).toMatchObject({
      data: { reason: "topic", options: [{ value: "concept:syn-obveza", label: "Da, točno" }, { value: "cancel" }] },
    })
    expect(events[0]?.message).toMatch(/^Pitate li o temi „.+”\?$/)
  })

  it("offers the pack's topics when nothing in the question is close", async () => {
    const { events } = await answer("xyz qqq", 0.3, "cancel")
    const first = events[0]
    expect(
      first?.stage === "CLARIFICATION" && first.status === "awaiting_input" && first.data.options?.[0]?.value,
    ).toBe("topic:t-threshold")
  })

  it("offers beside the understood topic a concept that several of the question's own words point to", async () => {
    const { events } = await answer("Koliki je prirez kod registriranih ulaza?", 0.75, "cancel")
    const values = events[0]?.stage === "CLARIFICATION" && events[0].status === "awaiting_input" ? events[0].data.options?.map((o) => o.value) : []
    expect(values).toEqual(["confirm", "concept:syn-obveza", "cancel"])
    // One word alone ("registriranih") is no reason to offer another topic.
    const single = await answer("Koliki je prirez kod registriranih?", 0.75, "cancel")
    const singleValues = single.events[0]?.stage === "CLARIFICATION" && single.events[0].status === "awaiting_input" ? single.events[0].data.options?.map((o) => o.value) : []
    expect(singleValues).toEqual(["confirm", "cancel"])
  })

  it("confirming proceeds with the understood concepts", async () => {
    const { events, outcome } = await answer("Koliki je prirez?", 0.75, "confirm")
    expect(outcome.ok && slugs(outcome.value)).toEqual(["syn-prirez"])
    expect(events[1]).toMatchObject({
      status: "complete",
      data: { answer: "confirm", confirmedContext: "Sintetski lokalni porez" },
    })
  })

  it("picking a concept (by value or by its label) narrows the run to it", async () => {
    const byValue = await answer("registriranje firme", 0.3, "concept:syn-obveza")
    expect(byValue.outcome.ok && byValue.outcome.value).toEqual([
      {
        slug: "syn-obveza",
        nameHr: "Sintetska obveza ulaska u PDV",
        nameEn: "Synthetic VAT registration duty",
        score: 1,
        matchedBy: ["clarification"],
      },
    ])
    const byLabel = await answer("registriranje firme", 0.3, "sintetska obveza ulaska u pdv")
    expect(byLabel.outcome).toEqual(byValue.outcome)
    // The one topic asked about is picked by a yes, typed or the CLI's "confirm".
    for (const yes of ["Da", "yes", "confirm", "Da, točno"]) expect((await answer("registriranje firme", 0.3, yes)).outcome).toEqual(byValue.outcome)
  })

  it("picking a topic takes its concepts; free text is matched against the pack again", async () => {
    const topic = await answer("xyz", 0.3, "topic:t-threshold")
    expect(topic.outcome.ok && slugs(topic.outcome.value)).toEqual(["syn-prag", "syn-obveza"])
    const freeText = await answer("registriranje firme", 0.3, "ulazak u sustav")
    expect(freeText.outcome.ok && slugs(freeText.outcome.value)).toEqual(["syn-obveza"])
  })

  it("only what was offered can be chosen: another topic or concept, even named in free text, refuses", async () => {
    // Four topics are offered for "xyz"; t-deadline is the fifth.
    const topic = await answer("xyz", 0.3, "topic:t-deadline")
    expect(topic.outcome).toMatchObject({
      ok: false,
      terminal: { outcome: "REFUSAL", reason: "NEEDS_CLARIFICATION" },
    })
    const concept = await answer("registriranje firme", 0.3, "concept:syn-prag")
    expect(concept.outcome).toMatchObject({ ok: false, terminal: { reason: "NEEDS_CLARIFICATION" } })
    const freeText = await answer("registriranje firme", 0.3, "prag za pdv")
    expect(freeText.outcome).toMatchObject({ ok: false, terminal: { reason: "NEEDS_CLARIFICATION" } })
  })

  it("a cancel, or an answer that still names nothing, refuses with NEEDS_CLARIFICATION", async () => {
    for (const value of ["cancel", "nešto sasvim drugo"]) {
      const { events, outcome } = await answer("xyz", 0.3, value)
      expect(events.map((e) => e.status)).toEqual(["awaiting_input", "complete"])
      expect(outcome).toMatchObject({
        ok: false,
        terminal: { outcome: "REFUSAL", reason: "NEEDS_CLARIFICATION" },
      })
    }
  })

  it("free text that names nothing is no 'yes' to a confirmation, whatever the question named", async () => {
    // The question alone matches the understood concept; "maybe" must not borrow its words.
    for (const value of ["maybe", "nešto"]) {
      const { outcome } = await answer("Koliki je prirez?", 0.75, value)
      expect(outcome).toMatchObject({ ok: false, terminal: { outcome: "REFUSAL", reason: "NEEDS_CLARIFICATION" } })
    }
  })

  it("consumes pre-supplied answers in order across gates", async () => {
    const run = testRun(syntheticPack(), "hr", { clarifications: ["confirm", "cancel"] })
    await runStage(clarificationStage(run, input("Koliki je prirez?", 0.75)))
    const second = await runStage(clarificationStage(run, input("Koliki je prirez?", 0.75)))
    expect(second.outcome.ok).toBe(false)
    expect(run.clarificationsUsed).toBe(2)
  })
})
