import { describe, expect, it } from "vitest"
import type { EvaluationContext } from "../../../src-shared/context"
import {
  effectiveOperator,
  evaluateAppliesWhen,
  evaluatePredicate,
  predicateLeaves,
  supportingLeaves,
} from "../../../src-main/knowledge/applies-when"
import type { Predicate } from "../../../src-main/knowledge/pack-schema"

const context: EvaluationContext = {
  asOf: "2025-06-01",
  entity: {
    type: "OBRT",
    obrtSubtype: "PAUSALNI",
    vat: { status: "OUTSIDE_VAT" },
    location: { country: "HR", county: "Split" },
  },
  counters: { revenueYtd: 65000 },
  txn: { b2b: true },
}

const holds = (p: Predicate) => evaluateAppliesWhen(p, context).outcome

describe("appliesWhen operators", () => {
  it("eq / neq compare strings, numbers and booleans exactly", () => {
    expect(holds({ eq: ["entity.type", "OBRT"] })).toBe(true)
    expect(holds({ eq: ["entity.type", "DOO"] })).toBe(false)
    expect(holds({ eq: ["txn.b2b", true] })).toBe(true)
    expect(holds({ eq: ["counters.revenueYtd", 65000] })).toBe(true)
    expect(holds({ neq: ["entity.type", "DOO"] })).toBe(true)
    expect(holds({ neq: ["entity.type", "OBRT"] })).toBe(false)
  })

  it("lt / lte / gt / gte on numbers, including the boundary", () => {
    expect(holds({ lt: ["counters.revenueYtd", 65000] })).toBe(false)
    expect(holds({ lte: ["counters.revenueYtd", 65000] })).toBe(true)
    expect(holds({ gt: ["counters.revenueYtd", 65000] })).toBe(false)
    expect(holds({ gte: ["counters.revenueYtd", 65000] })).toBe(true)
    expect(holds({ gt: ["counters.revenueYtd", 60000] })).toBe(true)
    expect(holds({ lte: ["counters.revenueYtd", 60000] })).toBe(false)
  })

  it("orders ISO dates and never compares a number with a date", () => {
    expect(holds({ gte: ["asOf", "2025-01-01"] })).toBe(true)
    expect(holds({ lt: ["asOf", "2025-06-01"] })).toBe(false)
    expect(holds({ lt: ["counters.revenueYtd", "2025-01-01"] })).toBe(false)
  })

  it("in checks membership; exists checks presence", () => {
    expect(holds({ in: ["entity.type", ["DOO", "OBRT"]] })).toBe(true)
    expect(holds({ in: ["entity.type", ["DOO", "JDOO"]] })).toBe(false)
    expect(holds({ exists: "entity.obrtSubtype" })).toBe(true)
    expect(holds({ exists: "counters.revenuePriorYear" })).toBe(false)
  })
})

describe("missing facts (three-valued logic)", () => {
  it("a comparison on an absent fact is unknown, and not() keeps it unknown", () => {
    expect(holds({ lte: ["counters.revenuePriorYear", 1] })).toBe("unknown")
    expect(holds({ not: { eq: ["txn.kind", "GOODS"] } })).toBe("unknown")
  })

  it("and/or: a decisive child wins over an unknown one", () => {
    expect(holds({ and: [{ eq: ["entity.type", "DOO"] }, { eq: ["txn.kind", "GOODS"] }] })).toBe(false)
    expect(holds({ and: [{ eq: ["entity.type", "OBRT"] }, { eq: ["txn.kind", "GOODS"] }] })).toBe("unknown")
    expect(holds({ or: [{ eq: ["entity.type", "OBRT"] }, { eq: ["txn.kind", "GOODS"] }] })).toBe(true)
    expect(holds({ or: [{ eq: ["entity.type", "DOO"] }, { eq: ["txn.kind", "GOODS"] }] })).toBe("unknown")
  })
})

describe("explanations", () => {
  it("names the leaf that made a conjunction false", () => {
    const result = evaluateAppliesWhen(
      {
        and: [
          { eq: ["entity.type", "OBRT"] },
          { lte: ["counters.revenueYtd", 60000] },
          { eq: ["txn.b2b", true] },
        ],
      },
      context,
    )
    expect(result.outcome).toBe(false)
    expect(result.deciding?.leaf).toMatchObject({
      path: "counters.revenueYtd",
      operator: "lte",
      operand: 60000,
      actual: 65000,
    })
    expect(result.deciding?.negated).toBe(false)
  })

  it("under not(), the deciding leaf is the one that held, marked negated", () => {
    const result = evaluateAppliesWhen({ not: { eq: ["entity.type", "OBRT"] } }, context)
    expect(result.outcome).toBe(false)
    expect(result.deciding).toMatchObject({ leaf: { path: "entity.type", outcome: true }, negated: true })
    expect(effectiveOperator("eq", true)).toBe("neq")
    expect(effectiveOperator("lte", true)).toBe("gt")
  })

  it("a nested or that fails explains with its first child; an unknown names the missing fact", () => {
    const failed = evaluateAppliesWhen(
      { and: [{ or: [{ eq: ["entity.type", "DOO"] }, { eq: ["entity.type", "JDOO"] }] }] },
      context,
    )
    expect(failed.deciding?.leaf).toMatchObject({ path: "entity.type", operand: "DOO" })
    const unknown = evaluateAppliesWhen(
      { and: [{ eq: ["entity.type", "OBRT"] }, { gt: ["txn.amount", 10] }] },
      context,
    )
    expect(unknown).toMatchObject({
      outcome: "unknown",
      deciding: { leaf: { path: "txn.amount", actual: undefined } },
    })
  })

  it("records every leaf read, even after the outcome is decided (what-if drivers need them)", () => {
    const result = evaluateAppliesWhen(
      { and: [{ eq: ["entity.type", "DOO"] }, { gt: ["counters.revenueYtd", 1] }, { exists: "txn.kind" }] },
      context,
    )
    expect(result.leaves.map((l) => l.path)).toEqual(["entity.type", "counters.revenueYtd", "txn.kind"])
  })

  it("a true predicate carries no deciding leaf", () => {
    expect(evaluateAppliesWhen({ eq: ["entity.type", "OBRT"] }, context).deciding).toBeUndefined()
  })

  it("evaluatePredicate works on any fact lookup", () => {
    expect(evaluatePredicate({ gt: ["counters.revenueYtd", 5] }, () => 6).outcome).toBe(true)
  })

  it("predicateLeaves lists the comparisons of a predicate without a context", () => {
    expect(
      predicateLeaves({
        and: [
          { not: { eq: ["entity.type", "DOO"] } },
          { or: [{ in: ["txn.kind", ["GOODS"]] }, { exists: "txn.amount" }] },
        ],
      }),
    ).toEqual([
      { path: "entity.type", operator: "eq", operand: "DOO" },
      { path: "txn.kind", operator: "in", operand: ["GOODS"] },
      { path: "txn.amount", operator: "exists", operand: null },
    ])
  })
})

describe("support: the leaves a true outcome rests on", () => {
  const context: EvaluationContext = {
    asOf: "2025-06-01",
    entity: { type: "DOO" },
    counters: { revenueYtd: 500_000 },
  }
  const shown = (predicate: Predicate) =>
    supportingLeaves(predicate, context).map(({ leaf, negated }) => `${negated ? "not " : ""}${leaf.path} ${leaf.operator}`)

  it("names every condition of an and, and only the deciding branch of an or", () => {
    const predicate: Predicate = {
      and: [
        { or: [{ eq: ["entity.obrtSubtype", "DOBITAS"] }, { neq: ["entity.type", "OBRT"] }, { not: { exists: "entity.obrtSubtype" } }] },
        { lt: ["counters.revenueYtd", 1_000_000] },
      ],
    }
    expect(shown(predicate)).toEqual(["entity.type neq", "counters.revenueYtd lt"])
  })

  it("keeps a not above a leaf, and names nothing for a false or unknown outcome", () => {
    expect(shown({ not: { gt: ["counters.revenueYtd", 1_000_000] } })).toEqual(["not counters.revenueYtd gt"])
    expect(shown({ gt: ["counters.revenueYtd", 1_000_000] })).toEqual([])
    expect(shown({ eq: ["entity.obrtSubtype", "PAUSALNI"] })).toEqual([])
  })
})
