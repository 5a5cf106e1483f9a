import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts"
import type { DashboardMetrics } from "../../../src-shared/metrics"
import { useI18n } from "../../i18n/i18n-context"
import { AXIS_TICK, SERIES_COLORS } from "./chart-colors"
import { shortDay, sharePercent } from "./dashboard-format"
import { RATE_KEYS } from "./dashboard-tables"

// The four pipeline-health shares per day or week, in percent; a day with nothing to count
// leaves a gap rather than drawing a false 0 %.

export function RatesChart({ metrics }: { metrics: DashboardMetrics }) {
  const { t, locale } = useI18n()
  const data = metrics.rateSeries.map((row) => ({
    bucket: row.bucket,
    ...Object.fromEntries(RATE_KEYS.map((key) => [key, sharePercent(row[key])])),
  }))
  const percent = (v: number) => (locale === "hr" ? `${v} %` : `${v}%`)
  return (
    <ResponsiveContainer width="100%" height={260}>
      <LineChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--row-border)" vertical={false} />
        <XAxis dataKey="bucket" tickFormatter={(v: string) => shortDay(v, locale)} tick={AXIS_TICK} minTickGap={12} />
        <YAxis domain={[0, 100]} tickFormatter={percent} tick={AXIS_TICK} width={48} />
        <Tooltip
          labelFormatter={(v) => shortDay(String(v), locale)}
          formatter={(v) => (typeof v === "number" ? percent(v) : "–")}
          contentStyle={{ background: "var(--surface)", borderColor: "var(--border)" }}
        />
        <Legend wrapperStyle={{ fontSize: 13 }} />
        {RATE_KEYS.map((key, i) => (
          <Line
            key={key}
            dataKey={key}
            name={t(`dashboard.kpi.${key}`)}
            stroke={SERIES_COLORS[i]}
            strokeWidth={2}
            dot={{ r: 3 }}
            connectNulls={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  )
}
