import { Link } from "@tanstack/react-router"
import { call } from "../../api/client"
import { formatDateTime } from "../../format/dates"
import { useI18n } from "../../i18n/i18n-context"
import { useStores } from "../../state/stores"
import { FlagKindBadge } from "../../ui/FlagBadges"
import { useLoad } from "./use-load"

// The reports a rule change fixes (issue 19): the flags a reviewer confirmed naming this change,
// each opening the answer that was reported. The other side of the review queue's link.

export function LinkedFlags({ changeId }: { changeId: string }) {
  const { t, locale } = useI18n()
  const { api } = useStores()
  const flags = useLoad(() => call("flags.list", { status: "all", ruleChangeId: changeId }, api), [api, changeId])
  return (
    <section aria-labelledby="linked-flags-heading" className="linked-flags" data-testid="change-flags">
      <h2 id="linked-flags-heading">{t("rules.linkedFlags.title")}</h2>
      {flags.error && (
        <p className="notice notice-error" role="alert">
          {flags.error}
        </p>
      )}
      {flags.value !== null && flags.value.length === 0 && <p className="muted">{t("rules.linkedFlags.none")}</p>}
      {flags.value !== null && flags.value.length > 0 && (
        <ul>
          {flags.value.map(({ flag, run }) => (
            <li key={flag.id} data-testid="change-flag" data-flag-id={flag.id}>
              <FlagKindBadge kind={flag.kind} />{" "}
              <Link to="/trace/$requestId" params={{ requestId: flag.runId }} data-testid="change-flag-run">
                {run.question}
              </Link>
              <span className="muted">
                {" · "}
                {run.clientName ?? run.clientId ?? t("review.noClient")}
                {" · "}
                {t("review.reportedOn", { date: formatDateTime(flag.createdAt, locale) })}
              </span>
              <p className="review-note">{flag.note}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
