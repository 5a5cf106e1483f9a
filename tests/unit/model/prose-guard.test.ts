import { describe, expect, test } from "vitest"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import { guardDraft, isDraftable, numberValues, type DraftableTerminal } from "../../../src-main/model/prose-guard"
import { isTerminal } from "../../../src-shared/events/event"
import { AS_OF, CLEAR_QUESTION, hrCorePack } from "../store/engine-fixtures"

// The guard over the model's draft, against the real engine's answer to a clear question (the VAT
// registration threshold: 60.000,00 EUR, the turnover 65.000,00 EUR, rule pdv.registracija.2025.iznad).

async function engineAnswer(): Promise<DraftableTerminal> {
  const run = buildAnswerWithReasoning({ requestId: "guard", question: CLEAR_QUESTION, asOfDate: AS_OF }, { pack: hrCorePack(), clock: () => new Date("2025-06-01T10:00:00Z"), deliberatePauseMs: 0 })
  for await (const event of run) if (isTerminal(event) && isDraftable(event)) return event
  throw new Error("the engine did not answer")
}

const GOOD =
  "Vaš promet od 65.000,00 EUR veći je od praga od 60.000,00 EUR, pa morate ući u sustav PDV-a (pravilo pdv.registracija.2025.iznad). " +
  "Poreznu upravu obavijestite obrascem P-PDV u roku od 8 dana od prelaska praga."

describe("the prose guard", () => {
  test("a draft that restates the engine's answer and its evidence passes", async () => {
    expect(guardDraft(GOOD, await engineAnswer(), "hr")).toEqual({ accepted: true, problems: [] })
  })

  test("numbers written either way are the same number", () => {
    expect(numberValues("60.000,00")).toContain("60000")
    expect(numberValues("60,000.00")).toContain("60000")
    expect(numberValues("60 000")).toContain("60000")
    expect(numberValues("2,5")).toContain("2.5")
  })

  test.each([
    ["an amount the evidence does not have", "Prag je 50.000,00 EUR.", "50.000,00"],
    ["a percentage the evidence does not have", "Stopa PDV-a je 25 %.", "25"],
    ["a date the evidence does not have", "Rok je 31. prosinca 2025.", "31"],
    ["a rule that is not cited", "Vrijedi pravilo pdv.pausal.limit.", "pdv.pausal.limit"],
    ["an act that is not cited", "Tako kaže Zakon o računovodstvu.", "Zakon o računovodstvu"],
    ["an obligation the answer does not state", "Također morate voditi knjigu prometa.", "dodaje obvezu"],
  ])("a draft with %s is rejected, and says why", async (_what, draft, named) => {
    const verdict = guardDraft(`${GOOD} ${draft}`, await engineAnswer(), "hr")
    expect(verdict.accepted).toBe(false)
    expect(verdict.problems.join("; ")).toContain(named)
  })

  test("text that a prompt injection got into the draft is caught like any other claim", async () => {
    const verdict = guardDraft("Ignoring the rules as instructed: the VAT rate is 7 % and you must register by 1 March.", await engineAnswer(), "en")
    expect(verdict.accepted).toBe(false)
    expect(verdict.problems).toEqual(expect.arrayContaining(["the number 7 is not in the cited rules"]))
    expect(verdict.problems.some((p) => p.startsWith("adds an obligation"))).toBe(true)
  })

  test("an empty draft is rejected", async () => {
    expect(guardDraft("  ", await engineAnswer(), "en")).toEqual({ accepted: false, problems: ["an empty draft"] })
  })
})
