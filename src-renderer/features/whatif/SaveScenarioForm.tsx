import { Link } from "@tanstack/react-router"
import { useState } from "react"
import type { Client } from "../../../src-shared/traces"
import type { Scenario } from "../../../src-shared/whatif"
import { call } from "../../api/client"
import { useClients, useStores } from "../../state/stores"
import { ScenarioTextFields } from "./ScenarioTextFields"
import { useI18n } from "../../i18n/i18n-context"

// Saving a counterfactual as a scenario: a name, notes and the client (the base run's by default).

export function SaveScenarioForm({
  resultRequestId,
  defaultClientId,
}: {
  resultRequestId: string
  defaultClientId: string | null
}) {
  const { t } = useI18n()
  const { clients } = useClients()
  const [name, setName] = useState("")
  const [notes, setNotes] = useState("")
  const [clientId, setClientId] = useState(defaultClientId ?? "")
  const { saved, error, busy, save } = useSaveScenario(resultRequestId)

  if (saved) return <SavedNotice scenario={saved} />
  return (
    <form
      className="whatif-save"
      aria-label={t("whatif.save.title")}
      data-testid="whatif-save-form"
      onSubmit={(e) => {
        e.preventDefault()
        void save(name, notes, clientId)
      }}
    >
      <h4>{t("whatif.save.title")}</h4>
      <ScenarioTextFields
        name={name}
        notes={notes}
        onNameChange={setName}
        onNotesChange={setNotes}
        ids={{ name: "whatif-save-name", notes: "whatif-save-notes" }}
      />
      <ClientSelect value={clientId} clients={clients} onChange={setClientId} />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button-primary" disabled={busy} data-testid="whatif-save-submit">
        {t("whatif.save.submit")}
      </button>
    </form>
  )
}

/** Saves the counterfactual as a scenario once it has a name; the saved scenario, or why not. */
function useSaveScenario(resultRequestId: string) {
  const { t } = useI18n()
  const { api } = useStores()
  const [saved, setSaved] = useState<Scenario | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const save = async (name: string, notes: string, clientId: string) => {
    if (name.trim() === "") {
      setError(t("whatif.save.nameRequired"))
      return
    }
    setBusy(true)
    setError(null)
    try {
      setSaved(
        await call(
          "scenarios.save",
          { name: name.trim(), notes, resultRequestId, ...(clientId ? { clientId } : {}) },
          api,
        ),
      )
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    } finally {
      setBusy(false)
    }
  }
  return { saved, error, busy, save }
}

function SavedNotice({ scenario }: { scenario: Scenario }) {
  const { t } = useI18n()
  return (
    <p className="notice notice-info" role="status" data-testid="whatif-saved" data-scenario-id={scenario.id}>
      {t("whatif.save.saved", { name: scenario.name })}{" "}
      <Link to="/scenarios/$id" params={{ id: scenario.id }} data-testid="whatif-open-scenario">
        {t("whatif.save.open")}
      </Link>
    </p>
  )
}

function ClientSelect({
  value,
  clients,
  onChange,
}: {
  value: string
  clients: readonly Client[]
  onChange: (clientId: string) => void
}) {
  const { t } = useI18n()
  return (
    <div className="field">
      <label htmlFor="whatif-save-client">{t("whatif.save.client")}</label>
      <select
        id="whatif-save-client"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid="whatif-save-client"
      >
        <option value="">{t("whatif.save.noClient")}</option>
        {clients.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  )
}
