import { Link } from "@tanstack/react-router"
import type { Client, TraceSummary } from "../../../src-shared/traces"
import { useI18n } from "../../i18n/i18n-context"
import { formatDateTime } from "../../format/dates"
import { OutcomeBadge, StatusBadge, TierBadge } from "../../ui/badges"

// The history list: one row per stored run; the question opens it.

export function HistoryTable({
  items,
  clients,
}: {
  items: readonly TraceSummary[]
  clients: readonly Client[]
}) {
  const { t, locale } = useI18n()
  const clientName = (id: string | null) => (id ? (clients.find((c) => c.id === id)?.name ?? id) : "")
  return (
    <table className="history-table" data-testid="history-table">
      <thead>
        <tr>
          <th scope="col">{t("history.col.question")}</th>
          <th scope="col">{t("history.col.outcome")}</th>
          <th scope="col">{t("history.col.tier")}</th>
          <th scope="col">{t("history.col.client")}</th>
          <th scope="col">{t("history.col.date")}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((trace) => (
          <tr
            key={trace.requestId}
            data-testid="history-row"
            data-request-id={trace.requestId}
            data-status={trace.status}
          >
            <td className="col-question">
              <Link to="/trace/$requestId" params={{ requestId: trace.requestId }} data-testid="history-open">
                {trace.question}
              </Link>
              {trace.counterfactualOf && (
                <span className="badge badge-neutral">{t("history.hypothetical")}</span>
              )}
            </td>
            <td>
              {trace.status === "complete" && trace.outcome ? (
                <OutcomeBadge outcome={trace.outcome} />
              ) : (
                <StatusBadge status={trace.status} />
              )}
            </td>
            <td>{trace.riskTier ? <TierBadge tier={trace.riskTier} /> : null}</td>
            <td>{clientName(trace.clientId)}</td>
            <td className="col-date">{formatDateTime(trace.createdAt, locale)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
