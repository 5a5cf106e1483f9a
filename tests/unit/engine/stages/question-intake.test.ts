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
})
