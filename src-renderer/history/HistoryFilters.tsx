import { RiskTier, TerminalOutcome } from "../../src-shared/events/stages"
import type { Client } from "../../src-shared/traces"
import { useI18n } from "../i18n/i18n-context"
import { hasFilters, NO_FILTERS, type HistoryFilters } from "./history-query"

// The filter bar of the history screen: search, outcome, risk tier, client and date range.

export interface HistoryFiltersProps {
  value: HistoryFilters
  clients: readonly Client[]
  onChange: (next: HistoryFilters) => void
}

export function HistoryFilterBar({ value, clients, onChange }: HistoryFiltersProps) {
  const { t } = useI18n()
  const set = <K extends keyof HistoryFilters>(key: K, v: HistoryFilters[K]) =>
    onChange({ ...value, [key]: v })
  return (
    <form
      className="filters"
      role="search"
      aria-label={t("history.filters")}
      onSubmit={(e) => e.preventDefault()}
    >
      <label className="filter filter-search">
        <span>{t("history.search")}</span>
        <input
          type="search"
          value={value.search}
          placeholder={t("history.search.placeholder")}
          onChange={(e) => set("search", e.target.value)}
          data-testid="history-search"
        />
      </label>
      <label className="filter">
        <span>{t("history.filter.outcome")}</span>
        <select
          value={value.outcome}
          onChange={(e) => set("outcome", TerminalOutcome.safeParse(e.target.value).data ?? "")}
          data-testid="history-filter-outcome"
        >
          <option value="">{t("history.filter.any")}</option>
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
          onChange={(e) => set("riskTier", RiskTier.safeParse(e.target.value).data ?? "")}
          data-testid="history-filter-tier"
        >
          <option value="">{t("history.filter.any")}</option>
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
          onChange={(e) => set("clientId", e.target.value)}
          data-testid="history-filter-client"
        >
          <option value="">{t("history.filter.any")}</option>
          {clients.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <label className="filter">
        <span>{t("history.filter.since")}</span>
        <input
          type="date"
          value={value.since}
          onChange={(e) => set("since", e.target.value)}
          data-testid="history-filter-since"
        />
      </label>
      <label className="filter">
        <span>{t("history.filter.until")}</span>
        <input
          type="date"
          value={value.until}
          onChange={(e) => set("until", e.target.value)}
          data-testid="history-filter-until"
        />
      </label>
      {hasFilters(value) && (
        <button
          type="button"
          className="button-quiet"
          onClick={() => onChange(NO_FILTERS)}
          data-testid="history-clear"
        >
          {t("history.clear")}
        </button>
      )}
    </form>
  )
}
