import { describe, expect, it } from "vitest"
import { questionIntakeStage } from "../../../../src-main/engine/stages/question-intake"
import { realPack } from "../../../fixtures/packs"
import { runStage, stagesOf, testRun } from "../helpers"

describe("questionIntakeStage", () => {
  it("reports the interpretation and hands on tokens and concept matches", async () => {
    const run = testRun()
    const { events, outcome } = await runStage(questionIntakeStage(run, "Koji je prag za PDV?"))
    expect(stagesOf(events)).toEqual(["QUESTION_INTAKE:started", "QUESTION_INTAKE:complete"])
    expect(events[1]).toMatchObject({
      data: {
        language: "hr",
        topic: "REGULATORY",
        jurisdictionHint: "NONE",
        normalizedQuestion: "koji je prag za pdv?",
      },
    })
    expect(outcome.ok && outcome.value.matching.matches.map((m) => m.slug)).toEqual(["syn-prag"])
  })

  it("answers in the question's language unless a locale is requested", async () => {
    const english = testRun()
    await runStage(questionIntakeStage(english, "What is the VAT threshold?"))
    expect(english.locale).toBe("en")
    const forced = testRun()
    const { events } = await runStage(questionIntakeStage(forced, "What is the VAT threshold?", "hr"))
    expect(forced.locale).toBe("hr")
    expect(events[0]?.message).toBe("Analiziram pitanje…")
  })

  it("refuses gibberish and questions that are not regulatory as OUT_OF_SCOPE", async () => {
    for (const question of ["asdkj qwe zxcvb", "Kako promijeniti lozinku u aplikaciji?", "   "]) {
      const { outcome } = await runStage(questionIntakeStage(testRun(), question))
      expect(outcome).toMatchObject({ ok: false, terminal: { outcome: "REFUSAL", reason: "OUT_OF_SCOPE" } })
    }
  })

  it("treats a question that names a pack concept outright as regulatory", async () => {
    const { events, outcome } = await runStage(
      questionIntakeStage(testRun(realPack()), "Kada moram izdavati eRačune?"),
    )
    expect(outcome.ok).toBe(true)
    expect(events[1]).toMatchObject({ data: { topic: "REGULATORY" } })
  })

  it("treats a stated rate on an item the pack lacks as regulatory, naming the item as typed", async () => {
    for (const [question, typed] of [["Ide li na kavu 13 %?", "kavu"], ["Jel na kolače ide 5 ili 13 posto?", "kolače"]]) {
      const { events, outcome } = await runStage(questionIntakeStage(testRun(realPack()), question ?? ""))
      expect(outcome.ok, question).toBe(true)
      expect(events[1], question).toMatchObject({ data: { topic: "REGULATORY", focus: { attribute: "rate", unknownSubject: typed } } })
    }
  })

  it("quotes an unknown supply whole, with the small words between as typed", async () => {
    const { events } = await runStage(
      questionIntakeStage(testRun(realPack()), "Do I need to charge VAT on services to a German company?"),
    )
    expect(events[1]).toMatchObject({ data: { focus: { unknownSubject: "services to a German company" } } })
  })
})

describe("a question about a month", () => {
  const asOfOf = async (question: string) => {
    const { outcome } = await runStage(questionIntakeStage(testRun(realPack()), question))
    return outcome.ok ? outcome.value.interpretation.asOfDate : undefined
  }

  it("asks its deadline as of the day after the month: the rules in force when the period has ended", async () => {
    expect(await asOfOf("Do kada se predaje PDV prijava za siječanj 2026.?")).toBe("2026-02-01")
    expect(await asOfOf("When is the VAT return for December 2025 due?")).toBe("2026-01-01")
  })

  it("asks anything else as of the month's first day", async () => {
    expect(await asOfOf("Koliki je PDV na pelete u kolovozu 2022.?")).toBe("2022-08-01")
  })

  it("asks a deadline for a quarter or a year named as the period filed for as of the day after it", async () => {
    expect(await asOfOf("When is our VAT return for Q1 2026 due?")).toBe("2026-04-01")
    expect(await asOfOf("Kada se predaje PDV prijava za 1. kvartal 2026.?")).toBe("2026-04-01")
    expect(await asOfOf("When is the VAT return for the third quarter of 2025 due?")).toBe("2025-10-01")
    expect(await asOfOf("Do kad se predaje PDV prijava za razdoblja u 2026.?")).toBe("2027-01-01")
    expect(await asOfOf("Do kada se predaje prijava poreza na dobit za 2025.?")).toBe("2026-01-01")
  })

  it("leaves a year that names no period at its first day", async () => {
    expect(await asOfOf("Do kad se predaje PDV prijava u 2026.?")).toBe("2026-01-01")
    expect(await asOfOf("Koliko dugo moram ostati u sustavu PDV-a ako sam ušao 2024.?")).toBe("2024-01-01")
    expect(await asOfOf("Koja je stopa PDV-a za 2026.?")).toBe("2026-01-01")
  })
})
