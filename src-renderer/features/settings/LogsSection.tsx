import { useId, useState } from "react"
import { call } from "../../api/client"
import { useLoaded } from "../export/use-export-host"
import { useI18n } from "../../i18n/i18n-context"
import { useStores } from "../../state/stores"

// Logs and crash reports: where they are, and (in the desktop app) a button that opens the folder,
// so a user can send its files to support. The log holds request ids, never question text or
// client data.

export function LogsSection() {
  const { t } = useI18n()
  const { api } = useStores()
  const folder = useLoaded(() => call("diagnostics.logFolder", {}, api), [api])
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null)
  const [opening, setOpening] = useState(false)
  const headingId = useId()
  const value = folder.state === "ready" ? folder.value : undefined

  async function open() {
    setStatus(null)
    setOpening(true)
    try {
      await call("diagnostics.openLogFolder", {}, api)
      setStatus({ ok: true, text: t("settings.logs.opened") })
    } catch (e) {
      setStatus({
        ok: false,
        text: t("common.failed", { message: e instanceof Error ? e.message : String(e) }),
      })
    } finally {
      setOpening(false)
    }
  }

  return (
    <section className="settings-logs" aria-labelledby={headingId} data-testid="settings-logs">
      <h2 id={headingId}>{t("settings.section.logs")}</h2>
      <p className="hint">{t("settings.logs.intro")}</p>
      {folder.state === "failed" && (
        <p className="notice notice-error" role="alert">
          {t("common.failed", { message: folder.message })}
        </p>
      )}
      <dl className="signing-facts">
        <dt>{t("settings.logs.folder")}</dt>
        <dd>
          <code className="fingerprint" data-testid="settings-logs-path">
            {value ? value.path : folder.state === "loading" ? t("common.loading") : "—"}
          </code>
        </dd>
      </dl>
      {value?.canOpen === true && (
        <button type="button" onClick={() => void open()} disabled={opening} data-testid="settings-logs-open">
          {t("settings.logs.open")}
        </button>
      )}
      {value?.canOpen === false && <p className="hint">{t("settings.logs.browserHint")}</p>}
      {status && (
        <p
          className={status.ok ? "form-status" : "field-error"}
          role={status.ok ? "status" : "alert"}
          data-testid="settings-logs-status"
        >
          {status.text}
        </p>
      )}
    </section>
  )
}
