import { describe, expect, test } from "vitest"
import { compareRuns, type RunParts } from "../../../../../src-renderer/features/history/compare-runs"

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
