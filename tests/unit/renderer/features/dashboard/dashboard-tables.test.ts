import { describe, expect, test } from "vitest"
import Papa from "papaparse"
import { tableCsv } from "../../../../../src-renderer/features/dashboard/csv-download"
import { outcomesTable, ratesTable } from "../../../../../src-renderer/features/dashboard/dashboard-tables"
import { translate } from "../../../../../src-renderer/i18n/translate"
import type { DashboardMetrics } from "../../../../../src-shared/metrics"

// The numbers behind the dashboard's charts, as the table toggle shows them and the CSV carries them.

const EMPTY_RATE = { numerator: 0, denominator: 0, rate: null }

const METRICS: DashboardMetrics = {
  period: { days: 7, bucket: "day", since: "2026-03-09", until: "2026-03-10", buckets: ["2026-03-09", "2026-03-10"] },
  totals: { runs: 4, byOutcome: { ANSWER: 2, QUALIFIED_ANSWER: 0, CONDITIONAL_ANSWER: 0, REFUSAL: 2, ERROR: 0 } },
  outcomes: [
    { bucket: "2026-03-09", riskTier: "T1", outcome: "ANSWER", count: 1 },
    { bucket: "2026-03-09", riskTier: "T2", outcome: "REFUSAL", count: 2 },
    { bucket: "2026-03-10", riskTier: "T1", outcome: "ANSWER", count: 1 },
  ],
  rates: { coverage: EMPTY_RATE, clarification: EMPTY_RATE, temporal: EMPTY_RATE, freshness: EMPTY_RATE, refusalRecovery: EMPTY_RATE, dispute: EMPTY_RATE, confirmedIncorrect: EMPTY_RATE },
  rateSeries: [
    { bucket: "2026-03-09", coverage: { numerator: 1, denominator: 3, rate: 1 / 3 }, clarification: EMPTY_RATE, temporal: EMPTY_RATE, freshness: EMPTY_RATE },
    { bucket: "2026-03-10", coverage: EMPTY_RATE, clarification: EMPTY_RATE, temporal: EMPTY_RATE, freshness: EMPTY_RATE },
  ],
  freshnessAgeDays: { count: 0, p50: null, p95: null },
  triage: { open: 0, hours: { count: 0, p50: null, p95: null } },
  timings: [],
  recovery: { followUps: 2, windowMinutes: 30 },
}

describe("dashboard tables", () => {
  test("outcomes per day, for all tiers or one", () => {
    const t = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate("en", key, params)
    const all = outcomesTable(METRICS, "all", t, "en")
    expect(all.columns).toEqual(["Day", "Answer", expect.any(String), expect.any(String), "Refused", expect.any(String), "Total"])
    expect(all.rows.map((row) => row.map((cell) => cell.csv))).toEqual([
      ["2026-03-09", 1, 0, 0, 2, 0, 3],
      ["2026-03-10", 1, 0, 0, 0, 0, 1],
    ])
    expect(outcomesTable(METRICS, "T2", t, "en").rows.map((row) => row.at(-1)?.csv)).toEqual([2, 0])
  })

  test("a share with its counts, and no data where nothing was counted; the CSV in the language's conventions", () => {
    const hr = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate("hr", key, params)
    const table = ratesTable(METRICS, hr, "hr")
    expect(table.rows[0]?.[1]).toEqual({ text: "33 % (1 od 3)", csv: 33.3 })
    expect(table.rows[1]?.[1]).toEqual({ text: "nema podataka", csv: null })
    const csv = tableCsv(table, "hr")
    expect(csv.startsWith("\uFEFF")).toBe(true)
    const parsed = Papa.parse<string[]>(csv.slice(1).trim(), { delimiter: ";" })
    expect(parsed.data[1]).toEqual(["2026-03-09", "33,3", "", "", ""])
  })
})
