import { describe, expect, it } from "vitest"
import type { EvaluationContext } from "../../../src-shared/context"
import { isTerminal } from "../../../src-shared/events/event"
import { buildAnswer } from "../../../src-main/engine/answer/terminal"
import { applicabilityStage } from "../../../src-main/engine/stages/applicability"
import { conflictsStage } from "../../../src-main/engine/stages/conflicts"
import type { Predicate, RulePack } from "../../../src-main/knowledge/pack-schema"
import { tinyPack } from "../../fixtures/packs"
import { goldenEvents } from "./golden-run"
import { runStage, stateOf, testRun } from "./helpers"

// Rules of one concept and one valueKey with different values are never headlined one over the
// other silently: a condition the question leaves open makes a conditional answer naming each
// band whole; a fact that decides picks one; a disagreement nothing decides is named or refused.

const TRIP_TOPIC: Partial<RulePack> = {
  topics: [
    {
      id: "t",
      nameHr: "Tema",
      nameEn: "Topic",
      dimensions: [
        { dimension: "trip", factPath: "query.tripHours", required: false, label: { hr: "Trajanje puta", en: "Trip duration" } },
      ],
    },
  ],
}

const band = (id: string, value: number, appliesWhen: Predicate) => ({
  id,
  valueKey: "per-diem",
  value: { type: "currency" as const, value, currency: "EUR" as const },
  dimensions: ["trip"],
  appliesWhen,
})

const hours = (lower: number, upper?: number): Predicate =>
  upper === undefined
    ? { gt: ["query.tripHours", lower] }
    : { and: [{ gt: ["query.tripHours", lower] }, { lt: ["query.tripHours", upper] }] }

async function answerFor(pack: ReturnType<typeof tinyPack>, context: EvaluationContext) {
  const run = testRun(pack)
  const state = await stateOf(["c"], context, { pack, factSources: context.query?.tripHours === undefined ? {} : { "query.tripHours": "query" } })
  const applicability = await runStage(applicabilityStage(run, state))
  if (!applicability.outcome.ok) return { terminal: applicability.outcome.terminal, applicability: undefined }
  const eligible = applicability.outcome.value.eligible
  const conflicts = await runStage(conflictsStage(run, eligible))
  if (!conflicts.outcome.ok) return { terminal: conflicts.outcome.terminal, applicability: applicability.outcome.value }
  return {
    terminal: buildAnswer(run, state, applicability.outcome.value, conflicts.outcome.value),
    applicability: applicability.outcome.value,
  }
}

describe("rules of one concept and valueKey with different values", () => {
  const pack = tinyPack([band("band-8-12", 15, hours(8, 12)), band("band-over-12", 30, hours(12))], TRIP_TOPIC)

  it("give a conditional answer naming every band whole when the question leaves the fact open", async () => {
    const { terminal, applicability } = await answerFor(pack, { asOf: "2025-03-01" })
    expect(applicability?.branches.map((b) => [b.condition, b.ruleIds])).toEqual([
      ["Ako je trajanje puta > 8 sati i < 12 sati", ["band-8-12"]],
      ["Ako je trajanje puta > 12 sati", ["band-over-12"]],
    ])
    // The headline states both values, never one band's sentence.
    expect(terminal).toMatchObject({
      outcome: "CONDITIONAL_ANSWER",
      missingDimensions: ["trip"],
      headline: "Odgovor ovisi o podatku koji nije naveden (Trajanje puta): 15,00 EUR ili 30,00 EUR.",
    })
  })

  it("answer with the band the question's fact decides, and refuse outside every band", async () => {
    const within = await answerFor(pack, { asOf: "2025-03-01", query: { tripHours: 10 } })
    expect(within.terminal).toMatchObject({ outcome: "ANSWER", primaryRuleId: "band-8-12", eligibleRuleCount: 1 })
    const over = await answerFor(pack, { asOf: "2025-03-01", query: { tripHours: 14 } })
    expect(over.terminal).toMatchObject({ outcome: "ANSWER", primaryRuleId: "band-over-12" })
    for (const tripHours of [5, 8, 12]) {
      const outside = await answerFor(pack, { asOf: "2025-03-01", query: { tripHours } })
      expect(outside.terminal.outcome, `${tripHours} h`).toBe("REFUSAL")
    }
  })

  it("answer, refuse or keep the bands open by a bound the question states instead of a duration", async () => {
    const bound = (operator: "gt" | "gte" | "lt" | "lte", value: number): EvaluationContext => ({
      asOf: "2025-03-01",
      query: { tripHoursBound: { operator, value } },
    })
    // "duži od 12 sati": every such trip is in the upper band, and the answer says what it rests on.
    const over = await answerFor(pack, bound("gt", 12))
    expect(over.terminal).toMatchObject({ outcome: "ANSWER", primaryRuleId: "band-over-12" })
    expect(JSON.stringify(over.terminal)).toContain("Trajanje puta više od 12 sati (uvjet: > 12 sati)")
    // "kraći od 8 sati": no band covers such a trip.
    expect((await answerFor(pack, bound("lt", 8))).terminal.outcome).toBe("REFUSAL")
    // "više od 10 sati" may be 11 or 13 hours: both bands stay open.
    const open = await answerFor(pack, bound("gt", 10))
    expect(open.terminal.outcome).toBe("CONDITIONAL_ANSWER")
    expect(open.applicability?.branches.map((b) => b.ruleIds)).toEqual([["band-8-12"], ["band-over-12"]])
    // It was given, only not exactly: the headline says what the question said.
    expect(open.terminal).toMatchObject({
      headline: "Odgovor ovisi o podatku koji nije točno naveden (Trajanje puta: više od 10 sati): 15,00 EUR ili 30,00 EUR.",
    })
    // "najviše 10 sati" rules out the upper band but leaves the lower one open (it may be 6 hours).
    const upTo10 = await answerFor(pack, bound("lte", 10))
    expect(upTo10.applicability?.branches.map((b) => b.ruleIds)).toEqual([["band-8-12"]])
  })

  it("branch on a band narrower than one unit, with a value inside it", async () => {
    const narrow = tinyPack([band("band-12-13", 20, hours(12, 13)), band("band-over-13", 30, hours(13))], TRIP_TOPIC)
    const { applicability } = await answerFor(narrow, { asOf: "2025-03-01" })
    expect(applicability?.branches.map((b) => [b.value, b.ruleIds])).toEqual([
      [12.5, ["band-12-13"]],
      [14, ["band-over-13"]],
    ])
  })

  it("are named as a disagreement, or refused, when nothing tells them apart", async () => {
    const disagreeing = [
      { id: "a", value: { type: "percentage" as const, value: 1 } },
      { id: "b", value: { type: "percentage" as const, value: 2 } },
    ]
    const refused = await answerFor(tinyPack(disagreeing), { asOf: "2025-03-01" })
    expect(refused.terminal).toMatchObject({ outcome: "REFUSAL", reason: "UNRESOLVED_CONFLICT" })
    const noted = tinyPack(disagreeing, {
      conflicts: [
        {
          id: "c-ab",
          ruleIds: ["a", "b"],
          description: { hr: "Izvori se ne slažu.", en: "The sources disagree." },
          canProceedWithWarning: true,
        },
      ],
    })
    const qualified = await answerFor(noted, { asOf: "2025-03-01" })
    expect(qualified.terminal).toMatchObject({ outcome: "QUALIFIED_ANSWER", conflictWarnings: [{ description: "Izvori se ne slažu." }] })
  })
})

describe("a branch's missing fact by the pack's name", () => {
  it("carries the topic's name for a shared fact: the amount in a pension-base question is the gross salary", async () => {
    const events = await goldenEvents({ question: "Koliko iznosi umanjenje osnovice za doprinos za I. mirovinski stup?", asOf: "2025-06-01" }, "2026-11-25T10:00:00.000Z")
    const terminal = events.find(isTerminal)
    expect(terminal?.stage).toBe("CONDITIONAL_ANSWER")
    const branches = (terminal?.data as { branches?: Array<{ factPath: string; factName?: string }> } | undefined)?.branches ?? []
    expect(branches.map((b) => [b.factPath, b.factName])).toEqual([
      ["query.amount", "Bruto plaća"],
      ["query.amount", "Bruto plaća"],
    ])
  })
})
