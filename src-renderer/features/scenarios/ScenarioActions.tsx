import { useNavigate } from "@tanstack/react-router"
import { useState, type ReactNode } from "react"
import type { ScenarioDetail } from "../../../src-shared/whatif"
import { call } from "../../api/client"
import { useI18n } from "../../i18n/i18n-context"
import { useStores } from "../../state/stores"
import { ScenarioTextFields } from "../whatif/ScenarioTextFields"

// What can be done with a saved scenario: rename it (name and notes), duplicate it, delete it
// (hidden, audited) and re-check it against the current rule pack. One action at a time; the
// failure of the last one is said under the buttons.

export interface ScenarioActionsProps {
  /** The scenario's id as the route names it. */
  id: string
  detail: ScenarioDetail
  onChange: (detail: ScenarioDetail) => void
}

export function ScenarioActions({ id, detail, onChange }: ScenarioActionsProps) {
  const { t } = useI18n()
  const { api } = useStores()
  const navigate = useNavigate()
  const { scenario } = detail
  const [name, setName] = useState(scenario.name)
  const [notes, setNotes] = useState(scenario.notes)
  const { busy, error, act } = useOneActionAtATime()

  const rename = () =>
    act(async () => {
      const renamed = await call("scenarios.rename", { id, name, notes }, api)
      onChange({ ...detail, scenario: renamed })
    })
  const duplicate = () =>
    act(async () => {
      const copy = await call("scenarios.duplicate", { id }, api)
      await navigate({ to: "/scenarios/$id", params: { id: copy.id } })
    })
  const remove = () => {
    if (!window.confirm(t("scenario.confirmDelete", { name: scenario.name }))) return
    void act(async () => {
      await call("scenarios.delete", { id }, api)
      await navigate({ to: "/scenarios" })
    })
  }
  const recheck = () =>
    act(async () => {
      const result = await call("scenarios.recheck", { id }, api)
      onChange({ ...detail, scenario: result.scenario, rechecks: [...detail.rechecks, result.recheck] })
    })

  return (
    <>
      <form
        className="scenario-rename"
        onSubmit={(e) => {
          e.preventDefault()
          void rename()
        }}
      >
        <h3>{t("scenario.rename")}</h3>
        <ScenarioTextFields
          name={name}
          notes={notes}
          onNameChange={setName}
          onNotesChange={setNotes}
          ids={{ name: "scenario-name-input", notes: "scenario-notes-input" }}
        />
        <div className="form-actions">
          <button
            type="submit"
            className="button-primary"
            disabled={busy || name.trim() === ""}
            data-testid="scenario-rename"
          >
            {t("scenario.saveName")}
          </button>
          <ActionButton busy={busy} testId="scenario-duplicate" onClick={() => void duplicate()}>
            {t("scenario.duplicate")}
          </ActionButton>
          <ActionButton busy={busy} testId="scenario-delete" onClick={remove}>
            {t("scenario.delete")}
          </ActionButton>
          <ActionButton busy={busy} testId="scenario-recheck" onClick={() => void recheck()}>
            {busy ? t("scenario.rechecking") : t("scenario.recheck")}
          </ActionButton>
        </div>
      </form>
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
    </>
  )
}

function ActionButton({
  busy,
  testId,
  onClick,
  children,
}: {
  busy: boolean
  testId: string
  onClick: () => void
  children: ReactNode
}) {
  return (
    <button type="button" className="button-quiet" disabled={busy} data-testid={testId} onClick={onClick}>
      {children}
    </button>
  )
}

/** Runs one action at a time: busy while it runs, and its failure's message once it failed. */
function useOneActionAtATime() {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const act = async (body: () => Promise<void>) => {
    setBusy(true)
    setError(null)
    try {
      await body()
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    } finally {
      setBusy(false)
    }
  }
  return { busy, error, act }
}
