import { useNavigate, useParams } from "@tanstack/react-router"
import { useI18n } from "../../i18n/i18n-context"
import { useClients } from "../../state/stores"
import { DocumentsPanel } from "./DocumentsPanel"

// A client's documents (route /documents/$clientId; "firm" for the firm's own): which client, then
// the panel. Reached from the navigation and from a client on the Clients screen.

export const FIRM_DOCUMENTS = "firm"

export function DocumentsScreen() {
  const { t } = useI18n()
  const { clients } = useClients()
  const params = useParams({ strict: false })
  const navigate = useNavigate()
  const chosen = typeof params.clientId === "string" ? params.clientId : (clients[0]?.id ?? FIRM_DOCUMENTS)
  const clientId = chosen === FIRM_DOCUMENTS ? null : chosen

  return (
    <section className="screen documents-screen" aria-labelledby="documents-heading">
      <header className="screen-head">
        <h1 id="documents-heading">{t("documents.title")}</h1>
        <label className="inline-field">
          <span>{t("documents.client")}</span>
          <select
            value={chosen}
            onChange={(e) => void navigate({ to: "/documents/$clientId", params: { clientId: e.target.value } })}
            data-testid="documents-client"
          >
            {clients.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
            <option value={FIRM_DOCUMENTS}>{t("documents.firm")}</option>
          </select>
        </label>
      </header>
      <DocumentsPanel key={chosen} clientId={clientId} />
    </section>
  )
}
