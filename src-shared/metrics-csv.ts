import type { DashboardMetrics, Percentiles, Rate } from "./metrics"

// The dashboard's figures as one long table (section, bucket, key, value, numerator, denominator)
// for `fiskai metrics --csv`: one figure per row, so a spreadsheet can pivot it any way. Values are
// plain numbers (shares as fractions 0..1, durations in ms, ages in days, triage in hours).

export type MetricsCsvRow = [section: string, bucket: string, key: string, value: number | null, numerator: number | null, denominator: number | null]

export const METRICS_CSV_HEADER = ["section", "bucket", "key", "value", "numerator", "denominator"] as const

function rateRow(section: string, bucket: string, key: string, rate: Rate): MetricsCsvRow {
  return [section, bucket, key, rate.rate, rate.numerator, rate.denominator]
}

function percentileRows(section: string, key: string, p: Percentiles): MetricsCsvRow[] {
  return [
    [section, "", `${key}.p50`, p.p50, null, p.count],
    [section, "", `${key}.p95`, p.p95, null, p.count],
  ]
}

export function metricsCsvRows(m: DashboardMetrics): MetricsCsvRow[] {
  const rows: MetricsCsvRow[] = []
  for (const o of m.outcomes) rows.push(["outcomes", o.bucket, `${o.riskTier ?? "none"}.${o.outcome}`, o.count, null, null])
  for (const [key, rate] of Object.entries(m.rates)) rows.push(rateRow("rates", "", key, rate))
  for (const r of m.rateSeries)
    for (const key of ["coverage", "clarification", "temporal", "freshness"] as const) rows.push(rateRow("rates_by_bucket", r.bucket, key, r[key]))
  rows.push(...percentileRows("freshness_age_days", "age", m.freshnessAgeDays))
  rows.push(...percentileRows("triage_hours", "triage", m.triage.hours))
  rows.push(["triage_hours", "", "open", m.triage.open, null, null])
  for (const t of m.timings) rows.push(...percentileRows("timings_ms", t.stage, t.ms))
  return rows
}
