import { useId, useState, type ReactNode } from "react"
import type { Locale, ReasoningStage } from "../../../../src-shared/events/stages"
import { formatDatesIn } from "../../../format/dates"
import { useI18n } from "../../../i18n/i18n-context"

// One reasoning card (seed 001 §6 ReasoningCard): collapsed to the stage's summary, expandable.
// A date the engine wrote as ISO in a summary is shown the way people read dates, in the language
// the summary is written in (the run's), so one line never mixes "Stanje na dan" with "1 July 2025".

export interface StageCardProps {
  stage: ReasoningStage
  summary: string
  defaultExpanded: boolean
  /** A badge next to the summary (confidence). */
  badge?: ReactNode
  children: ReactNode
  /** The language the engine wrote the summary in; the UI language when unknown. */
  textLanguage?: Locale
}

export function StageCard({ stage, summary, defaultExpanded, badge, children, textLanguage }: StageCardProps) {
  const { t, locale } = useI18n()
  const summaryLanguage = textLanguage ?? locale
  const [expanded, setExpanded] = useState(defaultExpanded)
  const bodyId = useId()
  return (
    <li className={`stage-card${expanded ? " is-open" : ""}`} data-testid={`card-${stage}`}>
      <button
        type="button"
        className="stage-card-head"
        aria-expanded={expanded}
        aria-controls={bodyId}
        onClick={() => setExpanded((open) => !open)}
        data-testid={`card-toggle-${stage}`}
      >
        <span className="stage-card-check" aria-hidden="true">
          ✓
        </span>
        <span className="stage-card-title">{t(`stage.${stage}`)}</span>
        <span className="stage-card-summary" lang={summaryLanguage} data-testid={`card-summary-${stage}`}>
          {formatDatesIn(summary, summaryLanguage)}
        </span>
        {badge}
        <span className="chevron" aria-hidden="true">
          {expanded ? "▾" : "▸"}
        </span>
        <span className="sr-only">{t(expanded ? "common.hideDetails" : "common.showDetails")}</span>
      </button>
      {expanded && (
        <div className="stage-card-body" id={bodyId} data-testid={`card-body-${stage}`}>
          {children}
        </div>
      )}
    </li>
  )
}
