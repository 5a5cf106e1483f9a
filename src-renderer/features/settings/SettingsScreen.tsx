import type { Settings } from "../../../src-shared/settings"
import { SigningKeySection } from "../export/SigningKeySection"
import { AboutSection } from "./AboutSection"
import { FirmSection } from "./FirmSection"
import { LogsSection } from "./LogsSection"
import { ModelSection } from "./ModelSection"
import { AccessibilityFields, AnswerFields, FirmFields, LanguageFields } from "./SettingsFields"
import { useI18n } from "../../i18n/i18n-context"
import { useSettings } from "../../state/stores"
import { useSettingsForm } from "./use-settings-form"
import "./settings.css"

// Language, the deliberate pause, reduced motion, the firm's name and updates; then the signing
// key, the log folder and what this installation answers from.

export function SettingsScreen() {
  const { settings, loaded } = useSettings()
  // The form starts from the loaded settings; remounting on load keeps it in step.
  return <SettingsForm key={loaded ? "loaded" : "defaults"} initial={settings} />
}

function SettingsForm({ initial }: { initial: Settings }) {
  const { t } = useI18n()
  const { draft, change, pauseError, status, saving, submit } = useSettingsForm(initial)
  return (
    <section className="screen settings-screen" aria-labelledby="settings-heading">
      <header className="screen-head">
        <h1 id="settings-heading">{t("settings.title")}</h1>
      </header>
      <form className="settings-form" onSubmit={(e) => void submit(e)} noValidate data-testid="settings-form">
        <LanguageFields draft={draft} change={change} />
        <AnswerFields draft={draft} change={change} pauseError={pauseError} />
        <AccessibilityFields draft={draft} change={change} />
        <FirmFields draft={draft} change={change} />
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
      <ModelSection />
      <FirmSection />
      <SigningKeySection />
      <LogsSection />
      <AboutSection />
    </section>
  )
}
