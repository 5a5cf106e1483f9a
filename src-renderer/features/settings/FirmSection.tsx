import { useId, useState, type FormEvent } from "react"
import type { FirmView } from "../../../src-shared/firm"
import { call } from "../../api/client"
import { formatDateTime } from "../../format/dates"
import { useI18n } from "../../i18n/i18n-context"
import type { Translate } from "../../i18n/translate"
import { lastWorked, syncHeadline, useFirmView } from "../../shell/SyncStatusState"
import { useStores } from "../../state/stores"

// Settings → Firm connection (issue 25): the firm's PostgreSQL URL (TLS unless on this computer),
// the desk's name and its password (write-only: it goes to the OS keychain and never comes back),
// connect / disconnect, "Sync now", and how the sync stands, with its last error in words.

type Status = { ok: boolean; text: string } | null

export function FirmSection() {
  const { t } = useI18n()
  const { view, set } = useFirmView()
  const headingId = useId()
  return (
    <section className="settings-logs settings-firm" aria-labelledby={headingId} data-testid="settings-firm">
      <h2 id={headingId}>{t("firm.title")}</h2>
      <p className="hint">{t("firm.intro")}</p>
      {view === null ? <p className="hint">{t("common.loading")}</p> : <FirmBody view={view} onView={set} />}
    </section>
  )
}

function FirmBody({ view, onView }: { view: FirmView; onView: (view: FirmView) => void }) {
  const { t } = useI18n()
  const { api } = useStores()
  const [url, setUrl] = useState(view.url ?? "")
  const [desk, setDesk] = useState(view.desk ?? "")
  const [password, setPassword] = useState("")
  const { busy, status, setStatus, run } = useFirmAction(onView)
  const linked = view.state !== "not-connected"

  function link(event: FormEvent) {
    event.preventDefault()
    if (url.trim() === "") return setStatus({ ok: false, text: t("firm.urlRequired") })
    const input = { url, ...(desk.trim() === "" ? {} : { desk }), ...(password === "" ? {} : { password }) }
    void run(
      () => call("firm.link", input, api),
      () => {
        setPassword("")
        return t("firm.linked")
      },
    )
  }

  return (
    <>
      {linked && <FirmFacts view={view} />}
      <form className="settings-form settings-firm-form" onSubmit={link} noValidate data-testid="firm-form">
        <TextField
          id="firm-url"
          label={t("firm.url")}
          hint={t("firm.url.hint")}
          value={url}
          onChange={setUrl}
          maxLength={2000}
        />
        <TextField
          id="firm-desk"
          label={t("firm.desk")}
          hint={t("firm.desk.hint")}
          value={desk}
          onChange={setDesk}
          maxLength={63}
        />
        <div className="field">
          <label htmlFor="firm-password">{t("firm.password")}</label>
          <input
            id="firm-password"
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            maxLength={1000}
            autoComplete="new-password"
            disabled={!view.keychain}
            aria-describedby="firm-password-hint"
            data-testid="firm-password"
          />
          <p className="hint" id="firm-password-hint" data-testid="firm-password-hint">
            {passwordHint(view, t)}
          </p>
        </div>
        <FirmActions linked={linked} busy={busy} run={run} />
        {status && (
          <p
            className={status.ok ? "form-status" : "field-error"}
            role={status.ok ? "status" : "alert"}
            data-testid="firm-status"
          >
            {status.text}
          </p>
        )}
      </form>
    </>
  )
}

/** Runs one channel call at a time, hands its view on, and says how it went. */
function useFirmAction(onView: (view: FirmView) => void) {
  const { t } = useI18n()
  const [busy, setBusy] = useState(false)
  const [status, setStatus] = useState<Status>(null)

  async function run(work: () => Promise<FirmView>, done: (next: FirmView) => string) {
    setStatus(null)
    setBusy(true)
    try {
      const next = await work()
      onView(next)
      setStatus({ ok: next.state !== "failed" && next.state !== "offline", text: done(next) })
    } catch (e) {
      setStatus({
        ok: false,
        text: t("common.failed", { message: e instanceof Error ? e.message : String(e) }),
      })
    } finally {
      setBusy(false)
    }
  }

  return { busy, status, setStatus, run }
}

/** A one-line text field with its hint; the test id is its id. */
function TextField(props: {
  id: string
  label: string
  hint: string
  value: string
  onChange: (value: string) => void
  maxLength: number
}) {
  const { id, label, hint, value, onChange, maxLength } = props
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={maxLength}
        spellCheck={false}
        autoComplete="off"
        aria-describedby={`${id}-hint`}
        data-testid={id}
      />
      <p className="hint" id={`${id}-hint`}>
        {hint}
      </p>
    </div>
  )
}

/** Where the password lives: nowhere to keep one here, kept in the keychain, or none kept. */
function passwordHint(view: FirmView, t: Translate): string {
  if (!view.keychain) return t("firm.password.noKeychain")
  return view.passwordSaved ? t("firm.password.saved") : t("firm.password.none")
}

type Run = (work: () => Promise<FirmView>, done: (next: FirmView) => string) => Promise<void>

function FirmActions({ linked, busy, run }: { linked: boolean; busy: boolean; run: Run }) {
  const { t } = useI18n()
  const { api } = useStores()
  return (
    <div className="form-actions">
      <button type="submit" className="button-primary" disabled={busy} data-testid="firm-link">
        {busy ? t("firm.linking") : linked ? t("firm.relink") : t("firm.link")}
      </button>
      {linked && (
        <FirmCommand
          busy={busy}
          label={t("firm.syncNow")}
          testId="firm-sync-now"
          onClick={() =>
            run(
              () => call("firm.syncNow", {}, api),
              (next) => (next.state === "idle" ? t("firm.synced") : t("firm.notSynced")),
            )
          }
        />
      )}
      {linked && (
        <FirmCommand
          busy={busy}
          label={t("firm.unlink")}
          testId="firm-unlink"
          onClick={() =>
            run(
              () => call("firm.unlink", {}, api),
              () => t("firm.unlinked"),
            )
          }
        />
      )}
    </div>
  )
}

/** A button that runs one firm command (sync now, unlink), disabled while one is under way. */
function FirmCommand({ busy, label, testId, onClick }: { busy: boolean; label: string; testId: string; onClick: () => Promise<void> }) {
  return (
    <button type="button" disabled={busy} onClick={() => void onClick()} data-testid={testId}>
      {label}
    </button>
  )
}

function FirmFacts({ view }: { view: FirmView }) {
  const { t, locale } = useI18n()
  const troubled = view.state === "offline" || view.state === "failed"
  const others = view.waitingTotal - view.waiting.trace
  return (
    <>
      <dl className="signing-facts" data-testid="firm-facts">
        <dt>{t("firm.state")}</dt>
        <dd data-testid="firm-state">
          {troubled ? `${syncHeadline(view, t)} (${lastWorked(view, t, locale)})` : syncHeadline(view, t)}
        </dd>
        <dt>{t("firm.lastSync")}</dt>
        <dd data-testid="firm-last-sync">
          {view.lastSyncAt === null ? "—" : formatDateTime(view.lastSyncAt, locale)}
        </dd>
        <dt>{t("firm.waiting")}</dt>
        <dd data-testid="firm-waiting">
          {t("firm.waiting.value", { traces: String(view.waiting.trace), others: String(others) })}
        </dd>
        <dt>{t("firm.fromOthers")}</dt>
        <dd data-testid="firm-from-others">
          {t("firm.fromOthers.value", {
            traces: String(view.fromOtherDesks.traces),
            packs: String(view.fromOtherDesks.packVersions),
          })}
        </dd>
      </dl>
      {view.conflicts > 0 && (
        <p className="notice" data-testid="firm-conflicts">
          {t("firm.conflicts", { count: String(view.conflicts) })}
        </p>
      )}
      {view.lastError !== null && troubled && <LastError view={view} t={t} />}
    </>
  )
}

/** The last error in words: what it means for the desk first, then the server's own message. */
function LastError({ view, t }: { view: FirmView; t: Translate }) {
  return (
    <div className="notice notice-error" role="alert" data-testid="firm-last-error">
      <strong>{t("firm.lastError")}: </strong>
      {view.state === "offline" ? t("firm.error.offline") : t("firm.error.failed")}
      <details>
        <summary>{t("firm.lastError.detail")}</summary>
        <code data-testid="firm-last-error-detail">{view.lastError}</code>
      </details>
    </div>
  )
}
