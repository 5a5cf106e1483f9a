import { useEffect, useRef, useState } from "react"
import type { Flag } from "../../../src-shared/flags"
import { formatDateTime } from "../../format/dates"
import { useI18n } from "../../i18n/i18n-context"
import { FlagStatusBadge } from "../../ui/FlagBadges"
import { ReportForm } from "./ReportForm"
import { useRunFlags } from "./use-run-flags"
import "./report.css"

// "Report a problem" at the foot of an answer card (issue 19): the reports already made on this
// run with their review status, the button, and the form it opens. Focus goes into the form when
// it opens and back to the button when it closes.

export function ReportProblem({ runId }: { runId: string }) {
  const { t } = useI18n()
  const { flags, report } = useRunFlags(runId)
  const [open, setOpen] = useState(false)
  const [sent, setSent] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const wasOpen = useRef(false)

  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus()
    wasOpen.current = open
  }, [open])

  return (
    <section className="answer-report" aria-label={t("report.open")} data-testid="answer-report">
      {flags !== null && flags.length > 0 && (
        <ul className="report-flags" data-testid="report-flags">
          {flags.map((flag) => (
            <FlagLine key={flag.id} flag={flag} />
          ))}
        </ul>
      )}
      {sent && (
        <p className="notice notice-info" role="status" data-testid="report-sent">
          {t("report.sent")}
        </p>
      )}
      {open ? (
        <ReportForm
          onSend={async (kind, note) => {
            await report(kind, note)
            setSent(true)
            setOpen(false)
          }}
          onCancel={() => setOpen(false)}
        />
      ) : (
        <button
          type="button"
          className="button-quiet report-open"
          ref={button}
          onClick={() => {
            setSent(false)
            setOpen(true)
          }}
          data-testid="report-open"
        >
          {flags !== null && flags.length > 0 ? t("report.again") : t("report.open")}
        </button>
      )}
    </section>
  )
}

function FlagLine({ flag }: { flag: Flag }) {
  const { t, locale } = useI18n()
  return (
    <li className="report-flag" data-testid="report-flag" data-status={flag.status} data-flag-id={flag.id}>
      <span>{t(`report.status.${flag.kind}`, { date: formatDateTime(flag.createdAt, locale) })}</span>{" "}
      <FlagStatusBadge status={flag.status} />
      {flag.decision && (
        <p className="report-decision">
          {flag.decision.decidedBy === null
            ? t("report.decision", { note: flag.decision.note })
            : t("report.decisionBy", { name: flag.decision.decidedBy.name, note: flag.decision.note })}
        </p>
      )}
    </li>
  )
}
