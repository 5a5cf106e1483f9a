import { readdirSync, readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import type { ProfileContext } from "../../../src-shared/context"
import { interpretQuestion } from "../../../src-main/engine/interpret"
import { ruleAttribute } from "../../../src-main/knowledge/focus-index"
import { quoteStatesValue } from "../../../src-main/knowledge/quote-value"
import { packIndex } from "../../../src-main/knowledge/pack-index"
import { realPack } from "../../fixtures/packs"
import { goldenEvents } from "./golden-run"

// Golden questions of pack 2.0 (tests/golden/*.json except the older questions.json), written
// from the research notes: every answer is checked for its primary concept, the attribute its
// primary rule answers and the value its headline states; every near miss must refuse or ask.

interface FocusCase {
  name: string
  question: string
  asOf?: string
  profile?: ProfileContext
  clarify?: string[]
  expect: {
    outcome: "ANSWER" | "QUALIFIED_ANSWER" | "CONDITIONAL_ANSWER" | "NOT_ANSWER"
    primaryConcept?: string
    attribute?: string
    headlineValue?: string
    primaryRule?: string
  }
}

const folder = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "golden")
const cases: FocusCase[] = readdirSync(folder)
  .filter((name) => name.endsWith(".json") && name !== "questions.json")
  .sort()
  .flatMap((name) => JSON.parse(readFileSync(join(folder, name), "utf8")) as FocusCase[])

const run = (c: FocusCase) => goldenEvents(c, "2026-11-25T10:00:00.000Z")

describe("golden questions of pack 2.0 (real pack)", () => {
  it("has at least 150 cases in both languages, at least 40 of them near misses", () => {
    expect(cases.length).toBeGreaterThanOrEqual(150)
    expect(cases.filter((c) => c.expect.outcome === "NOT_ANSWER").length).toBeGreaterThanOrEqual(40)
    const languages = new Set(cases.map((c) => interpretQuestion(c.question).language))
    expect(languages).toEqual(new Set(["hr", "en"]))
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length)
  })

  for (const c of cases) {
    it(`${c.name}: ${c.question}`, async () => {
      const events = await run(c)
      const last = events[events.length - 1]
      if (!last) throw new Error("no events")
      const outcome = last.status === "awaiting_input" ? "AWAITING_INPUT" : last.stage
      if (c.expect.outcome === "NOT_ANSWER") {
        expect(["REFUSAL", "AWAITING_INPUT"], `${outcome}: ${last.message}`).toContain(outcome)
        return
      }
      expect(outcome, last.message).toBe(c.expect.outcome)
      if (last.stage !== "ANSWER" && last.stage !== "QUALIFIED_ANSWER" && last.stage !== "CONDITIONAL_ANSWER") return
      const rule = last.data.primaryRuleId ? packIndex(realPack()).rules.get(last.data.primaryRuleId) : undefined
      if (c.expect.primaryRule) expect(rule?.id).toBe(c.expect.primaryRule)
      if (c.expect.primaryConcept) expect(rule?.conceptSlug).toBe(c.expect.primaryConcept)
      if (c.expect.attribute && rule) expect(ruleAttribute(rule)).toBe(c.expect.attribute)
      if (c.expect.headlineValue) expect(last.data.headline).toContain(c.expect.headlineValue)
      // The primary citation's quote states the value the answer rests on (issue 18, E4).
      const primaryQuote = last.data.citations[0]?.quote
      if (rule && primaryQuote !== undefined) expect(quoteStatesValue(primaryQuote, rule.value), primaryQuote).not.toBe(false)
    })
  }
})
