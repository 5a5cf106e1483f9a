import { RiskTier, TerminalOutcome } from "../../../src-shared/events/stages"
import type { Client } from "../../../src-shared/traces"
import { useI18n } from "../../i18n/i18n-context"
import type { ExportFilter } from "./export-selection"

// The filter of an export selection: date range (the day the question was asked), outcome, risk
// tier and client. The same vocabulary as the history filters.

export interface SelectionFilterFieldsProps {
  value: ExportFilter
  clients: readonly Client[]
  disabled?: boolean
  onChange(next: ExportFilter): void
}

export function SelectionFilterFields({ value, clients, disabled, onChange }: SelectionFilterFieldsProps) {
  const { t } = useI18n()
  const set = <K extends keyof ExportFilter>(key: K, next: ExportFilter[K]) =>
    onChange({ ...value, [key]: next })
  return (
    <div className="filters export-filters" data-testid="export-filters">
      <label className="filter">
        <span>{t("history.filter.since")}</span>
        <input
          type="date"
          value={value.since}
          disabled={disabled}
          onChange={(e) => set("since", e.target.value)}
          data-testid="export-filter-since"
        />
      </label>
      <label className="filter">
        <span>{t("history.filter.until")}</span>
        <input
          type="date"
          value={value.until}
          disabled={disabled}
          onChange={(e) => set("until", e.target.value)}
          data-testid="export-filter-until"
        />
      </label>
      <label className="filter">
        <span>{t("history.filter.outcome")}</span>
        <select
          value={value.outcome}
          disabled={disabled}
          onChange={(e) => set("outcome", TerminalOutcome.safeParse(e.target.value).data ?? "")}
          data-testid="export-filter-outcome"
        >
          <option value="">{t("history.filter.any")}</option>
          {TerminalOutcome.options.map((outcome) => (
            <option key={outcome} value={outcome}>
              {t(`outcome.${outcome}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="filter">
        <span>{t("history.filter.tier")}</span>
        <select
          value={value.riskTier}
          disabled={disabled}
          onChange={(e) => set("riskTier", RiskTier.safeParse(e.target.value).data ?? "")}
          data-testid="export-filter-tier"
        >
          <option value="">{t("history.filter.any")}</option>
          {RiskTier.options.map((tier) => (
            <option key={tier} value={tier}>
              {t(`tier.${tier}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="filter">
        <span>{t("history.filter.client")}</span>
        <select
          value={value.clientId}
          disabled={disabled}
          onChange={(e) => set("clientId", e.target.value)}
          data-testid="export-filter-client"
        >
          <option value="">{t("history.filter.any")}</option>
          {clients.map((client) => (
            <option key={client.id} value={client.id}>
              {client.name}
            </option>
          ))}
        </select>
      </label>
    </div>
  )
}
