import { useEffect, useId, useState, type FormEvent } from "react"
import type { ModelSettingsView, ModelTestResult } from "../../../src-shared/model-provider"
import { call } from "../../api/client"
import { useI18n } from "../../i18n/i18n-context"
import type { MessageKey } from "../../i18n/catalog"
import { useStores } from "../../state/stores"

// Settings → "Local model" (issue 24): on/off, the server's address, the model's name, the key
// (write-only: the window only learns whether one is kept, and can remove it), whether the model
// may reword the answer, and a connection test that says what it found. The section saves on its
// own; a refused change keeps what the user typed.

interface Draft {
  enabled: boolean
  endpoint: string
  model: string
  draftProse: boolean
  /** A new key typed here; empty: the kept one stays. */
  key: string
}

type Status = { ok: boolean; text: string } | null

function draftOf(view: ModelSettingsView): Draft {
  return { enabled: view.enabled, endpoint: view.endpoint, model: view.model, draftProse: view.draftProse, key: "" }
}

/** The form's own check, so the usual mistakes are named before anything is sent. */
function draftProblem(draft: Draft): MessageKey | null {
  let url: URL | null
  try {
    url = new URL(draft.endpoint.trim())
  } catch {
    url = null
  }
  if (url === null || (url.protocol !== "http:" && url.protocol !== "https:")) return "model.error.endpoint"
  if (draft.model.trim() === "") return "model.error.name"
  return null
}

export function ModelSection() {
  const { t } = useI18n()
  const { api } = useStores()
  const [view, setView] = useState<ModelSettingsView | null>(null)
  const [draft, setDraft] = useState<Draft | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const headingId = useId()

  useEffect(() => {
    let live = true
    call("model.get", {}, api).then(
      (loaded) => {
        if (!live) return
        setView(loaded)
        setDraft(draftOf(loaded))
      },
      (e: unknown) => live && setLoadError(e instanceof Error ? e.message : String(e)),
    )
    return () => {
      live = false
    }
  }, [api])

  return (
    <section className="settings-logs settings-model" aria-labelledby={headingId} data-testid="settings-model">
      <h2 id={headingId}>{t("model.section")}</h2>
      <p className="hint">{t("model.intro")}</p>
      {loadError && (
        <p className="notice notice-error" role="alert">
          {t("common.failed", { message: loadError })}
        </p>
      )}
      {view && draft && <ModelForm view={view} draft={draft} setDraft={setDraft} setView={setView} />}
    </section>
  )
}

interface FormProps {
  view: ModelSettingsView
  draft: Draft
  setDraft: (draft: Draft) => void
  setView: (view: ModelSettingsView) => void
}

function ModelForm({ view, draft, setDraft, setView }: FormProps) {
  const { t } = useI18n()
  const { api } = useStores()
  const [status, setStatus] = useState<Status>(null)
  const [found, setFound] = useState<Status>(null)
  const [busy, setBusy] = useState(false)
  const change = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch })

  async function save(e: FormEvent, patch?: { apiKey: null }) {
    e.preventDefault()
    const problem = draftProblem(draft)
    if (problem !== null && patch === undefined) return setStatus({ ok: false, text: t(problem) })
    setBusy(true)
    setStatus(null)
    try {
      const input = patch ?? { enabled: draft.enabled, endpoint: draft.endpoint, model: draft.model, draftProse: draft.draftProse, ...(draft.key === "" ? {} : { apiKey: draft.key }) }
      const saved = await call("model.update", input, api)
      setView(saved)
      // The typed key is gone from the form once kept; the rest stays as typed.
      setDraft({ ...draft, key: "" })
      setStatus({ ok: true, text: t(patch ? "model.keyCleared" : "model.saved") })
    } catch (error) {
      setStatus({ ok: false, text: error instanceof Error ? error.message : String(error) })
    } finally {
      setBusy(false)
    }
  }

  async function test() {
    const problem = draftProblem(draft)
    if (problem !== null) return setFound({ ok: false, text: t(problem) })
    setBusy(true)
    setFound({ ok: true, text: t("model.testing") })
    try {
      const result = await call("model.test", { endpoint: draft.endpoint, model: draft.model }, api)
      setFound({ ok: result.finding === "ok" || result.finding === "no_model_list", text: findingText(result, t) })
    } catch (error) {
      setFound({ ok: false, text: error instanceof Error ? error.message : String(error) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="settings-form" onSubmit={(e) => void save(e)} noValidate data-testid="model-form">
      <label className="choice">
        <input type="checkbox" checked={draft.enabled} onChange={(e) => change({ enabled: e.target.checked })} data-testid="model-enabled" />
        {t("model.enabled")}
      </label>
      <TextField id="model-endpoint" label={t("model.endpoint")} hint={t("model.endpoint.hint")} value={draft.endpoint} onChange={(endpoint) => change({ endpoint })} />
      <TextField id="model-name" label={t("model.name")} hint={t("model.name.hint")} value={draft.model} onChange={(model) => change({ model })} />
      <KeyField view={view} value={draft.key} onChange={(key) => change({ key })} onClear={(e) => void save(e, { apiKey: null })} busy={busy} />
      <label className="choice">
        <input type="checkbox" checked={draft.draftProse} onChange={(e) => change({ draftProse: e.target.checked })} data-testid="model-draft-prose" />
        {t("model.draftProse")}
      </label>
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={busy} data-testid="model-save">
          {t("model.save")}
        </button>
        <button type="button" disabled={busy} onClick={() => void test()} data-testid="model-test">
          {t("model.test")}
        </button>
      </div>
      <StatusLine status={status} testId="model-status" />
      <StatusLine status={found} testId="model-test-result" />
    </form>
  )
}

function TextField({ id, label, hint, value, onChange }: { id: string; label: string; hint: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} value={value} maxLength={2000} spellCheck={false} autoComplete="off" onChange={(e) => onChange(e.target.value)} aria-describedby={`${id}-hint`} data-testid={id} />
      <p className="hint" id={`${id}-hint`}>
        {hint}
      </p>
    </div>
  )
}

const KEY_STATE: Record<ModelSettingsView["keySource"], MessageKey> = {
  keychain: "model.key.set",
  file: "model.key.setFile",
  environment: "model.key.setEnvironment",
  none: "model.key.none",
}

function KeyField({ view, value, onChange, onClear, busy }: { view: ModelSettingsView; value: string; onChange: (key: string) => void; onClear: (e: FormEvent) => void; busy: boolean }) {
  const { t } = useI18n()
  return (
    <div className="field">
      <label htmlFor="model-key">{t("model.key")}</label>
      <input id="model-key" type="password" value={value} maxLength={4096} autoComplete="off" onChange={(e) => onChange(e.target.value)} aria-describedby="model-key-state model-key-hint" data-testid="model-key" />
      <p className="hint" id="model-key-state" data-testid="model-key-state" data-key={view.apiKey}>
        {t(KEY_STATE[view.keySource])}{" "}
        {view.keySource === "keychain" && (
          <button type="button" className="button-quiet" onClick={onClear} disabled={busy} data-testid="model-key-clear">
            {t("model.key.clear")}
          </button>
        )}
      </p>
      <p className="hint" id="model-key-hint">
        {t(view.keychain ? "model.key.hint" : "model.key.noKeychain")}
      </p>
    </div>
  )
}

function StatusLine({ status, testId }: { status: Status; testId: string }) {
  if (status === null) return null
  return (
    <p className={status.ok ? "form-status" : "field-error"} role={status.ok ? "status" : "alert"} data-testid={testId}>
      {status.text}
    </p>
  )
}

function findingText(result: ModelTestResult, t: (key: MessageKey, params?: Record<string, string | number>) => string): string {
  const params = {
    endpoint: result.endpoint,
    model: result.model,
    models: result.models.length > 0 ? result.models.join(", ") : t("model.found.none"),
    status: result.status ?? "?",
    ms: result.elapsedMs,
  }
  return t(`model.found.${result.finding}`, params)
}
