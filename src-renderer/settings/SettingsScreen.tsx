import { useState, type FormEvent } from "react"
import { Locale } from "../../src-shared/events/stages"
import { Settings, type SettingsPatch } from "../../src-shared/settings"
import { SigningKeySection } from "../features/export/SigningKeySection"
import { AboutSection } from "./AboutSection"
import { LogsSection } from "./LogsSection"
import { useI18n } from "../i18n/i18n-context"
import { translate } from "../i18n/translate"
import { useSettings, useStores } from "../state/stores"

// Language, the deliberate pause, reduced motion, the firm's name and updates; then the signing
// key, the log folder and what this installation answers from.

export function SettingsScreen() {
  const { settings, loaded } = useSettings()
  // The form starts from the loaded settings; remounting on load keeps it in step.
  return <SettingsForm key={loaded ? "loaded" : "defaults"} initial={settings} />
}

function SettingsForm({ initial }: { initial: Settings }) {
  const { t } = useI18n()
  const stores = useStores()
  const [locale, setLocale] = useState(initial.locale)
  const [pause, setPause] = useState(String(initial.deliberatePauseMs))
  const [reducedMotion, setReducedMotion] = useState(initial.reducedMotion)
  const [firmName, setFirmName] = useState(initial.firmName)
  const [updatesEnabled, setUpdatesEnabled] = useState(initial.updatesEnabled)
  const [pauseError, setPauseError] = useState<string | null>(null)
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null)
  const [saving, setSaving] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setStatus(null)
    const pauseMs = Settings.shape.deliberatePauseMs.safeParse(
      pause.trim() === "" ? Number.NaN : Number(pause),
    )
    if (!pauseMs.success) {
      setPauseError(t("settings.pause.invalid"))
      return
    }
    setPauseError(null)
    const patch: SettingsPatch = {
      locale,
      deliberatePauseMs: pauseMs.data,
      reducedMotion,
      firmName: firmName.trim(),
      updatesEnabled,
    }
    setSaving(true)
    try {
      const saved = await stores.settings.update(patch)
      // The confirmation is in the language just chosen.
      setStatus({ ok: true, text: translate(saved.locale, "settings.saved") })
    } catch (e) {
      setStatus({
        ok: false,
        text: t("common.failed", { message: e instanceof Error ? e.message : String(e) }),
      })
    } finally {
      setSaving(false)
    }
  }

  return (
    <section className="screen settings-screen" aria-labelledby="settings-heading">
      <header className="screen-head">
        <h1 id="settings-heading">{t("settings.title")}</h1>
      </header>
      <form className="settings-form" onSubmit={(e) => void submit(e)} noValidate data-testid="settings-form">
        <fieldset>
          <legend>{t("settings.language")}</legend>
          {Locale.options.map((option) => (
            <label key={option} className="choice">
              <input
                type="radio"
                name="locale"
                value={option}
                checked={locale === option}
                onChange={() => setLocale(option)}
                data-testid={`settings-locale-${option}`}
              />
              {t(`settings.language.${option}`)}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>{t("settings.section.answers")}</legend>
          <div className={`field${pauseError ? " has-error" : ""}`}>
            <label htmlFor="settings-pause">{t("settings.pause")}</label>
            <input
              id="settings-pause"
              type="number"
              min={0}
              max={5000}
              step={100}
              value={pause}
              onChange={(e) => setPause(e.target.value)}
              aria-describedby="settings-pause-hint"
              aria-invalid={pauseError ? true : undefined}
              data-testid="settings-pause"
            />
            <p className="hint" id="settings-pause-hint">
              {t("settings.pause.hint")}
            </p>
            {pauseError && (
              <p className="field-error" data-testid="settings-pause-error">
                {pauseError}
              </p>
            )}
          </div>
        </fieldset>
        <fieldset>
          <legend>{t("settings.section.accessibility")}</legend>
          <label className="choice">
            <input
              type="checkbox"
              checked={reducedMotion}
              onChange={(e) => setReducedMotion(e.target.checked)}
              aria-describedby="settings-motion-hint"
              data-testid="settings-reduced-motion"
            />
            {t("settings.reducedMotion")}
          </label>
          <p className="hint" id="settings-motion-hint">
            {t("settings.reducedMotion.hint")}
          </p>
        </fieldset>
        <fieldset>
          <legend>{t("settings.section.firm")}</legend>
          <div className="field">
            <label htmlFor="settings-firm">{t("settings.firmName")}</label>
            <input
              id="settings-firm"
              value={firmName}
              maxLength={200}
              onChange={(e) => setFirmName(e.target.value)}
              data-testid="settings-firm-name"
            />
          </div>
          <label className="choice">
            <input
              type="checkbox"
              checked={updatesEnabled}
              onChange={(e) => setUpdatesEnabled(e.target.checked)}
              data-testid="settings-updates"
            />
            {t("settings.updates")}
          </label>
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="button-primary" disabled={saving} data-testid="settings-save">
            {t("common.save")}
          </button>
          {status && (
            <p
              className={status.ok ? "form-status" : "field-error"}
              role={status.ok ? "status" : "alert"}
              data-testid="settings-status"
            >
              {status.text}
            </p>
          )}
        </div>
      </form>
      <SigningKeySection />
      <LogsSection />
      <AboutSection />
    </section>
  )
}
