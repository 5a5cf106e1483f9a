import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts"
import { TerminalOutcome } from "../../../src-shared/events/stages"
import type { DashboardMetrics } from "../../../src-shared/metrics"
import { useI18n } from "../../i18n/i18n-context"
import { AXIS_TICK, OUTCOME_COLORS } from "./chart-colors"
import { shortDay } from "./dashboard-format"
import { outcomeSeries, type TierChoice } from "./dashboard-tables"

// Runs by outcome for each day or week, stacked, for all risk tiers or one.

export function OutcomesChart({ metrics, tier }: { metrics: DashboardMetrics; tier: TierChoice }) {
  const { t, locale } = useI18n()
  return (
    <ResponsiveContainer width="100%" height={280}>
      <BarChart data={outcomeSeries(metrics, tier)} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--row-border)" vertical={false} />
        <XAxis dataKey="bucket" tickFormatter={(v: string) => shortDay(v, locale)} tick={AXIS_TICK} minTickGap={12} />
        <YAxis allowDecimals={false} tick={AXIS_TICK} width={36} />
        <Tooltip labelFormatter={(v) => shortDay(String(v), locale)} contentStyle={{ background: "var(--surface)", borderColor: "var(--border)" }} />
        <Legend wrapperStyle={{ fontSize: 13 }} />
        {TerminalOutcome.options.map((outcome) => (
          <Bar key={outcome} dataKey={outcome} name={t(`outcome.${outcome}`)} stackId="runs" fill={OUTCOME_COLORS[outcome]} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  )
}
