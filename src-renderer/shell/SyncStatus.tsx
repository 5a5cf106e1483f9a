import { Link } from "@tanstack/react-router"
import { useI18n } from "../i18n/i18n-context"
import { lastWorked, syncHeadline, useFirmView } from "./SyncStatusState"
import "./sync-status.css"

// The firm sync's item at the foot of the navigation (issue 25): off, syncing, up to date, or
// offline with when it last worked, and how many items wait to go up. It links to Settings, where
// the connection is made and "Sync now" is. A polite live region: a screen reader hears a change
// of state once, not every refresh.

export function SyncStatus() {
  const { t, locale } = useI18n()
  const { view } = useFirmView()
  if (view === null) return null
  const troubled = view.state === "offline" || view.state === "failed"
  const details: string[] = []
  if (troubled) details.push(lastWorked(view, t, locale))
  // Up to date or N waiting is the idle headline itself; in the other states the count is added.
  if (view.state !== "idle" && view.state !== "not-connected" && view.waitingTotal > 0)
    details.push(t("sync.waitingCount", { count: String(view.waitingTotal) }))
  return (
    <Link
      to="/settings"
      className={`sync-status sync-${view.state}`}
      aria-label={[`${t("sync.label")}: ${syncHeadline(view, t)}`, ...details].join(", ")}
      data-testid="sync-status"
      data-state={view.state}
    >
      <span className="sync-dot" aria-hidden="true" />
      <span role="status" aria-live="polite">
        <span className="sync-headline" data-testid="sync-status-headline">
          {syncHeadline(view, t)}
        </span>
        {details.map((text) => (
          <span key={text} className="sync-detail" data-testid="sync-status-detail">
            {text}
          </span>
        ))}
      </span>
    </Link>
  )
}
