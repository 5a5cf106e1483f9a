import { useState } from "react"
import type { SourceSummary } from "../../../../src-shared/events/payloads"
import { useI18n } from "../../../i18n/i18n-context"
import { formatDate } from "../../../format/dates"

// The sources card: the top three, then "+ N more" to see the rest.

const TOP = 3

export function SourcesDetail({ sources }: { sources: readonly SourceSummary[] }) {
  const { t, locale } = useI18n()
  const [all, setAll] = useState(false)
  if (sources.length === 0) return <p>{t("cards.sources.none")}</p>
  const shown = all ? sources : sources.slice(0, TOP)
  const hidden = sources.length - shown.length
  return (
    <>
      <ul className="source-list" data-testid="sources-list">
        {shown.map((s) => (
          <li key={s.id} data-testid="source-item">
            <span className="source-name">{s.name}</span>
            <span className={`authority authority-${s.authority}`}>{t(`authority.${s.authority}`)}</span>
            <span className="muted">
              {t("cards.sources.evidence", { count: s.evidenceCount })}
              {s.latestFetchedAt
                ? ` · ${t("answer.citation.fetched", { date: formatDate(s.latestFetchedAt, locale) })}`
                : ""}
            </span>
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <button
          type="button"
          className="button-quiet"
          onClick={() => setAll(true)}
          data-testid="sources-more"
        >
          {t("cards.sources.more", { count: hidden })}
        </button>
      )}
      {all && sources.length > TOP && (
        <button
          type="button"
          className="button-quiet"
          onClick={() => setAll(false)}
          data-testid="sources-fewer"
        >
          {t("cards.sources.fewer")}
        </button>
      )}
    </>
  )
}
