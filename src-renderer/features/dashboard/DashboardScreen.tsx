import { useState } from "react"
import { METRIC_PERIODS, type DashboardMetrics, type MetricsBucket, type MetricsPeriodDays } from "../../../src-shared/metrics"
import { formatDate } from "../../../src-shared/format/dates"
import { useI18n } from "../../i18n/i18n-context"
import { ChartPanel, NumbersTable } from "./ChartPanel"
import { indicatorsTable, outcomesTable, ratesTable, timingsTable, type TierChoice } from "./dashboard-tables"
import { downloadCsv, tableCsv } from "./csv-download"
import { MetricTiles } from "./MetricTiles"
import { OutcomesChart } from "./OutcomesChart"
import { RatesChart } from "./RatesChart"
import { TimingsChart } from "./TimingsChart"
import { useDashboardMetrics } from "./use-dashboard-metrics"
import "./dashboard.css"

// The dashboard (issue 23): the office's own use over the last 7, 30 or 90 days, by day or
// week. Every chart's numbers are also a table and a CSV file.

export function DashboardScreen() {
  const { t } = useI18n()
  const [days, setDays] = useState<MetricsPeriodDays>(30)
  const [bucket, setBucket] = useState<MetricsBucket>("day")
  const { metrics, loading, error } = useDashboardMetrics({ days, bucket })
  return (
    <section className="screen dashboard-screen" aria-labelledby="dashboard-heading" data-testid="dashboard-screen">
      <header className="screen-head">
        <h1 id="dashboard-heading">{t("dashboard.title")}</h1>
      </header>
      <p className="muted dashboard-intro">{t("dashboard.intro")}</p>
      <PeriodControls days={days} bucket={bucket} onDays={setDays} onBucket={setBucket} />
      {error && (
        <p className="notice notice-error" role="alert" data-testid="dashboard-error">
          {t("common.failed", { message: error })}
        </p>
      )}
      {loading && !metrics && <p className="muted">{t("common.loading")}</p>}
      {metrics && <DashboardBody metrics={metrics} />}
    </section>
  )
}

function PeriodControls(props: {
  days: MetricsPeriodDays
  bucket: MetricsBucket
  onDays: (days: MetricsPeriodDays) => void
  onBucket: (bucket: MetricsBucket) => void
}) {
  const { t } = useI18n()
  return (
    <form className="filters dashboard-controls" aria-label={t("dashboard.controls")} onSubmit={(e) => e.preventDefault()}>
      <label className="filter">
        <span>{t("dashboard.period")}</span>
        <select
          value={props.days}
          onChange={(e) => props.onDays(METRIC_PERIODS.find((d) => String(d) === e.target.value) ?? 30)}
          data-testid="dashboard-period"
        >
          {METRIC_PERIODS.map((d) => (
            <option key={d} value={d}>
              {t(`dashboard.period.${d}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="filter">
        <span>{t("dashboard.bucket")}</span>
        <select
          value={props.bucket}
          onChange={(e) => props.onBucket(e.target.value === "week" ? "week" : "day")}
          data-testid="dashboard-bucket"
        >
          <option value="day">{t("dashboard.bucket.day")}</option>
          <option value="week">{t("dashboard.bucket.week")}</option>
        </select>
      </label>
    </form>
  )
}

function DashboardBody({ metrics }: { metrics: DashboardMetrics }) {
  const { t, locale } = useI18n()
  const [tier, setTier] = useState<TierChoice>("all")
  const { since, until } = metrics.period
  const indicators = indicatorsTable(metrics, t, locale)
  const fileStem = `fiskai-${since}-${until}`
  const bucketWord = t(metrics.period.bucket === "week" ? "dashboard.bucket.week" : "dashboard.bucket.day")
  return (
    <>
      <p className="dashboard-range" data-testid="dashboard-range">
        {t("dashboard.range", { since: formatDate(since, locale), until: formatDate(until, locale) })} ·{" "}
        <span data-testid="dashboard-runs">{t("dashboard.runs", { count: metrics.totals.runs })}</span>
      </p>
      {metrics.totals.runs === 0 && (
        <p className="empty-state" data-testid="dashboard-empty">
          {t("dashboard.empty")}
        </p>
      )}
      <MetricTiles metrics={metrics} />
      <div className="dashboard-grid">
        <ChartPanel
          id="outcomes"
          title={t("dashboard.outcomes.title")}
          summary={t("dashboard.outcomes.summary", { bucket: bucketWord })}
          table={outcomesTable(metrics, tier, t, locale)}
          fileName={`${fileStem}-${t("dashboard.outcomes.title")}`}
          controls={<TierSelect value={tier} onChange={setTier} />}
        >
          <OutcomesChart metrics={metrics} tier={tier} />
        </ChartPanel>
        <ChartPanel
          id="rates"
          title={t("dashboard.rates.title")}
          summary={t("dashboard.rates.summary")}
          table={ratesTable(metrics, t, locale)}
          fileName={`${fileStem}-${t("dashboard.rates.title")}`}
        >
          <RatesChart metrics={metrics} />
        </ChartPanel>
        <ChartPanel
          id="timings"
          title={t("dashboard.timings.title")}
          summary={t("dashboard.timings.summary")}
          table={timingsTable(metrics, t, locale)}
          fileName={`${fileStem}-${t("dashboard.timings.title")}`}
        >
          <TimingsChart metrics={metrics} />
        </ChartPanel>
        <section className="dashboard-panel" aria-labelledby="indicators-heading" data-testid="dashboard-panel-indicators">
          <header className="dashboard-panel-head">
            <h2 id="indicators-heading">{t("dashboard.kpi.title")}</h2>
            <div className="dashboard-panel-actions">
              <button
                type="button"
                className="button-quiet"
                onClick={() => downloadCsv(`${fileStem}-${t("dashboard.kpi.title")}.csv`, tableCsv(indicators, locale))}
                data-testid="dashboard-csv-indicators"
              >
                {t("dashboard.csv")}
              </button>
            </div>
          </header>
          <NumbersTable table={indicators} caption={t("dashboard.kpi.title")} testId="dashboard-table-indicators" />
        </section>
      </div>
    </>
  )
}

const TIER_CHOICES: readonly TierChoice[] = ["all", "T0", "T1", "T2", "T3", "none"]

function TierSelect({ value, onChange }: { value: TierChoice; onChange: (tier: TierChoice) => void }) {
  const { t } = useI18n()
  const label = (choice: TierChoice) =>
    choice === "all" ? t("dashboard.outcomes.allTiers") : choice === "none" ? t("dashboard.outcomes.noTier") : t(`tier.${choice}`)
  return (
    <label className="dashboard-inline-select">
      <span>{t("dashboard.outcomes.tier")}</span>
      <select
        value={value}
        onChange={(e) => onChange(TIER_CHOICES.find((c) => c === e.target.value) ?? "all")}
        data-testid="dashboard-tier"
      >
        {TIER_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {label(choice)}
          </option>
        ))}
      </select>
    </label>
  )
}
