import type { Citation } from "../../../src-shared/events/payloads"
import { useI18n } from "../../i18n/i18n-context"
import { formatDate } from "../../format/dates"

// Citations: the verbatim quote, where it comes from, its authority, when it was fetched, and the
// address written out (the link opens outside the app).

export function Citations({ citations }: { citations: readonly Citation[] }) {
  const { t, locale } = useI18n()
  if (citations.length === 0) return null
  return (
    <section className="citations" aria-labelledby="citations-heading" data-testid="answer-citations">
      <h4 id="citations-heading">{t("answer.citations")}</h4>
      <ol>
        {citations.map((c) => (
          <li
            key={`${c.evidenceId}-${c.ruleId}`}
            className={`citation citation-${c.role}`}
            data-testid="citation"
          >
            <div className="citation-meta">
              <span className="citation-source">{c.sourceName}</span>
              <span className={`authority authority-${c.authority}`}>{t(`authority.${c.authority}`)}</span>
              <span className="citation-role">
                {t(c.role === "primary" ? "answer.citation.primary" : "answer.citation.supporting")}
              </span>
            </div>
            <p className="citation-title">{c.title}</p>
            <blockquote className="citation-quote" data-testid="citation-quote">
              „{c.quote}”
            </blockquote>
            <p className="citation-foot">
              <span data-testid="citation-fetched">
                {t("answer.citation.fetched", { date: formatDate(c.fetchedAt, locale) })}
              </span>
              {" · "}
              <a href={c.url} target="_blank" rel="noreferrer noopener" data-testid="citation-link">
                {c.url}
              </a>
            </p>
          </li>
        ))}
      </ol>
    </section>
  )
}
