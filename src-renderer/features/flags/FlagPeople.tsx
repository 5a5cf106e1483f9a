import type { FlagQueueItem } from "../../../src-shared/flags"
import { formatDateTime } from "../../format/dates"
import { useI18n } from "../../i18n/i18n-context"

// Who reported a flag and who decided it, with when: one wording for the desk's own queue and the
// other desks' section.

type Flag = FlagQueueItem["flag"]

export function ReportedLine({ flag, testId }: { flag: Flag; testId: string }) {
  const { t, locale } = useI18n()
  const date = formatDateTime(flag.createdAt, locale)
  return (
    <p className="hint" data-testid={testId}>
      {flag.raisedBy === null
        ? t("review.reportedOn", { date })
        : t("review.reportedOnBy", { name: flag.raisedBy.name, date })}
    </p>
  )
}

export function DecidedLine({
  decision,
  testId,
}: {
  decision: NonNullable<Flag["decision"]>
  testId: string
}) {
  const { t, locale } = useI18n()
  const date = formatDateTime(decision.decidedAt, locale)
  return (
    <p className="hint" data-testid={testId}>
      {decision.decidedBy === null
        ? t("review.decidedOn", { date })
        : t("review.decidedOnBy", { name: decision.decidedBy.name, date })}
    </p>
  )
}
