import { describe, expect, it } from "vitest"
import type { ProfileContext } from "../../../src-shared/context"
import type { ReasoningEvent } from "../../../src-shared/events/event"
import { goldenEvents, type GoldenRun } from "./golden-run"

// The corporate income tax rate for a craft that pays personal income tax (paušalni obrt, or an
// obrt taxed on its books): it is not liable to profit tax, so the answer says so and cites why,
// and never gives the 10 % or 18 % rate as the client's rate. A company, an obrt that pays profit
// tax, and a question without a profile keep the rates exactly as before.

const LIABILITY_RULE = "dobit.obveznik.obrt-dohodak"
const RATE_RULES_IN_FORCE = ["dobit.stopa.10", "dobit.stopa.18", "dobit.stopa.granica-10", "dobit.stopa.granica-18"]

const obrt = (obrtSubtype: "PAUSALNI" | "DOHODAS" | "DOBITAS", revenueYtd: number): ProfileContext => ({
  entity: {
    type: "OBRT",
    obrtSubtype,
    vat: { status: obrtSubtype === "PAUSALNI" ? "OUTSIDE_VAT" : "IN_VAT" },
    location: { country: "HR" },
  },
  counters: { revenueYtd },
})
const doo: ProfileContext = {
  entity: { type: "DOO", vat: { status: "IN_VAT" }, location: { country: "HR" } },
  counters: { revenueYtd: 500000 },
}

async function run(c: GoldenRun) {
  const events = await goldenEvents({ asOf: "2025-06-01", ...c }, "2026-11-25T10:00:00.000Z")
  const last = events[events.length - 1]
  if (!last) throw new Error("no events")
  const applicability = events.find(
    (e): e is Extract<ReasoningEvent, { stage: "APPLICABILITY"; status: "complete" }> =>
      e.stage === "APPLICABILITY" && e.status === "complete",
  )
  if (!applicability) throw new Error("no applicability")
  return { last, applicability: applicability.data }
}

function answer(last: ReasoningEvent) {
  if (last.stage !== "ANSWER" && last.stage !== "QUALIFIED_ANSWER" && last.stage !== "CONDITIONAL_ANSWER")
    throw new Error(`not an answer: ${last.stage} ${last.message}`)
  return last.data
}

describe("corporate income tax rate and a craft paying income tax", () => {
  for (const [name, question, subtype, locale] of [
    ["paušalni obrt, hr", "Koja je stopa poreza na dobit?", "PAUSALNI", "hr"],
    ["paušalni obrt, en", "What is the corporate income tax rate?", "PAUSALNI", "en"],
    ["obrt on its books (dohodaš), hr", "Koja je stopa poreza na dobit?", "DOHODAS", "hr"],
  ] as const) {
    it(`${name}: says the client is not liable to profit tax, cites it, and gives no rate`, async () => {
      const { last, applicability } = await run({ question, profile: obrt(subtype, 30000) })
      expect(last.stage, last.message).toBe("ANSWER")
      const data = answer(last)
      expect(data.primaryRuleId).toBe(LIABILITY_RULE)
      expect(applicability.eligibleRuleIds).toEqual([LIABILITY_RULE])
      expect(data.headline).toContain(locale === "hr" ? "nije obveznik poreza na dobit" : "not liable to corporate income tax")
      // No rate at all, let alone 10 % or 18 %, is offered as the client's rate.
      expect([data.headline, data.answerHr, data.answerEn ?? ""].join(" ")).not.toMatch(/\d\s?%/)
      expect(data.citations.map((c) => c.evidenceId)).toEqual([
        "ev-dashofer-dobit-obveznik-izjava",
        "ev-rrif-obrtnici-dohodak-dobit",
      ])
      // Every rate rule in force is excluded by the type of craft, which the exclusion names.
      const excluded = applicability.exclusions.filter((e) => RATE_RULES_IN_FORCE.includes(e.ruleId))
      expect(excluded.map((e) => e.ruleId).sort()).toEqual([...RATE_RULES_IN_FORCE].sort())
      for (const exclusion of excluded) {
        expect(exclusion.code).toBe("CONDITION_FALSE")
        expect(exclusion.factPath).toBe("entity.obrtSubtype")
        expect(exclusion.expected).toBe(locale === "hr" ? "= obrt – porez na dobit" : "= craft taxed on profit")
        expect(exclusion.userCanFix).toBe(true)
      }
    })
  }

  it("paušalni obrt named in the question (no profile): the same answer", async () => {
    const { last } = await run({ question: "Koja je stopa poreza na dobit za paušalni obrt?" })
    expect(last.stage, last.message).toBe("ANSWER")
    expect(answer(last).primaryRuleId).toBe(LIABILITY_RULE)
    expect(answer(last).headline).not.toMatch(/\d\s?%/)
  })

  it("a d.o.o. with revenue of EUR 500,000: 10 %", async () => {
    const { last, applicability } = await run({ question: "Koja je stopa poreza na dobit?", profile: doo })
    expect(last.stage, last.message).toBe("ANSWER")
    expect(applicability.eligibleRuleIds).toEqual(["dobit.stopa.10"])
    expect(answer(last).headline).toContain("10 %")
    const liability = applicability.exclusions.find((e) => e.ruleId === LIABILITY_RULE)
    expect(liability?.factPath).toBe("entity.type")
  })

  it("an obrt that pays profit tax (dobitaš): the rate by revenue, as for a company", async () => {
    const { last, applicability } = await run({ question: "Koja je stopa poreza na dobit?", profile: obrt("DOBITAS", 250000) })
    expect(last.stage, last.message).toBe("ANSWER")
    expect(applicability.eligibleRuleIds).toEqual(["dobit.stopa.10"])
    expect(answer(last).headline).toContain("10 %")
  })

  it("no profile: the conditional answer by revenue, unchanged", async () => {
    const { last, applicability } = await run({ question: "Koja je stopa poreza na dobit?" })
    expect(last.stage, last.message).toBe("CONDITIONAL_ANSWER")
    const data = answer(last)
    expect(applicability.eligibleRuleIds).toEqual([])
    if (last.stage !== "CONDITIONAL_ANSWER") throw new Error("unreachable")
    // The same branches as before (their order is the engine's presentation, not this rule's).
    expect(last.data.branches.map((b) => b.ruleIds.join(" + ")).sort()).toEqual([
      "dobit.stopa.10",
      "dobit.stopa.18",
      "dobit.stopa.granica-10 + dobit.stopa.granica-18",
    ])
    expect(data.citations.map((c) => c.evidenceId)).toEqual(["ev-pwc-dobit-stope", "ev-mibra-dobit-10", "ev-mibra-dobit-18"])
    // The rate rules still wait only for the revenue; the liability rule waits for the entity type.
    for (const exclusion of applicability.exclusions.filter((e) => RATE_RULES_IN_FORCE.includes(e.ruleId))) {
      expect(exclusion.code).toBe("MISSING_CONTEXT")
      expect(exclusion.factPath).toBe("counters.revenueYtd")
    }
    expect(applicability.exclusions.find((e) => e.ruleId === LIABILITY_RULE)?.factPath).toBe("entity.type")
  })
})
