import { describe, expect, it } from "vitest"
import { candidateRules, sourcesStage } from "../../../../src-main/engine/stages/sources"
import type { ConceptMatch } from "../../../../src-shared/events/payloads"
import { runStage, stagesOf, testRun } from "../helpers"

const concept = (slug: string): ConceptMatch => ({
  slug,
  nameHr: slug,
  nameEn: slug,
  score: 1,
  matchedBy: ["test"],
})

describe("sourcesStage", () => {
  it("streams one progress event per source, highest authority first, with counts", async () => {
    const { events, outcome } = await runStage(
      sourcesStage(testRun(), [concept("syn-prag"), concept("syn-stopa")]),
    )
    expect(stagesOf(events)).toEqual([
      "SOURCES:started",
      "SOURCES:progress",
      "SOURCES:progress",
      "SOURCES:progress",
      "SOURCES:progress",
      "SOURCES:complete",
    ])
    expect(events[0]).toMatchObject({
      data: { provider: "local-rule-pack", total: 4 },
      progress: { current: 0, total: 4 },
    })
    expect(events.slice(1, 5).map((e) => e.progress)).toEqual(
      [1, 2, 3, 4].map((current) => ({ current, total: 4 })),
    )
    const complete = events[5]
    expect(
      complete?.stage === "SOURCES" &&
        complete.status === "complete" &&
        complete.data.sources.map((s) => [s.id, s.evidenceCount]),
    ).toEqual([
      ["s-law", 1],
      ["s-guide", 2],
      ["s-prac-a", 1],
      ["s-prac-b", 1],
    ])
    expect(outcome.ok && outcome.value.rules.map((r) => r.id)).toEqual([
      "syn.prag.2023",
      "syn.prag.2024",
      "syn.stopa.praksa",
      "syn.stopa.zakon",
    ])
  })

  it("refuses NO_CITABLE_RULES when the concepts have no published rules", async () => {
    const { events, outcome } = await runStage(sourcesStage(testRun(), [concept("syn-nacrt")]))
    expect(stagesOf(events)).toEqual(["SOURCES:started", "SOURCES:complete"])
    expect(outcome).toMatchObject({ ok: false, terminal: { reason: "NO_CITABLE_RULES" } })
  })

  it("lists each published rule once even when two concepts share it", () => {
    expect(candidateRules(testRun(), [concept("syn-prag"), concept("syn-prag")]).map((r) => r.id)).toEqual([
      "syn.prag.2023",
      "syn.prag.2024",
    ])
  })
})
