import type { EventOf } from "../../../reasoning/selectors"
import { useI18n } from "../../../i18n/i18n-context"
import { capitalize, exclusionText, factLabel } from "../../../reasoning/explain"

// The applicability card: each exclusion in words, and decision coverage (the counts are in the summary).

export function ApplicabilityDetail({ event }: { event: EventOf<"APPLICABILITY", "complete"> }) {
  const { t, locale } = useI18n()
  const d = event.data
  const dimensions = d.coverage.flatMap((c) => c.dimensions)
  return (
    <>
      {d.exclusions.length > 0 && (
        <section>
          <h5>{t("cards.applicability.exclusions")}</h5>
          <ul className="exclusions" data-testid="exclusions">
            {d.exclusions.map((ex) => (
              <li key={ex.ruleId} className="exclusion" data-testid="exclusion">
                <p className="exclusion-rule">{ex.ruleTitle}</p>
                <p className="exclusion-text" data-testid="exclusion-text">
                  {exclusionText(ex, locale)}
                </p>
                <p className="muted">
                  {t(`exclusion.source.${ex.source}`)}
                  {ex.userCanFix ? ` · ${t("cards.applicability.canFix")}` : ""}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
      {dimensions.length > 0 && (
        <section>
          <h5>{t("cards.applicability.coverage")}</h5>
          <ul className="plain-list" data-testid="coverage">
            {dimensions.map((dim) => (
              <li
                key={`${dim.dimension}-${dim.factPath}`}
                className={dim.resolved ? "resolved" : "unresolved"}
              >
                <span aria-hidden="true">{dim.resolved ? "✓ " : "✕ "}</span>
                {capitalize(factLabel(dim.factPath, locale))}:{" "}
                {t(dim.resolved ? "cards.applicability.resolved" : "cards.applicability.unresolved")}
                {dim.required ? <span className="muted"> · {t("cards.applicability.required")}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  )
}
