import { describe, expect, it } from "vitest"
import type { ConceptMatch } from "../../../../src-shared/events/payloads"
import { retrievalStage } from "../../../../src-main/engine/stages/retrieval"
import { candidateRules } from "../../../../src-main/engine/stages/sources"
import { runStage, testRun } from "../helpers"

const concept = (slug: string): ConceptMatch => ({
  slug,
  nameHr: slug,
  nameEn: slug,
  score: 1,
  matchedBy: ["test"],
})

describe("retrievalStage", () => {
  it("reports the concepts with what matched them and the rule ids", async () => {
    const run = testRun()
    const rules = candidateRules(run, [concept("syn-prag")])
    const { events, outcome } = await runStage(retrievalStage(run, [concept("syn-prag")], rules))
    expect(events[1]).toMatchObject({
      data: {
        rulesRetrieved: 2,
        ruleIds: ["syn.prag.2023", "syn.prag.2024"],
        concepts: [{ slug: "syn-prag", matchedBy: ["test"] }],
      },
    })
    expect(outcome.ok).toBe(true)
  })

  it("refuses when there is nothing to retrieve", async () => {
    const { outcome } = await runStage(retrievalStage(testRun(), [concept("syn-nacrt")], []))
    expect(outcome).toMatchObject({ ok: false, terminal: { reason: "NO_CITABLE_RULES" } })
  })
})
