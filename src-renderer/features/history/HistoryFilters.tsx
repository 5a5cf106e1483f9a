import type { Client } from "../../../src-shared/traces"
import { useI18n } from "../../i18n/i18n-context"
import { TraceFilterSelects } from "../../ui/TraceFilterSelects"
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
      <TraceFilterSelects
        value={value}
        clients={clients}
        onChange={(next) => onChange({ ...value, ...next })}
        testIdPrefix="history"
      />
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
