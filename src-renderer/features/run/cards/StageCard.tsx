import { useId, useState, type ReactNode } from "react"
import type { ReasoningStage } from "../../../../src-shared/events/stages"
import { formatDatesIn } from "../../../format/dates"
import { useI18n } from "../../../i18n/i18n-context"

// One reasoning card (seed 001 §6 ReasoningCard): collapsed to the stage's summary, expandable.
// A date the engine wrote as ISO in a summary is shown the way people read dates.

export interface StageCardProps {
  stage: ReasoningStage
  summary: string
  defaultExpanded: boolean
  /** A badge next to the summary (confidence). */
  badge?: ReactNode
  children: ReactNode
}

export function StageCard({ stage, summary, defaultExpanded, badge, children }: StageCardProps) {
  const { t, locale } = useI18n()
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
        <span className="stage-card-summary" data-testid={`card-summary-${stage}`}>
          {formatDatesIn(summary, locale)}
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
