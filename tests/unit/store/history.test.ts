import { beforeAll, describe, expect, test } from "vitest"
import type { TraceSummary } from "../../../src-shared/traces"
import { BadCursorError, toFtsQuery } from "../../../src-main/store/history"
import type { RunService } from "../../../src-main/runs/run-service"
import { openStore } from "../../../src-main/store/store"
import { tempDbPath } from "./fixtures"
import { AS_OF, CLEAR_QUESTION, realService } from "./engine-fixtures"

// A small history made by the real engine on a clock that moves a minute per reading, so that
// runs fall on different days.

const QUESTIONS = [
  CLEAR_QUESTION,
  "Kolika je opća stopa PDV-a?",
  "asdf qwer zxcv",
  "Koji je rok za predaju prijave poreza na dobit?",
  "What is the VAT registration threshold?",
]

let service: RunService
let all: TraceSummary[]
let clientId: string

beforeAll(async () => {
  let tick = Date.parse("2025-01-01T08:00:00Z")
  const clock = () => new Date((tick += 6 * 60 * 60 * 1000))
  const store = openStore({ path: tempDbPath(), clock })
  service = realService(store)
  clientId = service.clients.save({ name: "Tvrtka d.o.o.", context: { entity: { type: "DOO", vat: { status: "IN_VAT" }, location: { country: "HR" } } } }).id
  for (let i = 0; i < 25; i++) {
    const question = QUESTIONS[i % QUESTIONS.length] ?? CLEAR_QUESTION
    await service.ask({ question, asOfDate: AS_OF, ...(i % 4 === 0 ? { clientId } : {}) })
  }
  const base = await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
  await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF }, { counterfactualOf: base.requestId })
  all = service.list({ limit: 200 }).items
  return () => store.close()
})

describe("history list", () => {
  test("lists the newest first and leaves hypothetical runs out unless asked", () => {
    expect(all).toHaveLength(26)
    const created = all.map((t) => t.createdAt)
    expect(created).toEqual([...created].sort().reverse())
    expect(all.every((t) => t.counterfactualOf === null)).toBe(true)
    expect(service.list({ limit: 200, includeHypothetical: true }).items).toHaveLength(27)
  })

  test("keyset pages walk the whole history once, in order", () => {
    const seen: string[] = []
    let cursor: string | undefined
    for (let page = 0; page < 10; page++) {
      const result = service.list({ limit: 7, ...(cursor === undefined ? {} : { cursor }) })
      seen.push(...result.items.map((t) => t.requestId))
      if (result.nextCursor === null) break
      cursor = result.nextCursor
    }
    expect(seen).toEqual(all.map((t) => t.requestId))
  })

  test("filters by outcome, risk tier, domain, client, status and date range", () => {
    const refusals = service.list({ outcome: "REFUSAL", limit: 200 }).items
    expect(refusals.length).toBeGreaterThan(0)
    expect(refusals.map((t) => t.requestId)).toEqual(all.filter((t) => t.outcome === "REFUSAL").map((t) => t.requestId))

    const tier = all.find((t) => t.riskTier !== null)?.riskTier
    if (tier === undefined || tier === null) throw new Error("no tiered trace")
    expect(service.list({ riskTier: tier, limit: 200 }).items.map((t) => t.requestId)).toEqual(all.filter((t) => t.riskTier === tier).map((t) => t.requestId))
    expect(service.list({ domain: "TAX", limit: 200 }).items.map((t) => t.requestId)).toEqual(all.filter((t) => t.domain === "TAX").map((t) => t.requestId))

    const forClient = service.list({ clientId, limit: 200 }).items
    expect(forClient).toHaveLength(7)
    expect(forClient.every((t) => t.clientId === clientId)).toBe(true)
    const complete = service.list({ status: "complete", limit: 200 }).items
    expect(complete.length).toBeGreaterThan(0)
    expect(complete.map((t) => t.requestId)).toEqual(all.filter((t) => t.status === "complete").map((t) => t.requestId))

    const middle = all[12]?.createdAt.slice(0, 10) ?? ""
    const dayAfter = new Date(Date.parse(`${middle}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
    const twoDays = service.list({ since: middle, until: dayAfter, limit: 200 }).items
    const expected = all.filter((t) => t.createdAt.slice(0, 10) === middle || t.createdAt.slice(0, 10) === dayAfter)
    expect(twoDays.length).toBeGreaterThan(0)
    expect(twoDays.length).toBeLessThan(all.length)
    expect(twoDays.map((t) => t.requestId)).toEqual(expected.map((t) => t.requestId))
  })

  test("full-text search finds question and answer words, with or without diacritics", () => {
    const found = service.list({ search: "opca stopa", limit: 200 }).items
    const asked = all.filter((t) => t.question.includes("opća stopa")).map((t) => t.requestId)
    expect(asked).toHaveLength(5)
    expect(found.map((t) => t.requestId)).toEqual(expect.arrayContaining(asked))
    for (const trace of found) {
      const terminal = service.get(trace.requestId)?.events.at(-1)
      const text = `${trace.question} ${JSON.stringify(terminal)}`.toLowerCase()
      expect(text).toContain("stop")
    }
    // A word that only the answers contain: the refusal text of the gibberish question.
    const refusal = service.get(all.find((t) => t.outcome === "REFUSAL")?.requestId ?? "")
    const terminal = refusal?.events.at(-1)
    if (terminal?.stage !== "REFUSAL") throw new Error("no refusal")
    const answerWord = terminal.data.message.split(/\s+/).find((w) => w.length > 5) ?? ""
    expect(service.list({ search: answerWord, limit: 200 }).items.map((t) => t.outcome)).toContain("REFUSAL")
    expect(service.list({ search: "zzznothing", limit: 200 }).items).toEqual([])
    // Operators and quotes are taken literally, never as FTS syntax errors.
    expect(() => service.list({ search: 'PDV" OR NEAR(x' })).not.toThrow()
    expect(toFtsQuery('  "" ')).toBeNull()
  })

  test("search matches word beginnings, so inflected Croatian forms are found, and pages through all matches", () => {
    // "stopa" in the questions: "stop" (the stem the user typed) reaches it and its other forms.
    const byStem = service.list({ search: "stop", limit: 200 }).items.map((t) => t.requestId)
    expect(byStem).toEqual(expect.arrayContaining(all.filter((t) => t.question.includes("stopa")).map((t) => t.requestId)))
    expect(toFtsQuery("Fiskalizacija PDV-a 65.000 €")).toBe('"Fiskal"* "PDV"* "65"* "000"*')
    const seen: string[] = []
    let cursor: string | undefined
    for (let page = 0; page < 20; page++) {
      const result = service.list({ search: "pdv", limit: 3, ...(cursor === undefined ? {} : { cursor }) })
      seen.push(...result.items.map((t) => t.requestId))
      if (result.nextCursor === null) break
      cursor = result.nextCursor
    }
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen.sort()).toEqual(service.list({ search: "pdv", limit: 200 }).items.map((t) => t.requestId).sort())
    expect(seen.length).toBeGreaterThan(3)
  })

  test("a damaged cursor is refused", () => {
    expect(() => service.list({ cursor: "not-a-cursor" })).toThrow(BadCursorError)
  })
})

describe("stats", () => {
  test("counts outcomes by tier, confidences, refusal reasons and TTFUS percentiles over the history", () => {
    const stats = service.stats()
    expect(stats.total).toBe(26)
    expect(stats.outcomeByTier.reduce((sum, row) => sum + row.count, 0)).toBe(26)
    for (const row of stats.outcomeByTier)
      expect(row.count).toBe(all.filter((t) => t.riskTier === row.riskTier && t.outcome === row.outcome).length)
    expect(stats.confidenceHistogram).toHaveLength(10)
    expect(stats.confidenceHistogram.reduce((sum, b) => sum + b.count, 0)).toBe(all.filter((t) => t.confidence !== null).length)
    const refusals = all.filter((t) => t.outcome === "REFUSAL")
    expect(stats.refusalReasons.reduce((sum, r) => sum + r.count, 0)).toBe(refusals.length)
    const ttfus = all.map((t) => t.ttfusMs).filter((v): v is number => v !== null).sort((a, b) => a - b)
    expect(ttfus.length).toBeGreaterThan(0)
    expect(stats.ttfusPercentiles.p50).toBe(ttfus[Math.ceil(0.5 * ttfus.length) - 1])
    expect(stats.ttfusPercentiles.p99).toBe(ttfus.at(-1))
  })
})
