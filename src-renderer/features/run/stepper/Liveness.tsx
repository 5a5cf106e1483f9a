import { useI18n } from "../../../i18n/i18n-context"
import { formatSecondsAgo } from "../../../format/duration"
import { selectSinceLastUpdate } from "../../../reasoning/selectors"
import { useNow } from "../../../state/stores"

// "Last updated 2.1 s ago": ticks on its own so the rest of the stepper does not re-render.
// Shown only while a run can still change (the stepper leaves it out otherwise).

export function Liveness({ lastActivityAt }: { lastActivityAt: number | null }) {
  const { t, locale } = useI18n()
  const now = useNow(200, true)
  const since = selectSinceLastUpdate(lastActivityAt, now)
  if (since === null) return null
  return (
    <span className="liveness" data-testid="stepper-liveness">
      {t("stepper.lastUpdated", { duration: formatSecondsAgo(since, locale) })}
    </span>
  )
}
