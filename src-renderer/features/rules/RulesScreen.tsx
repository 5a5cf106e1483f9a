import { Link } from "@tanstack/react-router"
import { useState } from "react"
import type { ChangeStatusName, RuleCatalog, RuleChangeView } from "../../../src-shared/rule-changes"
import { call } from "../../api/client"
import { formatDateTime } from "../../format/dates"
import { useI18n } from "../../i18n/i18n-context"
import { useStores } from "../../state/stores"
import { ChangeStatusBadge } from "./ChangeStatusBadge"
import { ProfilePicker } from "./ProfilePicker"
import { RuleValueText } from "./RuleValueText"
import { useLoad } from "./use-load"
import { useProfiles } from "./use-profiles"
import "./rules.css"

// The rules (issue 19): who is working (a local profile), the rule changes in progress (or all),
// and the rules of the pack in force by concept, each with a way to propose a change.

type Show = "open" | "all"
const OPEN: readonly ChangeStatusName[] = ["DRAFT", "IN_REVIEW"]

export function RulesScreen() {
  const { t } = useI18n()
  const { api } = useStores()
  const profiles = useProfiles()
  const [show, setShow] = useState<Show>("open")
  const catalog = useLoad(() => call("rules.catalog", {}, api), [api])
  const changes = useLoad(() => call("rules.changes", {}, api), [api])
  const listed = (changes.value ?? []).filter((c) => show === "all" || OPEN.includes(c.status))
  return (
    <section className="screen rules-screen" aria-labelledby="rules-heading" data-testid="rules-screen">
      <header className="screen-head">
        <h1 id="rules-heading">{t("rules.title")}</h1>
        <ProfilePicker profiles={profiles} />
      </header>
      <p className="muted rules-intro">{t("rules.intro")}</p>
      {catalog.value && (
        <p className="rules-version" data-testid="rules-version">
          {t("rules.version", { pack: catalog.value.packId, version: catalog.value.version })}
        </p>
      )}
      <section aria-labelledby="changes-heading" className="rules-changes">
        <div className="section-head">
          <h2 id="changes-heading">{t("rules.changes")}</h2>
          <fieldset className="review-show">
            <legend className="filter">{t("review.show")}</legend>
            {(["open", "all"] as const).map((value) => (
              <label className="choice" key={value}>
                <input
                  type="radio"
                  name="changes-show"
                  checked={show === value}
                  onChange={() => setShow(value)}
                  data-testid={`changes-show-${value}`}
                />
                {t(value === "open" ? "rules.changes.open" : "rules.changes.all")}
              </label>
            ))}
          </fieldset>
          <Link to="/rules/new" className="button-link" data-testid="rule-new">
            {t("rules.newRule")}
          </Link>
        </div>
        {changes.error && (
          <p className="notice notice-error" role="alert">
            {t("rules.loadFailed")}
          </p>
        )}
        {changes.value !== null && listed.length === 0 ? (
          <p className="empty-state" data-testid="changes-empty">
            {t("rules.changes.empty")}
          </p>
        ) : (
          <ChangesTable changes={listed} />
        )}
      </section>
      {catalog.error && (
        <p className="notice notice-error" role="alert">
          {t("rules.loadFailed")}
        </p>
      )}
      {catalog.value && <CatalogList catalog={catalog.value} />}
    </section>
  )
}

function ChangesTable({ changes }: { changes: readonly RuleChangeView[] }) {
  const { t, locale } = useI18n()
  return (
    <table className="rules-table" data-testid="changes-table">
      <thead>
        <tr>
          <th scope="col">{t("rules.col.status")}</th>
          <th scope="col">{t("rules.col.rule")}</th>
          <th scope="col">{t("rules.col.people")}</th>
          <th scope="col">{t("rules.col.note")}</th>
          <th scope="col">{t("rules.col.updated")}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => (
          <tr key={c.id} data-testid="change-row" data-change-id={c.id} data-status={c.status}>
            <td>
              <ChangeStatusBadge change={c} />
            </td>
            <td>
              <Link to="/rules/change/$changeId" params={{ changeId: c.id }} data-testid="change-open">
                {c.ruleId}
              </Link>
              <p className="hint">{t(`rules.changeKind.${c.kind}`)}</p>
            </td>
            <td>
              {t("rules.author", { name: c.authorName })}
              {c.approvedByName && (
                <p className="hint">{t("rules.approvedBy", { name: c.approvedByName })}</p>
              )}
            </td>
            <td className="rules-note">{c.note}</td>
            <td>{formatDateTime(c.updatedAt, locale)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function CatalogList({ catalog }: { catalog: RuleCatalog }) {
  const { t, locale } = useI18n()
  const [search, setSearch] = useState("")
  const needle = search.trim().toLocaleLowerCase(locale)
  const matches = (text: string) => text.toLocaleLowerCase(locale).includes(needle)
  const concepts = catalog.concepts
    .map((c) => ({
      ...c,
      rules:
        needle === "" || matches(c.nameHr) || matches(c.nameEn)
          ? c.rules
          : c.rules.filter((r) => matches(r.id) || matches(r.titleHr) || matches(r.titleEn)),
    }))
    .filter((c) => c.rules.length > 0)
  return (
    <section aria-labelledby="catalog-heading" className="rules-catalog">
      <div className="section-head">
        <h2 id="catalog-heading">{t("rules.byConcept")}</h2>
        <input
          type="search"
          className="filter-search"
          aria-label={t("rules.search")}
          placeholder={t("rules.search")}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          data-testid="rules-search"
        />
      </div>
      {concepts.map((concept) => (
        <details
          key={concept.slug}
          className="concept"
          open={needle !== ""}
          data-testid="concept"
          data-concept={concept.slug}
        >
          <summary>
            {locale === "hr" ? concept.nameHr : concept.nameEn}{" "}
            <span className="muted">({concept.rules.length})</span>
          </summary>
          <ul className="concept-rules">
            {concept.rules.map((rule) => (
              <li key={rule.id} data-testid="catalog-rule" data-rule-id={rule.id}>
                <div>
                  <strong>{locale === "hr" ? rule.titleHr : rule.titleEn}</strong>
                  <p className="hint">
                    <code>{rule.id}</code> · <RuleValueText value={rule.value} /> ·{" "}
                    {t("rules.period", { from: rule.effectiveFrom, until: rule.effectiveUntil ?? "—" })}
                  </p>
                </div>
                <Link
                  to="/rules/rule/$ruleId"
                  params={{ ruleId: rule.id }}
                  className="button-link"
                  data-testid="rule-change"
                >
                  {t("rules.proposeChange")}
                </Link>
              </li>
            ))}
          </ul>
        </details>
      ))}
    </section>
  )
}
