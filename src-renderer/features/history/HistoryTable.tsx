import { Link } from "@tanstack/react-router"
import type { Client, HistoryItem } from "../../../src-shared/traces"
import { formatScore } from "../../../src-shared/format/numbers"
import { useI18n } from "../../i18n/i18n-context"
import { formatDate, formatDateTime } from "../../format/dates"
import { OutcomeBadge, StatusBadge, TierBadge } from "../../ui/badges"

// The history list: one row per stored run with what a week's work is sorted by (client, the
// date the answer is about, outcome, headline, confidence, reports); the question opens it and
// the tick selects it for a side-by-side comparison.

export interface HistoryTableProps {
  items: readonly HistoryItem[]
  clients: readonly Client[]
  selected: readonly string[]
  onToggle: (requestId: string) => void
}

export function HistoryTable({ items, clients, selected, onToggle }: HistoryTableProps) {
  const { t, locale } = useI18n()
  const clientName = (id: string | null) => (id ? (clients.find((c) => c.id === id)?.name ?? id) : "")
  return (
    <div className="history-table-wrap">
      <table className="history-table" data-testid="history-table">
        <thead>
          <tr>
            <th scope="col" className="col-select">
              <span className="sr-only">{t("history.col.select")}</span>
            </th>
            <th scope="col">{t("history.col.question")}</th>
            <th scope="col">{t("history.col.headline")}</th>
            <th scope="col">{t("history.col.client")}</th>
            <th scope="col">{t("history.col.asOf")}</th>
            <th scope="col">{t("history.col.outcome")}</th>
            <th scope="col">{t("history.col.confidence")}</th>
            <th scope="col">{t("history.col.flags")}</th>
            <th scope="col">{t("history.col.date")}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((trace) => {
            const isSelected = selected.includes(trace.requestId)
            return (
              <tr
                key={trace.requestId}
                data-testid="history-row"
                data-request-id={trace.requestId}
                data-status={trace.status}
                aria-selected={isSelected}
              >
                <td className="col-select">
                  <input
                    type="checkbox"
                    checked={isSelected}
                    disabled={!isSelected && selected.length >= 2}
                    onChange={() => onToggle(trace.requestId)}
                    aria-label={t("history.select.row", { question: trace.question })}
                    data-testid="history-select"
                  />
                </td>
                <td className="col-question">
                  <Link to="/trace/$requestId" params={{ requestId: trace.requestId }} data-testid="history-open">
                    {trace.question}
                  </Link>
                  {trace.counterfactualOf && <span className="badge badge-neutral">{t("history.hypothetical")}</span>}
                </td>
                <td className="col-headline" data-testid="history-headline">
                  {trace.headline ?? ""}
                </td>
                <td data-testid="history-client">{clientName(trace.clientId)}</td>
                <td className="col-date" data-testid="history-asof">
                  {formatDate(trace.asOfDate, locale)}
                </td>
                <td className="col-outcome">
                  {trace.status === "complete" && trace.outcome ? (
                    <OutcomeBadge outcome={trace.outcome} />
                  ) : (
                    <StatusBadge status={trace.status} />
                  )}
                  {trace.riskTier ? <TierBadge tier={trace.riskTier} /> : null}
                </td>
                <td className="col-number" data-testid="history-confidence">
                  {trace.confidence === null ? "" : formatScore(trace.confidence, locale)}
                </td>
                <td data-testid="history-flags">
                  <FlagCounts open={trace.flags.open} decided={trace.flags.decided} />
                </td>
                <td className="col-date">{formatDateTime(trace.createdAt, locale)}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

function FlagCounts({ open, decided }: { open: number; decided: number }) {
  const { t } = useI18n()
  return (
    <>
      {open > 0 && <span className="badge badge-flag-open">{t("history.flags.open", { count: open })}</span>}
      {decided > 0 && <span className="badge badge-neutral">{t("history.flags.decided", { count: decided })}</span>}
    </>
  )
}
