import type { DashboardMetrics, Rate } from "../../../src-shared/metrics"
import { useI18n } from "../../i18n/i18n-context"
import type { MessageKey } from "../../i18n/catalog"
import { daysText, hoursText, msText, shareText } from "./dashboard-format"

// The indicators at a glance: each share with its counts and what it counts; the same numbers,
// with their targets, are in the indicators table below.

function Tile({ label, value, detail, hint, testId }: { label: string; value: string; detail: string; hint: string; testId: string }) {
  return (
    <div className="dashboard-tile" data-testid={testId}>
      <dt>{label}</dt>
      <dd>
        <span className="dashboard-tile-value" data-testid={`${testId}-value`}>
          {value}
        </span>
        <span className="dashboard-tile-detail">{detail}</span>
        <span className="dashboard-tile-hint">{hint}</span>
      </dd>
    </div>
  )
}

export function MetricTiles({ metrics }: { metrics: DashboardMetrics }) {
  const { t, locale } = useI18n()
  const share = (key: string, rate: Rate, label: MessageKey, hint: string) => (
    <Tile
      key={key}
      testId={`dashboard-kpi-${key}`}
      label={t(label)}
      value={shareText(rate, locale) ?? "–"}
      detail={rate.rate === null ? t("dashboard.kpi.none") : t("dashboard.kpi.of", { part: rate.numerator, whole: rate.denominator })}
      hint={hint}
    />
  )
  const { rates, triage, recovery, freshnessAgeDays } = metrics
  const ttfus = metrics.timings.find((x) => x.stage === "TTFUS")?.ms
  return (
    <dl className="dashboard-tiles" aria-label={t("dashboard.kpi.title")}>
      {share("coverage", rates.coverage, "dashboard.kpi.coverage", t("dashboard.kpi.coverage.hint"))}
      {share(
        "freshness",
        rates.freshness,
        "dashboard.kpi.freshness",
        t("dashboard.kpi.freshness.hint", { p50: daysText(freshnessAgeDays.p50, locale), p95: daysText(freshnessAgeDays.p95, locale) }),
      )}
      {share("temporal", rates.temporal, "dashboard.kpi.temporal", t("dashboard.kpi.temporal.hint"))}
      {share("clarification", rates.clarification, "dashboard.kpi.clarification", t("dashboard.kpi.clarification.hint"))}
      {share(
        "recovery",
        rates.refusalRecovery,
        "dashboard.kpi.recovery",
        t("dashboard.kpi.recovery.hint", { followUps: recovery.followUps, minutes: recovery.windowMinutes }),
      )}
      {share("dispute", rates.dispute, "dashboard.kpi.dispute", t("dashboard.kpi.dispute.hint"))}
      <Tile
        testId="dashboard-kpi-triage"
        label={t("dashboard.kpi.triage")}
        value={t("dashboard.kpi.percentiles", { p50: hoursText(triage.hours.p50, locale), p95: hoursText(triage.hours.p95, locale) })}
        detail={t("dashboard.kpi.decided", { count: triage.hours.count })}
        hint={t("dashboard.kpi.triage.hint", { open: triage.open })}
      />
      <Tile
        testId="dashboard-kpi-ttfus"
        label={t("dashboard.kpi.ttfus")}
        value={t("dashboard.kpi.percentiles", { p50: msText(ttfus?.p50 ?? null, locale), p95: msText(ttfus?.p95 ?? null, locale) })}
        detail={t("dashboard.kpi.timed", { count: ttfus?.count ?? 0 })}
        hint={t("dashboard.kpi.ttfus.hint")}
      />
    </dl>
  )
}
