import { describe, expect, it } from "vitest"
import { interpretQuestion } from "../../../../src-main/engine/interpret"
import {
  contextConfidence,
  contextResolutionStage,
} from "../../../../src-main/engine/stages/context-resolution"
import { questionIntakeStage } from "../../../../src-main/engine/stages/question-intake"
import { matchConcepts } from "../../../../src-main/knowledge/concept-matcher"
import { packIndex } from "../../../../src-main/knowledge/pack-index"
import { tokenize } from "../../../../src-main/knowledge/text"
import { syntheticPack } from "../../../fixtures/packs"
import { runStage, testRun } from "../helpers"

async function resolve(
  question: string,
  profile?: Parameters<typeof contextResolutionStage>[2],
  asOf?: string,
) {
  const run = testRun()
  const intake = await runStage(questionIntakeStage(run, question))
  if (!intake.outcome.ok) throw new Error("intake refused")
  return runStage(contextResolutionStage(run, intake.outcome.value, profile, { asOfDate: asOf, askedOn: undefined }, "client-1"))
}

describe("contextResolutionStage", () => {
  it("emits the frozen evaluation context with its sources, snapshot and confidence", async () => {
    const { events, outcome } = await resolve(
      "Moram li ući u sustav PDV-a ako mi je promet 3.000 eura?",
      undefined,
      "2025-03-01",
    )
    expect(events[1]).toMatchObject({
      stage: "CONTEXT_RESOLUTION",
      status: "complete",
      data: {
        jurisdiction: "HR",
        domain: "TAX",
        asOfDate: "2025-03-01",
        clientId: "client-1",
        evaluationContext: { asOf: "2025-03-01", counters: { revenueYtd: 3000 } },
        factSources: { asOf: "query", "counters.revenueYtd": "query" },
        userContextSnapshot: {
          vatStatus: "unknown",
          turnoverBand: "< 10.000 EUR",
          assumedDefaults: ["jurisdiction = HR"],
        },
      },
    })
    expect(outcome.ok && Object.isFrozen(outcome.value.context.counters)).toBe(true)
  })

  it("asks for clarification (requiresClarification) when the confidence is under 0.9", async () => {
    const { events } = await resolve("Koliki je prirez?")
    expect(events[1]).toMatchObject({ data: { requiresClarification: true } })
    const clear = await resolve("Koji je prag za PDV?")
    expect(clear.events[1]).toMatchObject({ data: { requiresClarification: false } })
  })

  it("refuses a domain the pack does not cover", async () => {
    const { outcome } = await resolve("Koliko dana godišnjeg odmora ima radnik po zakonu o radu?")
    expect(outcome).toMatchObject({ ok: false, terminal: { reason: "UNSUPPORTED_DOMAIN" } })
  })
})

describe("contextConfidence", () => {
  const index = () => packIndex(syntheticPack())
  const confidence = (question: string) =>
    contextConfidence(interpretQuestion(question), matchConcepts(index(), tokenize(question)))

  it("is capped at 0.5 when no concept of the pack is named", () => {
    expect(confidence("Koji je porez na kućne ljubimce?")).toBeLessThanOrEqual(0.5)
  })

  it("rises above the gate for a clear question naming one concept", () => {
    expect(confidence("Koji je prag za PDV?")).toBeGreaterThanOrEqual(0.9)
  })
})
