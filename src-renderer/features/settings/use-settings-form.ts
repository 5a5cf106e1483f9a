import { useState, type FormEvent } from "react"
import type { Locale } from "../../../src-shared/events/stages"
import { Settings, type SettingsPatch } from "../../../src-shared/settings"
import { useI18n } from "../../i18n/i18n-context"
import { translate } from "../../i18n/translate"
import { useStores } from "../../state/stores"

// The settings form's state: what the user has chosen (the pause as typed), the pause's error,
// and how the last save went. The pause is checked by the contract's schema before saving.

export interface SettingsDraft {
  locale: Locale
  /** The deliberate pause in ms, as typed. */
  pause: string
  reducedMotion: boolean
  firmName: string
  updatesEnabled: boolean
}

export interface SettingsFormState {
  draft: SettingsDraft
  change: (patch: Partial<SettingsDraft>) => void
  pauseError: string | null
  status: { ok: boolean; text: string } | null
  saving: boolean
  submit: (event: FormEvent) => Promise<void>
}

export function useSettingsForm(initial: Settings): SettingsFormState {
  const { t } = useI18n()
  const stores = useStores()
  const [draft, setDraft] = useState<SettingsDraft>(() => ({
    locale: initial.locale,
    pause: String(initial.deliberatePauseMs),
    reducedMotion: initial.reducedMotion,
    firmName: initial.firmName,
    updatesEnabled: initial.updatesEnabled,
  }))
  const [pauseError, setPauseError] = useState<string | null>(null)
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null)
  const [saving, setSaving] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setStatus(null)
    const { pause } = draft
    const pauseMs = Settings.shape.deliberatePauseMs.safeParse(
      pause.trim() === "" ? Number.NaN : Number(pause),
    )
    if (!pauseMs.success) {
      setPauseError(t("settings.pause.invalid"))
      return
    }
    setPauseError(null)
    const patch: SettingsPatch = {
      locale: draft.locale,
      deliberatePauseMs: pauseMs.data,
      reducedMotion: draft.reducedMotion,
      firmName: draft.firmName.trim(),
      updatesEnabled: draft.updatesEnabled,
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

  const change = (patch: Partial<SettingsDraft>) => setDraft((d) => ({ ...d, ...patch }))
  return { draft, change, pauseError, status, saving, submit }
}
