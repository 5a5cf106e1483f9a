import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts"
import type { DashboardMetrics } from "../../../src-shared/metrics"
import { useI18n } from "../../i18n/i18n-context"
import { AXIS_TICK, SERIES_COLORS } from "./chart-colors"
import { msText } from "./dashboard-format"
import { stageLabel } from "./dashboard-tables"

// p50 and p95 of TTFUS, the whole run and each stage, as horizontal bars (stage names are long).

export function TimingsChart({ metrics }: { metrics: DashboardMetrics }) {
  const { t, locale } = useI18n()
  const data = metrics.timings.map((timing) => ({ stage: stageLabel(timing.stage, t), p50: timing.ms.p50, p95: timing.ms.p95 }))
  return (
    <ResponsiveContainer width="100%" height={Math.max(160, 36 * data.length + 60)}>
      <BarChart data={data} layout="vertical" accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--row-border)" horizontal={false} />
        <XAxis type="number" tick={AXIS_TICK} tickFormatter={(v: number) => msText(v, locale)} />
        <YAxis type="category" dataKey="stage" tick={AXIS_TICK} width={170} />
        <Tooltip formatter={(v) => (typeof v === "number" ? msText(v, locale) : "–")} contentStyle={{ background: "var(--surface)", borderColor: "var(--border)" }} />
        <Legend wrapperStyle={{ fontSize: 13 }} />
        <Bar dataKey="p50" name="p50" fill={SERIES_COLORS[0]} isAnimationActive={false} />
        <Bar dataKey="p95" name="p95" fill={SERIES_COLORS[2]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  )
}
