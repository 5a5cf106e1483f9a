import { describe, expect, it } from "vitest"
import type { EvaluationContext } from "../../../../../src-shared/context"
import type { Locale } from "../../../../../src-shared/events/stages"
import { buildEvaluationContext } from "../../../../../src-main/engine/context-builder"
import { interpretQuestion } from "../../../../../src-main/engine/interpret"
import {
  controlFor,
  factSentence,
  rerunInput,
  type SuppliedFact,
} from "../../../../../src-renderer/features/answer/missing-facts"
import { readFact } from "../../../../../src-renderer/features/answer/supply-fact-input"

// A refusal's missing fact, supplied on the card, reaches the engine as part of the question: the
// sentence the window adds must be one the engine's own interpreter reads back as that fact, in
// the question's language. Checked against the real interpreter and context builder.

function contextOf(question: string): EvaluationContext {
  const interpretation = interpretQuestion(question)
  return buildEvaluationContext({ interpretation, clockDate: "2026-03-01" }).context
}

function valueAt(context: EvaluationContext, path: string): unknown {
  return path.split(".").reduce<unknown>((node, key) => (node !== null && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), context)
}

const QUESTIONS: Record<Locale, string> = {
  hr: "Moram li ući u sustav PDV-a?",
  en: "Do I have to register for VAT?",
}

const READ_BACK: ReadonlyArray<{ fact: SuppliedFact; expected: unknown }> = [
  { fact: { kind: "money", path: "counters.revenueYtd", value: 65000 }, expected: 65000 },
  { fact: { kind: "money", path: "counters.revenueYtd", value: 1234.5 }, expected: 1234.5 },
  { fact: { kind: "count", path: "query.tripHours", value: 10 }, expected: 10 },
  { fact: { kind: "count", path: "query.tripHours", value: 1 }, expected: 1 },
  { fact: { kind: "count", path: "query.serviceYears", value: 22 }, expected: 22 },
  { fact: { kind: "yesno", path: "entity.vat.status", value: true }, expected: "IN_VAT" },
  { fact: { kind: "yesno", path: "entity.vat.status", value: false }, expected: "OUTSIDE_VAT" },
  { fact: { kind: "choice", path: "entity.type", value: "DOO" }, expected: "DOO" },
  { fact: { kind: "choice", path: "entity.type", value: "JDOO" }, expected: "JDOO" },
  { fact: { kind: "choice", path: "entity.type", value: "OBRT" }, expected: "OBRT" },
  { fact: { kind: "choice", path: "entity.type", value: "UDRUGA" }, expected: "UDRUGA" },
  { fact: { kind: "choice", path: "entity.obrtSubtype", value: "PAUSALNI" }, expected: "PAUSALNI" },
  { fact: { kind: "choice", path: "entity.obrtSubtype", value: "DOHODAS" }, expected: "DOHODAS" },
  { fact: { kind: "choice", path: "entity.obrtSubtype", value: "DOBITAS" }, expected: "DOBITAS" },
  { fact: { kind: "text", path: "query.item", value: "kruh" }, expected: "bread" },
]

describe("a supplied fact is read back by the engine from the question", () => {
  for (const language of ["hr", "en"] as const)
    for (const { fact, expected } of READ_BACK)
      it(`${language}: ${fact.path} = ${String(fact.value)}`, () => {
        const question = rerunInput({ question: QUESTIONS[language] }, [fact], language).question
        expect(question.startsWith(QUESTIONS[language])).toBe(true)
        expect(valueAt(contextOf(question), fact.path)).toEqual(expected)
      })

  it("each path with a control names a fact the question can carry; profile-only facts get none", () => {
    expect(controlFor("asOf")).toEqual({ kind: "date" })
    expect(controlFor("counters.revenueYtd")?.kind).toBe("money")
    expect(controlFor("counters.revenuePriorYear")).toBeNull()
    expect(controlFor("entity.activityNkd")).toBeNull()
  })
})

describe("the sentences are written in the question's language and its formats", () => {
  it("money, counts that agree with their number, and yes/no", () => {
    const money: SuppliedFact = { kind: "money", path: "counters.revenueYtd", value: 65000 }
    expect(factSentence(money, "hr")).toBe("Promet 65.000,00 EUR.")
    expect(factSentence(money, "en")).toBe("Turnover EUR 65,000.00.")
    const years = (value: number): SuppliedFact => ({ kind: "count", path: "query.serviceYears", value })
    expect([1, 2, 5, 21].map((n) => factSentence(years(n), "hr"))).toEqual([
      "1 godina staža.",
      "2 godine staža.",
      "5 godina staža.",
      "21 godina staža.",
    ])
    expect(factSentence({ kind: "count", path: "query.tripHours", value: 10.5 }, "hr")).toBe("Put 10,5 sata.")
    expect(factSentence({ kind: "count", path: "query.tripHours", value: 1 }, "en")).toBe("Trip of 1 hour.")
    expect(factSentence({ kind: "yesno", path: "entity.vat.status", value: false }, "hr")).toBe("Izvan sustava PDV-a.")
  })

  it("the date becomes the as-of date and leaves the question as it was", () => {
    const input = rerunInput(
      { question: "Koja je stopa PDV-a?", clientId: "c1" },
      [{ kind: "date", path: "asOf", value: "2024-06-01" }],
      "hr",
    )
    expect(input).toEqual({ question: "Koja je stopa PDV-a?", clientId: "c1", asOfDate: "2024-06-01" })
  })

  it("several facts are added in order, after the question's own text", () => {
    const input = rerunInput(
      { question: "Moram li ući u sustav PDV-a?  " },
      [
        { kind: "choice", path: "entity.type", value: "OBRT" },
        { kind: "money", path: "counters.revenueYtd", value: 30000 },
      ],
      "hr",
    )
    expect(input.question).toBe("Moram li ući u sustav PDV-a? Obrt. Promet 30.000,00 EUR.")
  })
})

describe("what the user types is read in the UI's own format, or refused with a reason", () => {
  const money = { kind: "money" } as const
  it("reads amounts as typed in either locale", () => {
    expect(readFact("counters.revenueYtd", money, "65.000,00", "hr")).toEqual({
      ok: true,
      fact: { kind: "money", path: "counters.revenueYtd", value: 65000 },
    })
    expect(readFact("counters.revenueYtd", money, "65,000.50", "en")).toMatchObject({ ok: true, fact: { value: 65000.5 } })
  })

  it("refuses what is not a fact of its kind, with the message of that kind", () => {
    expect(readFact("counters.revenueYtd", money, "šezdeset", "hr")).toEqual({ ok: false, error: "supply.error.amount" })
    expect(readFact("counters.revenueYtd", money, "-5", "hr")).toEqual({ ok: false, error: "supply.error.amount" })
    expect(readFact("asOf", { kind: "date" }, "2025-02-30", "hr")).toEqual({ ok: false, error: "supply.error.date" })
    expect(readFact("entity.vat.status", { kind: "yesno" }, "", "en")).toEqual({ ok: false, error: "supply.error.choice" })
    expect(readFact("entity.type", { kind: "choice", options: ["DOO"] }, "OTHER", "en")).toEqual({ ok: false, error: "supply.error.choice" })
    expect(readFact("query.item", { kind: "text" }, "   ", "hr")).toEqual({ ok: false, error: "supply.error.text" })
  })
})
