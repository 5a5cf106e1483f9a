import { Link } from "@tanstack/react-router"
import { useState } from "react"
import type { Client } from "../../../src-shared/traces"
import { useI18n } from "../../i18n/i18n-context"
import { formatMoney } from "../../format/money"
import { useClients } from "../../state/stores"
import { ClientForm } from "./ClientForm"
import "./clients.css"

// Client profiles: the list on the left, the selected (or new) profile's form on the right.

export function ClientsScreen() {
  const { t } = useI18n()
  const { clients, error } = useClients()
  const [selected, setSelected] = useState<string | null>(null)
  const [formKey, setFormKey] = useState(0)
  const [savedName, setSavedName] = useState<string | null>(null)
  const client = clients.find((c) => c.id === selected) ?? null

  const startNew = () => {
    setSelected(null)
    setSavedName(null)
    setFormKey((k) => k + 1)
  }

  return (
    <section className="screen clients-screen" aria-labelledby="clients-heading">
      <header className="screen-head">
        <h1 id="clients-heading">{t("clients.title")}</h1>
        {client && (
          <Link to="/documents/$clientId" params={{ clientId: client.id }} className="button-quiet" data-testid="client-documents">
            {t("documents.open")}
          </Link>
        )}
        <button type="button" className="button-primary" onClick={startNew} data-testid="client-new">
          {t("clients.new")}
        </button>
      </header>
      {error && (
        <p className="notice notice-error" role="alert">
          {t("common.failed", { message: error })}
        </p>
      )}
      <p className="form-status" role="status" data-testid="client-saved">
        {savedName ? t("clients.saved", { name: savedName }) : ""}
      </p>
      <div className="clients-layout">
        <ClientList
          clients={clients}
          selected={selected}
          onSelect={(id) => {
            setSelected(id)
            setSavedName(null)
          }}
        />
        <ClientForm
          key={client ? `edit-${client.id}` : `new-${formKey}`}
          client={client}
          onSaved={(saved) => {
            setSelected(saved.id)
            setSavedName(saved.name)
          }}
        />
      </div>
    </section>
  )
}

/** Every client profile, the selected one marked; each shows its entity, VAT status and revenue. */
function ClientList({
  clients,
  selected,
  onSelect,
}: {
  clients: readonly Client[]
  selected: string | null
  onSelect: (id: string) => void
}) {
  const { t, locale } = useI18n()
  return (
    <nav aria-label={t("clients.list")} className="client-list">
      {clients.length === 0 ? (
        <p className="muted" data-testid="clients-empty">
          {t("clients.empty")}
        </p>
      ) : (
        <ul>
          {clients.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className={`client-item${c.id === selected ? " is-selected" : ""}`}
                aria-current={c.id === selected ? "true" : undefined}
                onClick={() => onSelect(c.id)}
                data-testid="client-item"
                data-client-id={c.id}
              >
                <span className="client-name">{c.name}</span>
                <span className="client-caption muted">
                  {[
                    c.context.entity ? t(`entityType.${c.context.entity.type}`) : null,
                    c.context.entity
                      ? t("clients.vatCaption", { status: t(`vat.${c.context.entity.vat.status}`) })
                      : null,
                    c.context.counters?.revenueYtd !== undefined
                      ? formatMoney(c.context.counters.revenueYtd, locale)
                      : null,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  )
}
