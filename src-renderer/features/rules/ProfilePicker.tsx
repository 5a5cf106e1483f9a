import { useId, useState, type FormEvent } from "react"
import { useI18n } from "../../i18n/i18n-context"
import type { Profiles } from "./use-profiles"

// Who is working: a local profile chosen from the list, or a new one added by name. Rule changes
// record it; four eyes compares it with a change's author.

export function ProfilePicker({ profiles }: { profiles: Profiles }) {
  const { t } = useI18n()
  const id = useId()
  const [adding, setAdding] = useState(false)
  const [name, setName] = useState("")
  const [error, setError] = useState<string | null>(null)

  async function add(event: FormEvent) {
    event.preventDefault()
    if (name.trim() === "") return setError(t("rules.profile.nameRequired"))
    try {
      await profiles.add(name)
      setName("")
      setAdding(false)
      setError(null)
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    }
  }

  return (
    <div className="profile-picker" data-testid="profile-picker">
      <label htmlFor={`${id}-profile`}>{t("rules.profile.current")}</label>
      <select
        id={`${id}-profile`}
        value={profiles.current?.id ?? ""}
        onChange={(e) => profiles.choose(e.target.value)}
        data-testid="profile-select"
      >
        <option value="" disabled>
          {t(profiles.profiles?.length === 0 ? "rules.profile.noneYet" : "rules.profile.choose")}
        </option>
        {(profiles.profiles ?? []).map((p) => (
          <option key={p.id} value={p.id}>
            {p.displayName}
          </option>
        ))}
      </select>
      {adding ? (
        <form className="inline-field" onSubmit={(e) => void add(e)} aria-label={t("rules.profile.add")}>
          <input
            aria-label={t("rules.profile.name")}
            value={name}
            maxLength={80}
            autoFocus
            onChange={(e) => setName(e.target.value)}
            data-testid="profile-name"
          />
          <button type="submit" className="button-primary" data-testid="profile-save">
            {t("rules.profile.save")}
          </button>
          <button type="button" onClick={() => setAdding(false)}>
            {t("common.cancel")}
          </button>
        </form>
      ) : (
        <button
          type="button"
          className="button-quiet"
          onClick={() => setAdding(true)}
          data-testid="profile-add"
        >
          {t("rules.profile.add")}
        </button>
      )}
      {error && (
        <p className="field-error" role="alert" data-testid="profile-error">
          {error}
        </p>
      )}
    </div>
  )
}
