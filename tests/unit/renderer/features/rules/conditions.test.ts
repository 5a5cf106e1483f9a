import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import {
  conditionProblems,
  emptyGroup,
  emptyRow,
  fromPredicate,
  replaceNode,
  toPredicate,
  type ConditionGroup,
  type ConditionRow,
} from "../../../../../src-renderer/features/rules/conditions"

// The structured appliesWhen editor's model: every condition of the shipped pack survives the
// round trip through the rows unchanged, and what an author can get wrong in a row is named.

const pack = JSON.parse(readFileSync("resources/packs/hr-core.json", "utf8")) as {
  rules: { id: string; appliesWhen?: unknown }[]
}

function row(change: Partial<ConditionRow>): ConditionRow {
  return { ...emptyRow(), ...change }
}

function rootOf(...children: ConditionRow[]): ConditionGroup {
  return { ...emptyGroup(), children }
}

describe("conditions", () => {
  it("every appliesWhen of the shipped pack comes back from the rows as it was", () => {
    const withConditions = pack.rules.filter((r) => r.appliesWhen !== undefined)
    expect(withConditions.length).toBeGreaterThan(20)
    for (const rule of withConditions) {
      const tree = fromPredicate(rule.appliesWhen)
      expect(conditionProblems(tree), rule.id).toEqual(new Map())
      expect(toPredicate(tree), rule.id).toEqual(rule.appliesWhen)
    }
  })

  it("a rule without conditions has an empty group and writes none", () => {
    expect(toPredicate(fromPredicate(undefined))).toBeUndefined()
  })

  it("names the problem of each row: fact path, value, number, date, operator on text, empty group", () => {
    const rows = [
      row({ fact: "revenue", value: "1" }),
      row({ fact: "counters.revenueYtd", op: "gt", valueType: "number", value: "40.000,00" }),
      row({ fact: "asOf", op: "gte", valueType: "date", value: "2025-02-30" }),
      row({ fact: "entity.type", op: "lt", valueType: "text", value: "OBRT" }),
      row({ fact: "entity.type", value: " " }),
      row({ fact: "entity.vat.status", op: "exists" }),
    ]
    const nested = { ...emptyGroup("any"), key: "g" }
    const problems = conditionProblems({ ...rootOf(...rows), children: [...rows, nested] })
    expect(rows.map((r) => problems.get(r.key) ?? null)).toEqual([
      "fact",
      "number",
      "date",
      "operator-type",
      "value-empty",
      null,
    ])
    expect(problems.get("g")).toBe("group-empty")
  })

  it("writes typed literals: numbers, yes/no, lists, and a negated group", () => {
    const a = row({ fact: "counters.revenueYtd", op: "lte", valueType: "number", value: "60000" })
    const b = row({ fact: "entity.type", op: "in", value: "OBRT, DOO" })
    const c = row({ fact: "entity.vat.registered", valueType: "boolean", value: "false" })
    const group: ConditionGroup = { ...emptyGroup("any"), negate: true, children: [b, c] }
    expect(toPredicate({ ...emptyGroup(), children: [a, group] })).toEqual({
      and: [
        { lte: ["counters.revenueYtd", 60000] },
        { not: { or: [{ in: ["entity.type", ["OBRT", "DOO"]] }, { eq: ["entity.vat.registered", false] }] } },
      ],
    })
    expect(toPredicate(replaceNode({ ...emptyGroup(), children: [a, group] }, group.key, null))).toEqual({
      lte: ["counters.revenueYtd", 60000],
    })
  })
})
