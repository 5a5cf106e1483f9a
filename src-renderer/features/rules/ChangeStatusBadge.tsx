import type { RuleChangeView } from "../../../src-shared/rule-changes"
import { useI18n } from "../../i18n/i18n-context"

// A rule change's status as a badge; a change in review that another profile approved says so.

export function ChangeStatusBadge({ change }: { change: Pick<RuleChangeView, "status" | "approvedBy"> }) {
  const { t } = useI18n()
  const approved = change.status === "IN_REVIEW" && change.approvedBy !== null
  return (
    <span
      className={`badge badge-change-${approved ? "APPROVED" : change.status}`}
      data-testid="change-status"
    >
      {t(approved ? "rules.status.APPROVED" : `rules.status.${change.status}`)}
    </span>
  )
}
