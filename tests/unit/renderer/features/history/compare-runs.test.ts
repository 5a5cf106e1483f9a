import { describe, expect, test } from "vitest"
import { citationLines, compareRuns, type RunParts } from "../../../../../src-renderer/features/history/compare-runs"

// Two runs side by side: a part differs when its lines do, and lines on one side only are marked.

function parts(patch: Partial<RunParts>): RunParts {
  return {
    question: ["Q"], client: [], asOf: ["1. 7. 2025."], outcome: ["Odgovor"], headline: ["H"], values: [],
    obligations: [], citations: [], confidence: ["76 %"], pack: ["hr-core 2.0.8"], ...patch,
  }
}

describe("compareRuns", () => {
  test("marks the parts that differ and the lines found on one side only", () => {
    const rows = compareRuns(
      parts({ citations: ["A — Informator", "B — NN"], asOf: ["1. 7. 2025."] }),
      parts({ citations: ["A — Informator"], asOf: ["1. 1. 2024."] }),
    )
    const byPart = new Map(rows.map((row) => [row.part, row]))
    expect(byPart.get("question")?.differs).toBe(false)
    expect(byPart.get("asOf")?.differs).toBe(true)
    expect(byPart.get("citations")?.first).toEqual([
      { line: "A — Informator", onlyHere: false },
      { line: "B — NN", onlyHere: true },
    ])
    expect(byPart.get("citations")?.second).toEqual([{ line: "A — Informator", onlyHere: false }])
    expect(rows.filter((row) => row.differs).map((row) => row.part)).toEqual(["asOf", "citations"])
  })
})

describe("citationLines", () => {
  const cite = (evidenceId: string, quote: string) => ({
    evidenceId, ruleId: `rule-${quote.length}`, role: "primary" as const, title: "Izlazak i ulazak u sustav PDV-a", sourceName: "Informator",
    authority: "PRACTICE" as const, url: "https://example.test/a", quote, fetchedAt: "2026-11-24T10:00:00.000Z",
  })

  test("the same passage cited for two rules is one line; two passages of one article are two, told apart by their quotes", () => {
    const lines = citationLines([cite("ev1", "prag je 60.000 eura"), cite("ev1", "prag je 60.000 eura"), cite("ev1", "rok je 15. siječnja")], "hr")
    expect(lines).toEqual([
      "Izlazak i ulazak u sustav PDV-a — Informator: „prag je 60.000 eura”",
      "Izlazak i ulazak u sustav PDV-a — Informator: „rok je 15. siječnja”",
    ])
    expect(citationLines([cite("ev1", " q ")], "en")).toEqual(["Izlazak i ulazak u sustav PDV-a — Informator: “q”"])
  })

  test("a citation shared by both runs is not marked as found on one side only", () => {
    const shared = citationLines([cite("ev1", "q1"), cite("ev1", "q1")], "hr")
    const rows = compareRuns(parts({ citations: shared }), parts({ citations: citationLines([cite("ev1", "q1")], "hr") }))
    expect(rows.find((row) => row.part === "citations")).toMatchObject({ differs: false, first: [{ onlyHere: false }], second: [{ onlyHere: false }] })
  })
})
