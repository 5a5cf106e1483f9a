import type { Client } from "../../../src-shared/traces"
import { useI18n } from "../../i18n/i18n-context"
import { TraceFilterSelects } from "../../ui/TraceFilterSelects"
import type { ExportFilter } from "./export-selection"
import { DateInput } from "../../components/DateInput"

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
        <DateInput value={value.since} disabled={disabled} onChange={(next) => set("since", next)} testId="export-filter-since" />
      </label>
      <label className="filter">
        <span>{t("history.filter.until")}</span>
        <DateInput value={value.until} disabled={disabled} onChange={(next) => set("until", next)} testId="export-filter-until" />
      </label>
      <TraceFilterSelects
        value={value}
        clients={clients}
        onChange={(next) => onChange({ ...value, ...next })}
        testIdPrefix="export"
        disabled={disabled}
      />
    </div>
  )
}
