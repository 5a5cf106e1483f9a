import type { Locale, RiskTier } from "../../../src-shared/events/stages"
import { TerminalOutcome } from "../../../src-shared/events/stages"
import { formatDate } from "../../../src-shared/format/dates"
import type { DashboardMetrics, Rate } from "../../../src-shared/metrics"
import type { Translate } from "../../i18n/translate"
import { daysText, hoursText, msText, sharePercent, shareText } from "./dashboard-format"

// Every chart's numbers as a table: what the "Show table" toggle shows and the CSV carries.
// A cell has the text a reader sees and the plain value a spreadsheet gets.

export interface TableCell {
  text: string
  csv: string | number | null
}

export interface MetricTable {
  columns: string[]
  rows: TableCell[][]
}

/** "all" or one risk tier; "none" is the runs that ended before a tier was known. */
export type TierChoice = "all" | RiskTier | "none"

const text = (value: string): TableCell => ({ text: value, csv: value })
const count = (value: number): TableCell => ({ text: String(value), csv: value })

function bucketColumn(m: DashboardMetrics, t: Translate): string {
  return t(m.period.bucket === "week" ? "dashboard.col.bucket.week" : "dashboard.col.bucket.day")
}

function bucketCell(iso: string, locale: Locale): TableCell {
  return { text: formatDate(iso, locale), csv: iso }
}

function matchesTier(tier: RiskTier | null, choice: TierChoice): boolean {
  if (choice === "all") return true
  return choice === "none" ? tier === null : tier === choice
}

/** Runs by outcome for each bucket, for one tier or all: what the outcomes chart draws. */
export function outcomeSeries(m: DashboardMetrics, tier: TierChoice): Record<string, number | string>[] {
  return m.period.buckets.map((bucket) => {
    const row: Record<string, number | string> = { bucket }
    for (const outcome of TerminalOutcome.options) row[outcome] = 0
    for (const o of m.outcomes)
      if (o.bucket === bucket && matchesTier(o.riskTier, tier)) row[o.outcome] = Number(row[o.outcome] ?? 0) + o.count
    return row
  })
}

export function outcomesTable(m: DashboardMetrics, tier: TierChoice, t: Translate, locale: Locale): MetricTable {
  const columns = [bucketColumn(m, t), ...TerminalOutcome.options.map((o) => t(`outcome.${o}`)), t("dashboard.col.total")]
  const rows = outcomeSeries(m, tier).map((row) => {
    const counts = TerminalOutcome.options.map((o) => Number(row[o] ?? 0))
    return [bucketCell(String(row.bucket), locale), ...counts.map(count), count(counts.reduce((a, b) => a + b, 0))]
  })
  return { columns, rows }
}

function rateCell(rate: Rate, t: Translate, locale: Locale): TableCell {
  const share = shareText(rate, locale)
  const shown = share === null ? t("dashboard.kpi.none") : `${share} (${t("dashboard.kpi.of", { part: rate.numerator, whole: rate.denominator })})`
  return { text: shown, csv: sharePercent(rate) }
}

export const RATE_KEYS = ["coverage", "clarification", "temporal", "freshness"] as const

export function ratesTable(m: DashboardMetrics, t: Translate, locale: Locale): MetricTable {
  const columns = [bucketColumn(m, t), ...RATE_KEYS.map((key) => `${t(`dashboard.kpi.${key}`)} (%)`)]
  const rows = m.rateSeries.map((r) => [bucketCell(r.bucket, locale), ...RATE_KEYS.map((key) => rateCell(r[key], t, locale))])
  return { columns, rows }
}

/** The stage's name: the stepper's words for a pipeline stage. */
export function stageLabel(stage: DashboardMetrics["timings"][number]["stage"], t: Translate): string {
  if (stage === "TTFUS" || stage === "RUN") return t(`dashboard.timings.${stage}`)
  return t(`stage.${stage}`)
}

export function timingsTable(m: DashboardMetrics, t: Translate, locale: Locale): MetricTable {
  const columns = [t("dashboard.timings.stage"), t("dashboard.timings.count"), "p50 (ms)", "p95 (ms)"]
  const ms = (v: number | null): TableCell => ({ text: msText(v, locale), csv: v === null ? null : Math.round(v) })
  const rows = m.timings.map((timing) => [text(stageLabel(timing.stage, t)), count(timing.ms.count), ms(timing.ms.p50), ms(timing.ms.p95)])
  return { columns, rows }
}

/** The indicators as a table (the tiles' numbers), with seed 001 §11's targets. */
export function indicatorsTable(m: DashboardMetrics, t: Translate, locale: Locale): MetricTable {
  const columns = [t("dashboard.kpi.metric"), t("dashboard.kpi.value"), t("dashboard.kpi.counts"), t("dashboard.kpi.target")]
  const rate = (key: "coverage" | "freshness" | "temporal" | "clarification" | "refusalRecovery" | "dispute" | "confirmedIncorrect", label: string, target: string) => {
    const r = m.rates[key]
    return [text(label), { text: shareText(r, locale) ?? t("dashboard.kpi.none"), csv: sharePercent(r) }, text(t("dashboard.kpi.of", { part: r.numerator, whole: r.denominator })), text(target)]
  }
  const pct = (value: number) => (locale === "hr" ? `${value} %` : `${value}%`)
  const ttfus = m.timings.find((x) => x.stage === "TTFUS")?.ms
  return {
    columns,
    rows: [
      rate("coverage", t("dashboard.kpi.coverage"), t("dashboard.kpi.track")),
      rate("freshness", t("dashboard.kpi.freshness"), `≥ ${pct(90)}`),
      rate("temporal", t("dashboard.kpi.temporal"), pct(100)),
      rate("clarification", t("dashboard.kpi.clarification"), `< ${pct(20)}`),
      rate("refusalRecovery", t("dashboard.kpi.recovery"), `≥ ${pct(40)}`),
      rate("dispute", t("dashboard.kpi.dispute"), `< ${pct(2)}`),
      rate("confirmedIncorrect", t("dashboard.kpi.incorrect"), pct(0)),
      [
        text(`${t("dashboard.kpi.triage")} (p50 / p95)`),
        { text: `${hoursText(m.triage.hours.p50, locale)} / ${hoursText(m.triage.hours.p95, locale)}`, csv: m.triage.hours.p50 },
        text(t("dashboard.kpi.decided", { count: m.triage.hours.count })),
        text("< 24 h"),
      ],
      [
        text(`${t("dashboard.kpi.ttfus")} (p50 / p95)`),
        { text: `${msText(ttfus?.p50 ?? null, locale)} / ${msText(ttfus?.p95 ?? null, locale)}`, csv: ttfus?.p50 ?? null },
        text(t("dashboard.kpi.timed", { count: ttfus?.count ?? 0 })),
        text(locale === "hr" ? "< 1,5 s" : "< 1.5 s"),
      ],
      [
        text(`${t("dashboard.kpi.freshness")} (p50 / p95)`),
        { text: `${daysText(m.freshnessAgeDays.p50, locale)} / ${daysText(m.freshnessAgeDays.p95, locale)}`, csv: m.freshnessAgeDays.p50 },
        text(t("dashboard.kpi.timed", { count: m.freshnessAgeDays.count })),
        text(locale === "hr" ? "< 30 dana" : "< 30 days"),
      ],
    ],
  }
}
