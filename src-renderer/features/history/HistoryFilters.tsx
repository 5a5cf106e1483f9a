import type { Client } from "../../../src-shared/traces"
import { useI18n } from "../../i18n/i18n-context"
import { TraceFilterSelects } from "../../ui/TraceFilterSelects"
import { DateFilterField } from "./DateFilterField"
import { hasFilters, NO_FILTERS, type HistoryFilters } from "./history-query"

// The filter bar of the history screen: search, outcome, risk tier, client, date range (typed in
// the UI language's format) and reported runs only.

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
      <DateFilterField
        label={t("history.filter.since")}
        value={value.since}
        onChange={(iso) => set("since", iso)}
        testId="history-filter-since"
      />
      <DateFilterField
        label={t("history.filter.until")}
        value={value.until}
        onChange={(iso) => set("until", iso)}
        testId="history-filter-until"
      />
      <label className="filter filter-check">
        <input
          type="checkbox"
          checked={value.flagged === "yes"}
          onChange={(e) => set("flagged", e.target.checked ? "yes" : "")}
          data-testid="history-filter-flagged"
        />
        <span>{t("history.filter.flagged")}</span>
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
