import { TerminalOutcome } from "../../src-shared/events/stages"
import { DashboardMetrics, MetricsRequest, type OutcomeCount } from "../../src-shared/metrics"
import { flagFigures } from "./metrics-flags"
import { metricsPeriod } from "./metrics-period"
import { freshnessAges, outcomeCounts, rateSeries } from "./metrics-rates"
import { RECOVERY_FOLLOW_UPS, RECOVERY_WINDOW_MINUTES, refusalRecovery } from "./metrics-recovery"
import { stageTimings } from "./metrics-timings"
import { deskTimeZone } from "./metrics-zone"
import type { Store } from "./store"

// The dashboard (issue 23): every figure of the period in one read transaction, so the
// figures agree with each other even while runs are being written. Days are the desk's days
// (its time zone, metrics-period.ts).

export function dashboardMetrics(
  store: Store,
  input: MetricsRequest,
  now: Date = store.clock(),
  timeZone: string = deskTimeZone(),
): DashboardMetrics {
  const request = MetricsRequest.parse(input)
  const period = metricsPeriod(request, now, timeZone)
  const { sqlite } = store
  return sqlite.transaction(() => {
    const outcomes = outcomeCounts(sqlite, period)
    const { series, overall } = rateSeries(sqlite, period)
    const flags = flagFigures(sqlite, period)
    return DashboardMetrics.parse({
      period: { days: period.days, bucket: period.bucket, since: period.since, until: period.until, buckets: period.buckets },
      totals: totalsOf(outcomes),
      outcomes,
      rates: {
        coverage: overall.coverage,
        clarification: overall.clarification,
        temporal: overall.temporal,
        freshness: overall.freshness,
        refusalRecovery: refusalRecovery(sqlite, period),
        dispute: flags.dispute,
        confirmedIncorrect: flags.confirmedIncorrect,
      },
      rateSeries: series,
      freshnessAgeDays: freshnessAges(sqlite, period),
      triage: { open: flags.open, hours: flags.triageHours },
      timings: stageTimings(sqlite, period),
      recovery: { followUps: RECOVERY_FOLLOW_UPS, windowMinutes: RECOVERY_WINDOW_MINUTES },
    })
  })()
}

function totalsOf(outcomes: readonly OutcomeCount[]): DashboardMetrics["totals"] {
  const byOutcome = Object.fromEntries(TerminalOutcome.options.map((o) => [o, 0])) as Record<TerminalOutcome, number>
  for (const row of outcomes) byOutcome[row.outcome] += row.count
  return { runs: outcomes.reduce((sum, row) => sum + row.count, 0), byOutcome }
}
