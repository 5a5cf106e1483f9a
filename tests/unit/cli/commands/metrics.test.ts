import { describe, expect, test } from "vitest"
import Papa from "papaparse"
import type { CliIo } from "../../../../src-main/cli/io"
import { main, processIo } from "../../../../src-main/cli/main"
import { DashboardMetrics } from "../../../../src-shared/metrics"
import { openStore } from "../../../../src-main/store/store"
import { AS_OF, CLEAR_QUESTION, realService, VAGUE_QUESTION } from "../../store/engine-fixtures"
import { tempDbPath } from "../../store/fixtures"

// `fiskai metrics` through the CLI entry point, on a database the real engine wrote (so the
// dashboard's SQL reads the events as the engine stores them), on a pinned clock.

const ASKED_AT = "2026-03-09T09:00:00.000Z"
const NOW = new Date("2026-03-10T12:00:00.000Z")

async function cli(...argv: string[]) {
  let out = ""
  let err = ""
  const io: CliIo = {
    ...processIo(),
    stdout: { write: (t: string) => (out += t) },
    stderr: { write: (t: string) => (err += t) },
    stdin: { isTTY: false },
    clock: () => NOW,
  }
  const code = await main(argv, io)
  return { code, out, err }
}

async function askedDatabase(): Promise<string> {
  const db = tempDbPath()
  const store = openStore({ path: db, clock: () => new Date(ASKED_AT) })
  const service = realService(store)
  await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
  await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
  await service.ask({ question: VAGUE_QUESTION, asOfDate: AS_OF })
  store.close()
  return db
}

describe("fiskai metrics", () => {
  test("--json: the engine's runs counted, their answers witnessed and timed by stage", async () => {
    const db = await askedDatabase()
    const { code, out } = await cli("metrics", "--days", "7", "--json", "--db", db)
    expect(code).toBe(0)
    const m = DashboardMetrics.parse(JSON.parse(out))
    expect(m.period.since).toBe("2026-03-04")
    // Two answered runs; the vague question waits for its clarification.
    expect(m.totals.runs).toBe(2)
    expect(m.rates.clarification).toEqual({ numerator: 1, denominator: 3, rate: 1 / 3 })
    expect(m.rates.temporal.denominator).toBe(m.totals.byOutcome.ANSWER + m.totals.byOutcome.QUALIFIED_ANSWER + m.totals.byOutcome.CONDITIONAL_ANSWER)
    expect(m.rates.temporal.rate).toBe(m.rates.temporal.denominator === 0 ? null : 1)
    const intake = m.timings.find((t) => t.stage === "QUESTION_INTAKE")
    expect(intake?.ms.count).toBe(3)
  })

  test("--csv: one figure per row under a header", async () => {
    const db = await askedDatabase()
    const { code, out } = await cli("metrics", "--days", "7", "--bucket", "week", "--csv", "--db", db)
    expect(code).toBe(0)
    const parsed = Papa.parse<string[]>(out.trim())
    expect(parsed.data[0]).toEqual(["section", "bucket", "key", "value", "numerator", "denominator"])
    expect(parsed.data).toContainEqual(["rates", "", "clarification", String(1 / 3), "1", "3"])
  })

  test("text: the shares with their counts", async () => {
    const db = await askedDatabase()
    const { code, out } = await cli("metrics", "--days", "30", "--db", db)
    expect(code).toBe(0)
    expect(out).toContain("period: 2026-02-09 to 2026-03-10 (30 days, by day)")
    expect(out).toMatch(/clarification: +33\.3 % \(1 of 3\)/)
  })

  test("bad usage says what is wrong and exits 2", async () => {
    const wrongDays = await cli("metrics", "--days", "14")
    expect(wrongDays.code).toBe(2)
    expect(wrongDays.err).toContain("--days must be 7, 30 or 90")
    const both = await cli("metrics", "--json", "--csv")
    expect(both.code).toBe(2)
    expect(both.err).toContain("cannot be used together")
  })
})
