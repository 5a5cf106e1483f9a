import { Locale } from "../../../src-shared/events/stages"
import { useI18n } from "../../i18n/i18n-context"
import type { SettingsDraft } from "./use-settings-form"

// The settings form's sections. Each shows part of the draft and reports changes to it.

interface SectionProps {
  draft: SettingsDraft
  change: (patch: Partial<SettingsDraft>) => void
}

export function LanguageFields({ draft, change }: SectionProps) {
  const { t } = useI18n()
  return (
    <fieldset>
      <legend>{t("settings.language")}</legend>
      {Locale.options.map((option) => (
        <label key={option} className="choice">
          <input
            type="radio"
            name="locale"
            value={option}
            checked={draft.locale === option}
            onChange={() => change({ locale: option })}
            data-testid={`settings-locale-${option}`}
          />
          {t(`settings.language.${option}`)}
        </label>
      ))}
    </fieldset>
  )
}

/** The deliberate pause before answers, in ms, with its error when out of range. */
export function AnswerFields({ draft, change, pauseError }: SectionProps & { pauseError: string | null }) {
  const { t } = useI18n()
  return (
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
          value={draft.pause}
          onChange={(e) => change({ pause: e.target.value })}
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
  )
}

export function AccessibilityFields({ draft, change }: SectionProps) {
  const { t } = useI18n()
  return (
    <fieldset>
      <legend>{t("settings.section.accessibility")}</legend>
      <label className="choice">
        <input
          type="checkbox"
          checked={draft.reducedMotion}
          onChange={(e) => change({ reducedMotion: e.target.checked })}
          aria-describedby="settings-motion-hint"
          data-testid="settings-reduced-motion"
        />
        {t("settings.reducedMotion")}
      </label>
      <p className="hint" id="settings-motion-hint">
        {t("settings.reducedMotion.hint")}
      </p>
    </fieldset>
  )
}

/** The firm's name (it goes into exported manifests) and automatic updates. */
export function FirmFields({ draft, change }: SectionProps) {
  const { t } = useI18n()
  return (
    <fieldset>
      <legend>{t("settings.section.firm")}</legend>
      <div className="field">
        <label htmlFor="settings-firm">{t("settings.firmName")}</label>
        <input
          id="settings-firm"
          value={draft.firmName}
          maxLength={200}
          onChange={(e) => change({ firmName: e.target.value })}
          data-testid="settings-firm-name"
        />
      </div>
      <label className="choice">
        <input
          type="checkbox"
          checked={draft.updatesEnabled}
          onChange={(e) => change({ updatesEnabled: e.target.checked })}
          data-testid="settings-updates"
        />
        {t("settings.updates")}
      </label>
    </fieldset>
  )
}
