import { useSyncExternalStore } from "react"
import { getConnection } from "../api/client"
import { useI18n } from "../i18n/i18n-context"

// Tells the user when the browser host's socket is down (never shown under Electron).

let connection: ReturnType<typeof getConnection> | null = null
function conn(): ReturnType<typeof getConnection> {
  connection ??= getConnection()
  return connection
}

export function ConnectionBanner() {
  const { t } = useI18n()
  const state = useSyncExternalStore(
    (notify) => conn().subscribe(() => notify()),
    () => conn().state(),
  )
  if (state !== "reconnecting" && state !== "closed") return null
  return (
    <div className="notice notice-warning banner" role="status" data-testid="connection-banner">
      {t("connection.lost")}
    </div>
  )
}
