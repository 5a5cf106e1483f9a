import { readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import type { ProfileContext } from "../../../src-shared/context"
import type { ReasoningEvent } from "../../../src-shared/events/event"
import { goldenEvents } from "./golden-run"

// Golden questions against the real Croatian pack (tests/golden/questions.json): compact
// expectations (outcome, matched concepts, eligible rules, cited evidence, key values) rather
// than whole event dumps, so that copy changes do not break them but wrong answers do.

interface GoldenCase {
  name: string
  question: string
  asOf?: string
  profile?: ProfileContext
  clarify?: string[]
  expect: {
    outcome: string
    reason?: string
    clarificationReason?: string
    concepts?: string[]
    eligible?: string[]
    cited?: string[]
    branches?: string[][]
    requiredFields?: string[]
    keyValues?: string[]
  }
}

const here = dirname(fileURLToPath(import.meta.url))
const cases: GoldenCase[] = JSON.parse(
  readFileSync(join(here, "..", "..", "golden", "questions.json"), "utf8"),
)

const run = (c: GoldenCase) => goldenEvents(c, "2025-06-01T10:00:00.000Z")

describe("golden questions (real pack)", () => {
  it("has at least 30 cases in both languages, covering every kind of outcome", () => {
    expect(cases.length).toBeGreaterThanOrEqual(30)
    const outcomes = new Set(cases.map((c) => c.expect.outcome))
    for (const outcome of ["ANSWER", "QUALIFIED_ANSWER", "CONDITIONAL_ANSWER", "REFUSAL", "AWAITING_INPUT"])
      expect(outcomes).toContain(outcome)
    expect(
      new Set(cases.flatMap((c) => (c.expect.reason ? [c.expect.reason] : [])).values()).size,
    ).toBeGreaterThanOrEqual(6)
    expect(cases.some((c) => /^(What|When|Does|Is)\b/.test(c.question))).toBe(true)
  })

  for (const c of cases) {
    it(`${c.name}: ${c.question}`, async () => {
      const events = await run(c)
      const last = events[events.length - 1]
      if (!last) throw new Error("no events")
      const find = <S extends ReasoningEvent["stage"]>(stage: S) =>
        events.find((e) => e.stage === stage && e.status === "complete")
      const retrieval = find("RETRIEVAL")
      const applicability = find("APPLICABILITY")
      const outcome = last.status === "awaiting_input" ? "AWAITING_INPUT" : last.stage
      expect(outcome).toBe(c.expect.outcome)
      if (last.stage === "CLARIFICATION" && last.status === "awaiting_input")
        expect(last.data.reason).toBe(c.expect.clarificationReason)
      if (c.expect.concepts)
        expect(
          retrieval?.stage === "RETRIEVAL" &&
            retrieval.status === "complete" &&
            retrieval.data.concepts.map((x) => x.slug),
        ).toEqual(c.expect.concepts)
      if (c.expect.eligible)
        expect(
          applicability?.stage === "APPLICABILITY" &&
            applicability.status === "complete" &&
            applicability.data.eligibleRuleIds,
        ).toEqual(c.expect.eligible)
      if (last.stage === "REFUSAL") {
        expect(last.data.reason).toBe(c.expect.reason)
        if (c.expect.requiredFields) expect(last.data.requiredFields).toEqual(c.expect.requiredFields)
      }
      if (
        last.stage === "ANSWER" ||
        last.stage === "QUALIFIED_ANSWER" ||
        last.stage === "CONDITIONAL_ANSWER"
      ) {
        expect(last.data.citations.map((x) => x.evidenceId)).toEqual(c.expect.cited)
        const text = [last.data.headline, last.data.answerHr, last.data.answerEn ?? ""].join(" ")
        for (const value of c.expect.keyValues ?? []) expect(text).toContain(value)
        if (last.stage === "CONDITIONAL_ANSWER")
          expect(last.data.branches.map((b) => b.ruleIds)).toEqual(c.expect.branches)
      }
    })
  }
})
