import { Link } from "@tanstack/react-router"
import type { FirmQueueItem } from "../../../src-shared/firm"
import { formatAge } from "../../../src-shared/format/age"
import { useI18n } from "../../i18n/i18n-context"
import { FlagKindBadge, FlagStatusBadge } from "../../ui/FlagBadges"
import { DecidedLine, ReportedLine } from "./FlagPeople"
import { useFirmFlags } from "./use-firm-flags"
import type { QueueShow } from "./use-flag-queue"

// "Other desks" under the review queue (issue 25): the flags the firm's other desks raised, as this
// desk last took them, with who raised and who decided each. Read-only: a flag is decided at the
// desk that raised it, so its rows carry no Confirm or Reject, and the question does not open a
// trace (the run is that desk's; this desk holds only its summary).

export function OtherDesksFlags({ show }: { show: QueueShow }) {
  const { t, tn } = useI18n()
  const { queue, error } = useFirmFlags(show)
  const items = queue?.items ?? []
  return (
    <section className="review-firm" aria-labelledby="review-firm-heading" data-testid="review-firm">
      <h2 id="review-firm-heading">{t("review.firm.title")}</h2>
      {error !== null && (
        <p className="notice notice-error" role="alert" data-testid="review-firm-error">
          {t(error)}
        </p>
      )}
      {queue !== null && !queue.linked && items.length === 0 && (
        <p className="empty-state" data-testid="review-firm-not-linked">
          {t("review.firm.notLinked")} <Link to="/settings">{t("review.firm.link")}</Link>
        </p>
      )}
      {queue !== null && (queue.linked || items.length > 0) && (
        <>
          <p className="muted review-intro">{t("review.firm.intro")}</p>
          {!queue.linked && (
            <p className="hint" data-testid="review-firm-unlinked">
              {t("review.firm.unlinked")}
            </p>
          )}
          <p className="review-count" aria-live="polite" data-testid="review-firm-count">
            {tn(show === "open" ? "review.openCount" : "review.count", items.length)}
          </p>
          {items.length === 0 ? (
            <p className="empty-state" data-testid="review-firm-empty">
              {t(show === "open" ? "review.firm.empty" : "review.firm.emptyAll")}
            </p>
          ) : (
            <OtherDesksTable items={items} />
          )}
        </>
      )}
    </section>
  )
}

function OtherDesksTable({ items }: { items: readonly FirmQueueItem[] }) {
  const { t } = useI18n()
  return (
    <table className="review-table review-firm-table" data-testid="review-firm-table">
      <thead>
        <tr>
          <th scope="col" className="col-age">
            {t("review.col.age")}
          </th>
          <th scope="col" className="col-desk">
            {t("review.firm.col.desk")}
          </th>
          <th scope="col">{t("review.col.question")}</th>
          <th scope="col" className="col-report">
            {t("review.col.report")}
          </th>
          <th scope="col" className="col-decision">
            {t("review.col.decision")}
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((row) => (
          <OtherDeskRow key={`${row.desk}/${row.item.flag.id}`} row={row} />
        ))}
      </tbody>
    </table>
  )
}

function OtherDeskRow({ row: { desk, item } }: { row: FirmQueueItem }) {
  const { t, locale } = useI18n()
  const { flag, run, ageMs } = item
  return (
    <tr data-testid="review-firm-row" data-flag-id={flag.id} data-desk={desk} data-status={flag.status}>
      <td className="col-age" data-testid="review-firm-age">
        {flag.status === "open" ? formatAge(ageMs, locale) : "—"}
      </td>
      <td className="col-desk" data-testid="review-firm-desk">
        <code>{desk}</code>
      </td>
      <td className="review-question">
        <p className="review-firm-question" data-testid="review-firm-question">
          {run.question}
        </p>
        <p className="review-headline">{run.headline ?? t("review.noHeadline")}</p>
      </td>
      <td className="col-report">
        <FlagKindBadge kind={flag.kind} />
        <p className="review-note" data-testid="review-firm-note">
          {flag.note}
        </p>
        <ReportedLine flag={flag} testId="review-firm-reported" />
      </td>
      <td className="col-decision" data-testid="review-firm-decision">
        {flag.decision === null ? (
          <p className="hint">{t("review.firm.openAt", { desk })}</p>
        ) : (
          <>
            <FlagStatusBadge status={flag.status} />
            <p className="review-note">{flag.decision.note}</p>
            <DecidedLine decision={flag.decision} testId="review-firm-decided" />
          </>
        )}
      </td>
    </tr>
  )
}
