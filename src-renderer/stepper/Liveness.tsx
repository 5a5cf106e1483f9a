import { useI18n } from "../i18n/i18n-context"
import { formatSecondsAgo } from "../format/duration"
import { selectSinceLastUpdate } from "../reasoning/selectors"
import { useNow } from "../state/stores"

// "Last updated 2.1 s ago": ticks on its own so the rest of the stepper does not re-render.

export function Liveness({ lastActivityAt, active }: { lastActivityAt: number | null; active: boolean }) {
  const { t, locale } = useI18n()
  const now = useNow(200, active)
  const since = selectSinceLastUpdate(lastActivityAt, now)
  if (since === null) return null
  return (
    <span className="liveness" data-testid="stepper-liveness">
      {t("stepper.lastUpdated", { duration: formatSecondsAgo(since, locale) })}
    </span>
  )
}
