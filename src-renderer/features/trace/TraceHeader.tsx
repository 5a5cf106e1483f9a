import type { TraceSummary } from "../../../src-shared/traces"
import { useI18n } from "../../i18n/i18n-context"
import { formatDate, formatDateTime } from "../../format/dates"
import { formatDuration } from "../../format/duration"
import { useClients } from "../../state/stores"
import { OutcomeBadge, StatusBadge, TierBadge } from "../../ui/badges"

// The trace screen's title block: the question and what the run was (when, for whom, which pack).

export function TraceHeader({ trace }: { trace: TraceSummary }) {
  const { t, locale } = useI18n()
  const { clients } = useClients()
  const client = trace.clientId
    ? (clients.find((c) => c.id === trace.clientId)?.name ?? trace.clientId)
    : null
  return (
    <header className="trace-head">
      <h1 id="trace-heading" className="trace-question" data-testid="trace-question">
        {trace.question}
      </h1>
      <div className="trace-meta">
        {trace.status === "complete" && trace.outcome ? (
          <OutcomeBadge outcome={trace.outcome} />
        ) : (
          <StatusBadge status={trace.status} />
        )}
        {trace.riskTier && <TierBadge tier={trace.riskTier} />}
        <span>{t("trace.asked", { date: formatDateTime(trace.createdAt, locale) })}</span>
        <span>{t("answer.asOf", { date: formatDate(trace.asOfDate, locale) })}</span>
        {client && <span>{t("trace.client", { name: client })}</span>}
        {trace.durationMs !== null && (
          <span>{t("trace.duration", { duration: formatDuration(trace.durationMs, locale) })}</span>
        )}
        <span className="muted">{t("trace.pack", { id: trace.packId, version: trace.packVersion })}</span>
      </div>
    </header>
  )
}
