import { useState, type ReactNode } from "react"
import type { ReasoningEvent } from "../../src-shared/events/event"
import type { RiskTier } from "../../src-shared/events/stages"
import { useI18n } from "../i18n/i18n-context"
import { selectAsOfDates, selectClarificationRounds } from "../reasoning/clarifications"
import { findEvent, selectSources } from "../reasoning/selectors"
import { ApplicabilityDetail } from "./ApplicabilityDetail"
import { ConfidenceBadge, ConfidenceDetail } from "./ConfidenceDetail"
import { AnalysisDetail, ConflictsDetail } from "./details-analysis"
import { ClarificationDetail, ContextDetail, IntakeDetail, RetrievalDetail } from "./details-basic"
import { SourcesDetail } from "./SourcesDetail"
import { StageCard } from "./StageCard"

// After completion the stepper becomes one card per completed stage (seed 001 §6), each collapsed
// to its summary. For T3 runs the whole list sits behind one "show the reasoning" button.

export function ReasoningCards({
  events,
  riskTier,
}: {
  events: readonly ReasoningEvent[]
  riskTier: RiskTier | null
}) {
  const { t, tn } = useI18n()
  const [open, setOpen] = useState(riskTier !== "T3")
  const cards: ReactNode[] = []

  const intake = findEvent(events, "QUESTION_INTAKE", "complete")
  if (intake)
    cards.push(
      <StageCard key="i" stage="QUESTION_INTAKE" summary={intake.data.summary} defaultExpanded={false}>
        <IntakeDetail event={intake} />
      </StageCard>,
    )
  const context = findEvent(events, "CONTEXT_RESOLUTION", "complete")
  if (context)
    cards.push(
      <StageCard key="c" stage="CONTEXT_RESOLUTION" summary={context.data.summary} defaultExpanded={false}>
        <ContextDetail event={context} asOf={selectAsOfDates(events)} />
      </StageCard>,
    )
  const answered = selectClarificationRounds(events).filter((round) => round.answer !== undefined)
  if (answered.length > 0)
    cards.push(
      <StageCard
        key="q"
        stage="CLARIFICATION"
        summary={answered.map((round) => round.answer?.confirmedContext).join(" · ")}
        defaultExpanded={false}
      >
        <ClarificationDetail rounds={answered} />
      </StageCard>,
    )
  const sources = findEvent(events, "SOURCES", "complete")
  if (sources)
    cards.push(
      <StageCard key="s" stage="SOURCES" summary={sources.data.summary} defaultExpanded={false}>
        <SourcesDetail sources={selectSources(events)} />
      </StageCard>,
    )
  const retrieval = findEvent(events, "RETRIEVAL", "complete")
  if (retrieval)
    cards.push(
      <StageCard key="r" stage="RETRIEVAL" summary={retrieval.data.summary} defaultExpanded={false}>
        <RetrievalDetail event={retrieval} />
      </StageCard>,
    )
  const applicability = findEvent(events, "APPLICABILITY", "complete")
  if (applicability)
    cards.push(
      <StageCard key="a" stage="APPLICABILITY" summary={applicability.data.summary} defaultExpanded={false}>
        <ApplicabilityDetail event={applicability} />
      </StageCard>,
    )
  const conflicts = findEvent(events, "CONFLICTS", "complete")
  if (conflicts)
    cards.push(
      <StageCard key="x" stage="CONFLICTS" summary={conflicts.data.summary} defaultExpanded={false}>
        <ConflictsDetail event={conflicts} />
      </StageCard>,
    )
  const analysis = findEvent(events, "ANALYSIS", "complete")
  if (analysis) {
    const checkpoints = events.filter(
      (e): e is Extract<ReasoningEvent, { stage: "ANALYSIS"; status: "checkpoint" }> =>
        e.stage === "ANALYSIS" && e.status === "checkpoint",
    )
    cards.push(
      <StageCard key="n" stage="ANALYSIS" summary={analysis.data.summary} defaultExpanded={false}>
        <AnalysisDetail event={analysis} checkpoints={checkpoints} />
      </StageCard>,
    )
  }
  const confidence = findEvent(events, "CONFIDENCE", "complete")
  if (confidence)
    cards.push(
      <StageCard
        key="f"
        stage="CONFIDENCE"
        summary={confidence.data.summary}
        badge={<ConfidenceBadge payload={confidence.data} />}
        defaultExpanded={false}
      >
        <ConfidenceDetail event={confidence} />
      </StageCard>,
    )

  if (cards.length === 0) return null
  return (
    <section className="reasoning-cards" aria-labelledby="cards-heading" data-testid="reasoning-cards">
      <div className="section-head">
        <h3 id="cards-heading">{t("cards.title")}</h3>
        {riskTier === "T3" && (
          <button
            type="button"
            className="button-quiet"
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
            data-testid="cards-toggle-all"
          >
            {open ? t("cards.hideAll") : tn("cards.showAll", cards.length)}
          </button>
        )}
      </div>
      {open && <ol className="stage-cards">{cards}</ol>}
    </section>
  )
}
