import { existsSync } from "node:fs"
import Papa from "papaparse"
import { MetricsRequest, type DashboardMetrics, type Percentiles, type Rate } from "../../../src-shared/metrics"
import { METRICS_CSV_HEADER, metricsCsvRows } from "../../../src-shared/metrics-csv"
import { openCliSession } from "../../composition/cli-session"
import { dashboardMetrics } from "../../store/metrics"
import { defaultDbPath } from "../../store/paths"
import { parseCommandArgs, UsageError, type ParsedArgs } from "../args"
import type { CliIo } from "../io"

// `fiskai metrics`: the dashboard's figures (issue 23) from the command line, over the last 7, 30
// or 90 days by day or week: text, one JSON object (--json) or a long CSV table (--csv).
// Exit 0 on success, 1 when there is no database, 2 for bad usage.

export const METRICS_USAGE = `usage: fiskai metrics [--days 7|30|90] [--bucket day|week] [--json | --csv] [--db FILE]
  --days    the period: the last N days, today included (default 30)
  --bucket  group the runs by day or by ISO week (default day)
  --json    the figures as one JSON object
  --csv     one figure per row: section,bucket,key,value,numerator,denominator`

const OPTIONS = {
  days: { type: "string" },
  bucket: { type: "string" },
  json: { type: "boolean" },
  csv: { type: "boolean" },
  db: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const

type Values = ParsedArgs<typeof OPTIONS>["values"]

export async function runMetricsCommand(argv: string[], io: CliIo): Promise<number> {
  let values: Values
  let request: MetricsRequest
  try {
    const parsed = parseCommandArgs("metrics", argv, OPTIONS)
    values = parsed.values
    if (values.help) {
      io.stdout.write(`${METRICS_USAGE}\n`)
      return 0
    }
    if (parsed.positionals.length > 0) throw new UsageError(`fiskai metrics: unexpected argument "${parsed.positionals[0] ?? ""}"`)
    if (values.json && values.csv) throw new UsageError("fiskai metrics: --json and --csv cannot be used together")
    request = parseRequest(values)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr.write(`${error.message}\n${METRICS_USAGE}\n`)
    return 2
  }
  const dbPath = values.db ?? defaultDbPath()
  if (!existsSync(dbPath)) {
    io.stderr.write(`fiskai metrics: no trace database at ${dbPath}\n`)
    return 1
  }
  const session = openCliSession({ dbPath, ...(io.clock ? { clock: io.clock } : {}) })
  try {
    const metrics = dashboardMetrics(session.store, request, session.store.clock())
    if (values.json) io.stdout.write(`${JSON.stringify(metrics)}\n`)
    else if (values.csv) io.stdout.write(`${Papa.unparse({ fields: [...METRICS_CSV_HEADER], data: metricsCsvRows(metrics) }, { newline: "\n" })}\n`)
    else io.stdout.write(`${textReport(metrics).join("\n")}\n`)
    return 0
  } finally {
    session.close()
  }
}

function parseRequest(values: Values): MetricsRequest {
  const days = values.days === undefined ? 30 : Number(values.days)
  const parsed = MetricsRequest.safeParse({ days, bucket: values.bucket ?? "day" })
  if (!parsed.success) {
    if (![7, 30, 90].includes(days)) throw new UsageError(`fiskai metrics: --days must be 7, 30 or 90 (got "${values.days ?? ""}")`)
    throw new UsageError(`fiskai metrics: --bucket must be day or week (got "${values.bucket ?? ""}")`)
  }
  return parsed.data
}

function share(rate: Rate): string {
  const percent = rate.rate === null ? "-" : `${(rate.rate * 100).toFixed(1)} %`
  return `${percent} (${rate.numerator} of ${rate.denominator})`
}

function pct(p: Percentiles, unit: string): string {
  const v = (x: number | null) => (x === null ? "-" : `${Math.round(x * 10) / 10} ${unit}`)
  return `p50 ${v(p.p50)}, p95 ${v(p.p95)} (n=${p.count})`
}

function textReport(m: DashboardMetrics): string[] {
  const { rates } = m
  const lines = [
    `period: ${m.period.since} to ${m.period.until} (${m.period.days} days, by ${m.period.bucket})`,
    `runs: ${m.totals.runs}  ${Object.entries(m.totals.byOutcome).map(([o, n]) => `${o} ${n}`).join("  ")}`,
    `citable coverage:       ${share(rates.coverage)}`,
    `source freshness:       ${share(rates.freshness)}; top citation age ${pct(m.freshnessAgeDays, "days")}`,
    `temporal enforcement:   ${share(rates.temporal)}`,
    `clarification:          ${share(rates.clarification)}`,
    `refusal recovery:       ${share(rates.refusalRecovery)} (an answer within ${m.recovery.followUps} follow-ups, ${m.recovery.windowMinutes} min for a client)`,
    `dispute rate:           ${share(rates.dispute)}; confirmed incorrect ${share(rates.confirmedIncorrect)}`,
    `time to triage:         ${pct(m.triage.hours, "h")}; open flags ${m.triage.open}`,
    "timings:",
  ]
  for (const t of m.timings) lines.push(`  ${t.stage.padEnd(20)} ${pct(t.ms, "ms")}`)
  return lines
}
