import { RiskTier, TerminalOutcome } from "../../src-shared/events/stages"
import type { Client } from "../../src-shared/traces"
import { useI18n } from "../i18n/i18n-context"

// The outcome, risk tier and client selects that History, Export and Scenarios filter by: one
// vocabulary, one component. "" means any.

export interface TraceFilterValues {
  outcome: TerminalOutcome | ""
  riskTier: RiskTier | ""
  clientId: string
}

export interface TraceFilterSelectsProps {
  value: TraceFilterValues
  clients: readonly Client[]
  onChange(next: TraceFilterValues): void
  /** Prefix of the selects' test ids, e.g. "history" -> history-filter-outcome. */
  testIdPrefix: string
  disabled?: boolean
}

export function TraceFilterSelects({
  value,
  clients,
  onChange,
  testIdPrefix,
  disabled,
}: TraceFilterSelectsProps) {
  const { t } = useI18n()
  const any = <option value="">{t("history.filter.any")}</option>
  return (
    <>
      <label className="filter">
        <span>{t("history.filter.outcome")}</span>
        <select
          value={value.outcome}
          disabled={disabled}
          onChange={(e) =>
            onChange({ ...value, outcome: TerminalOutcome.safeParse(e.target.value).data ?? "" })
          }
          data-testid={`${testIdPrefix}-filter-outcome`}
        >
          {any}
          {TerminalOutcome.options.map((o) => (
            <option key={o} value={o}>
              {t(`outcome.${o}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="filter">
        <span>{t("history.filter.tier")}</span>
        <select
          value={value.riskTier}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, riskTier: RiskTier.safeParse(e.target.value).data ?? "" })}
          data-testid={`${testIdPrefix}-filter-tier`}
        >
          {any}
          {RiskTier.options.map((tier) => (
            <option key={tier} value={tier}>
              {t(`tier.${tier}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="filter filter-client">
        <span>{t("history.filter.client")}</span>
        <select
          value={value.clientId}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, clientId: e.target.value })}
          data-testid={`${testIdPrefix}-filter-client`}
        >
          {any}
          {clients.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
    </>
  )
}
