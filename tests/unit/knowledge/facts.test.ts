import { describe, expect, it } from "vitest"
import {
  enumerableValues,
  factLabel,
  formatFactValue,
  readFact,
  sourceOfFact,
} from "../../../src-main/knowledge/facts"

describe("facts", () => {
  const context = {
    asOf: "2025-01-01",
    entity: { type: "DOO" as const, vat: { status: "IN_VAT" as const } },
    counters: { revenueYtd: 10 },
  }

  it("reads facts by path and returns undefined for absent ones", () => {
    expect(readFact(context, "entity.vat.status")).toBe("IN_VAT")
    expect(readFact(context, "counters.revenueYtd")).toBe(10)
    expect(readFact(context, "asOf")).toBe("2025-01-01")
    expect(readFact(context, "txn.amount")).toBeUndefined()
    expect(readFact(context, "entity")).toBeUndefined()
  })

  it("names facts and formats their values for people", () => {
    expect(factLabel("counters.revenueYtd", "hr")).toBe("Promet")
    expect(formatFactValue("entity.vat.status", "OUTSIDE_VAT", "hr")).toBe("izvan sustava PDV-a")
    expect(formatFactValue("counters.revenueYtd", 1500, "en")).toBe("EUR 1,500.00")
    expect(formatFactValue("query.year", 2025, "hr")).toBe("2025")
  })

  it("lists the values an enumerable fact can take (without UNKNOWN)", () => {
    expect(enumerableValues("entity.vat.status")).toEqual(["IN_VAT", "OUTSIDE_VAT"])
    expect(enumerableValues("txn.b2b")).toEqual([true, false])
    expect(enumerableValues("counters.revenueYtd")).toBeUndefined()
  })

  it("says where a fact came from, or would come from when missing", () => {
    expect(sourceOfFact("counters.revenueYtd", true, { "counters.revenueYtd": "query" })).toBe("query")
    expect(sourceOfFact("txn.amount", false, {})).toBe("user_profile")
    expect(sourceOfFact("query.item", false, {})).toBe("query")
  })
})
