import { Link } from "@tanstack/react-router"
import { useRef, useState, type RefObject } from "react"
import type { FlagDecisionKind, FlagQueueItem } from "../../../src-shared/flags"
import { formatAge } from "../../../src-shared/format/age"
import { formatScore } from "../../../src-shared/format/numbers"
import { useI18n } from "../../i18n/i18n-context"
import { OutcomeBadge } from "../../ui/badges"
import { FlagKindBadge, FlagStatusBadge } from "../../ui/FlagBadges"
import { DecisionForm } from "./DecisionForm"
import { DecidedLine, ReportedLine } from "./FlagPeople"

// The review queue's table: one flag per row (the question opens the run's trace), and under a
// row the decision form once the reviewer chose Confirm or Reject. Decided flags (shown with
// "all") carry their decision instead of the buttons.

export type Decide = (
  flagId: string,
  decision: FlagDecisionKind,
  note: string,
  ruleChangeId?: string,
) => Promise<unknown>

export function FlagQueueTable({ items, onDecide }: { items: readonly FlagQueueItem[]; onDecide: Decide }) {
  const { t } = useI18n()
  return (
    <table className="review-table" data-testid="review-table">
      <thead>
        <tr>
          <th scope="col" className="col-age">
            {t("review.col.age")}
          </th>
          <th scope="col" className="col-client">
            {t("review.col.client")}
          </th>
          <th scope="col">{t("review.col.question")}</th>
          <th scope="col" className="col-confidence">
            {t("review.col.confidence")}
          </th>
          <th scope="col" className="col-report">
            {t("review.col.report")}
          </th>
          <th scope="col" className="col-decision">
            {t("review.col.decision")}
          </th>
        </tr>
      </thead>
      {items.map((item) => (
        <FlagRow key={item.flag.id} item={item} onDecide={onDecide} />
      ))}
    </table>
  )
}

function FlagRow({ item, onDecide }: { item: FlagQueueItem; onDecide: Decide }) {
  const { t, locale } = useI18n()
  const { flag, run, ageMs } = item
  const [deciding, setDeciding] = useState<FlagDecisionKind | null>(null)
  const buttons = useRef<Partial<Record<FlagDecisionKind, HTMLButtonElement | null>>>({})
  const cancel = () => {
    const opener = deciding
    setDeciding(null)
    if (opener !== null) buttons.current[opener]?.focus()
  }
  const client = run.clientName ?? run.clientId
  return (
    <tbody className="review-item" data-testid="review-item">
      <tr data-testid="review-row" data-flag-id={flag.id} data-run-id={flag.runId} data-status={flag.status}>
        <td className="col-age" data-testid="review-age">
          {flag.status === "open" ? formatAge(ageMs, locale) : "—"}
        </td>
        <td className="col-client">{client ?? <span className="muted">{t("review.noClient")}</span>}</td>
        <td className="review-question">
          <Link to="/trace/$requestId" params={{ requestId: flag.runId }} data-testid="review-open-run">
            {run.question}
          </Link>
          <p className="review-headline" data-testid="review-headline">
            {run.headline ?? t("review.noHeadline")}
          </p>
        </td>
        <td className="col-confidence">
          <span className="review-score">
            {run.confidence === null ? "—" : formatScore(run.confidence, locale)}
          </span>
          {run.outcome && <OutcomeBadge outcome={run.outcome} />}
        </td>
        <td className="col-report">
          <FlagKindBadge kind={flag.kind} />
          <p className="review-note" data-testid="review-note">
            {flag.note}
          </p>
          <ReportedLine flag={flag} testId="review-reported" />
        </td>
        <td className="col-decision">
          <DecisionCell item={item} deciding={deciding} onStart={setDeciding} buttons={buttons} />
        </td>
      </tr>
      {deciding !== null && flag.decision === null && (
        <tr className="decision-row">
          <td colSpan={6}>
            <DecisionForm
              key={deciding}
              decision={deciding}
              question={run.question}
              onDecide={(note, ruleChangeId) => onDecide(flag.id, deciding, note, ruleChangeId)}
              onCancel={cancel}
            />
          </td>
        </tr>
      )}
    </tbody>
  )
}

/** An open flag's Confirm and Reject (each opens the form under the row), or a decided flag's decision. */
function DecisionCell({
  item: { flag, linkedChange },
  deciding,
  onStart,
  buttons,
}: {
  item: FlagQueueItem
  deciding: FlagDecisionKind | null
  onStart: (decision: FlagDecisionKind) => void
  buttons: RefObject<Partial<Record<FlagDecisionKind, HTMLButtonElement | null>>>
}) {
  const { t } = useI18n()
  if (flag.decision !== null)
    return (
      <>
        <FlagStatusBadge status={flag.status} />
        <p className="review-note">{flag.decision.note}</p>
        {linkedChange !== null && (
          <p className="review-linked-change">
            {t("review.linkedChange")}{" "}
            <Link
              to="/rules/change/$changeId"
              params={{ changeId: linkedChange.id }}
              data-testid="review-linked-change"
            >
              <code>{linkedChange.ruleId}</code>
            </Link>{" "}
            <span className="muted">({t(`rules.status.${linkedChange.status}`)})</span>
          </p>
        )}
        <DecidedLine decision={flag.decision} testId="review-decided" />
      </>
    )
  return (
    <div className="review-actions">
      {(["confirmed", "rejected"] as const).map((decision) => (
        <button
          key={decision}
          type="button"
          className={decision === "confirmed" ? "button-confirm" : undefined}
          aria-expanded={deciding === decision}
          ref={(element) => {
            buttons.current[decision] = element
          }}
          onClick={() => onStart(decision)}
          data-testid={decision === "confirmed" ? "review-confirm" : "review-reject"}
        >
          {t(decision === "confirmed" ? "review.confirm" : "review.reject")}
        </button>
      ))}
    </div>
  )
}
