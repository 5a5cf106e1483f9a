import { useId } from "react"
import type { Client } from "../../../src-shared/traces"
import { call } from "../../api/client"
import { useI18n } from "../../i18n/i18n-context"
import { useStores } from "../../state/stores"
import { useLoad } from "./use-load"

// Which stored answers a shadow run covers (issue 19: "or a chosen set of clients"): all of
// them, or only those asked for the clients ticked here. Chosen with none ticked, nothing can start.

export interface ClientChoice {
  scope: "all" | "chosen"
  chosen: readonly string[]
}

export const ALL_CLIENTS: ClientChoice = { scope: "all", chosen: [] }

/** The client ids a start sends: undefined for all clients, null when the choice cannot start. */
export function clientIdsOf(choice: ClientChoice): readonly string[] | undefined | null {
  if (choice.scope === "all") return undefined
  return choice.chosen.length === 0 ? null : choice.chosen
}

export function ShadowClients({
  value,
  onChange,
  disabled,
}: {
  value: ClientChoice
  onChange(next: ClientChoice): void
  disabled: boolean
}) {
  const { t } = useI18n()
  const { api } = useStores()
  const id = useId()
  const clients = useLoad(() => call("clients.list", {}, api), [api])
  const toggle = (client: Client, on: boolean) =>
    onChange({
      scope: "chosen",
      chosen: on ? [...value.chosen, client.id] : value.chosen.filter((c) => c !== client.id),
    })
  return (
    <fieldset className="shadow-clients" disabled={disabled} data-testid="shadow-clients">
      <legend>{t("rules.shadow.clients")}</legend>
      {(["all", "chosen"] as const).map((scope) => (
        <label className="choice" key={scope}>
          <input
            type="radio"
            name={`${id}-scope`}
            checked={value.scope === scope}
            onChange={() => onChange({ ...value, scope })}
            data-testid={`shadow-clients-${scope}`}
          />
          {t(scope === "all" ? "rules.shadow.clients.all" : "rules.shadow.clients.chosen")}
        </label>
      ))}
      {value.scope === "chosen" && (
        <div className="shadow-client-list">
          {(clients.value ?? []).length === 0 && clients.value !== null && (
            <p className="muted">{t("rules.shadow.clients.none")}</p>
          )}
          {(clients.value ?? []).map((client) => (
            <label className="choice" key={client.id}>
              <input
                type="checkbox"
                checked={value.chosen.includes(client.id)}
                onChange={(e) => toggle(client, e.target.checked)}
                data-testid="shadow-client"
                data-client-id={client.id}
              />
              {client.name}
            </label>
          ))}
          {value.chosen.length === 0 && (clients.value ?? []).length > 0 && (
            <p className="hint" data-testid="shadow-clients-hint">
              {t("rules.shadow.clients.pick")}
            </p>
          )}
        </div>
      )}
    </fieldset>
  )
}
