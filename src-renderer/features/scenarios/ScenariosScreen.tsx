import { Link, useNavigate } from "@tanstack/react-router"
import { useState } from "react"
import type { Scenario, ScenarioFilter } from "../../../src-shared/whatif"
import type { Client } from "../../../src-shared/traces"
import { formatDateTime } from "../../format/dates"
import { useClients } from "../../state/stores"
import { OutcomeBadge } from "../../ui/badges"
import { useI18n } from "../../i18n/i18n-context"
import { useScenarioList } from "./use-scenario-list"
import "../whatif/whatif.css"
import "./scenarios.css"
import { DateInput } from "../../components/DateInput"

// Saved scenarios: search, filter by client and date, open one, or select two to compare.

export function ScenariosScreen() {
  const { t } = useI18n()
  const { clients } = useClients()
  const navigate = useNavigate()
  const [filter, setFilter] = useState<ScenarioFilter>({})
  const { items, error } = useScenarioList(filter)
  const [selected, setSelected] = useState<string[]>([])

  const set = (patch: Partial<ScenarioFilter>) =>
    setFilter((f) => {
      const next: ScenarioFilter = { ...f, ...patch }
      for (const key of Object.keys(next) as Array<keyof ScenarioFilter>)
        if (next[key] === "" || next[key] === undefined) delete next[key]
      return next
    })
  // At most two are selected: selecting a third lets go of the older one.
  const toggle = (id: string) =>
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s.slice(-1), id]))
  const [first, second] = selected
  const compare =
    first && second
      ? () => void navigate({ to: "/scenarios/compare/$a/$b", params: { a: first, b: second } })
      : null

  return (
    <section
      className="screen scenarios-screen"
      aria-labelledby="scenarios-heading"
      data-testid="scenarios-screen"
    >
      <header className="screen-head">
        <h1 id="scenarios-heading">{t("scenarios.title")}</h1>
      </header>
      <p className="muted">{t("scenarios.intro")}</p>
      <ScenarioFilterBar filter={filter} clients={clients} onChange={set} onCompare={compare} />
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      {items !== null && items.length === 0 && (
        <p className="empty-state" data-testid="scenarios-empty">
          {t("scenarios.empty")}
        </p>
      )}
      <ScenarioList items={items ?? []} clients={clients} selected={selected} onToggle={toggle} />
    </section>
  )
}

/** Search, client and dates; and "compare", once two scenarios are selected (null until then). */
function ScenarioFilterBar({
  filter,
  clients,
  onChange,
  onCompare,
}: {
  filter: ScenarioFilter
  clients: readonly Client[]
  onChange: (patch: Partial<ScenarioFilter>) => void
  onCompare: (() => void) | null
}) {
  const { t } = useI18n()
  return (
    <div className="filters scenario-filters">
      <label className="filter filter-search">
        <span>{t("scenarios.search")}</span>
        <input
          type="search"
          value={filter.search ?? ""}
          onChange={(e) => onChange({ search: e.target.value })}
          data-testid="scenarios-search"
        />
      </label>
      <label className="filter">
        <span>{t("scenarios.client")}</span>
        <select
          value={filter.clientId ?? ""}
          onChange={(e) => onChange({ clientId: e.target.value })}
          data-testid="scenarios-client"
        >
          <option value="">{t("scenarios.allClients")}</option>
          {clients.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <label className="filter">
        <span>{t("scenarios.since")}</span>
        <DateInput value={filter.since ?? ""} onChange={(next) => onChange({ since: next })} testId="scenarios-since" />
      </label>
      <label className="filter">
        <span>{t("scenarios.until")}</span>
        <DateInput value={filter.until ?? ""} onChange={(next) => onChange({ until: next })} testId="scenarios-until" />
      </label>
      <button
        type="button"
        className="button-primary"
        disabled={onCompare === null}
        title={t("scenarios.selectTwo")}
        data-testid="scenarios-compare"
        onClick={() => onCompare?.()}
      >
        {t("scenarios.compareSelected")}
      </button>
    </div>
  )
}

function ScenarioList({
  items,
  clients,
  selected,
  onToggle,
}: {
  items: readonly Scenario[]
  clients: readonly Client[]
  selected: readonly string[]
  onToggle: (id: string) => void
}) {
  const { t, locale } = useI18n()
  const clientName = (id: string | null) =>
    id === null ? null : (clients.find((c) => c.id === id)?.name ?? id)
  return (
    <ul className="scenario-list" data-testid="scenario-list">
      {items.map((s) => (
        <li key={s.id} className="scenario-item" data-testid="scenario-item" data-scenario-id={s.id}>
          <input
            type="checkbox"
            checked={selected.includes(s.id)}
            onChange={() => onToggle(s.id)}
            aria-label={t("scenarios.select", { name: s.name })}
            data-testid="scenario-select"
          />
          <div>
            <Link
              to="/scenarios/$id"
              params={{ id: s.id }}
              className="scenario-name"
              data-testid="scenario-link"
            >
              {s.name}
            </Link>
            <div className="scenario-meta">
              {s.baseOutcome && <OutcomeBadge outcome={s.baseOutcome} />} →{" "}
              <span className="badge badge-hypothetical">{t("whatif.banner.hypothetical")}</span>{" "}
              {s.resultOutcome && <OutcomeBadge outcome={s.resultOutcome} />}
              <span className="muted">
                {t("scenarios.created", { date: formatDateTime(s.createdAt, locale) })}
              </span>
              {clientName(s.clientId) && <span className="muted">{clientName(s.clientId)}</span>}
            </div>
            <p className="scenario-question">{s.question}</p>
            <p className="scenario-sentence">{s.sentence[locale]}</p>
          </div>
        </li>
      ))}
    </ul>
  )
}
