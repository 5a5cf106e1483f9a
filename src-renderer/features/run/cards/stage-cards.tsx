import { cloneElement, isValidElement, type ReactNode } from "react"
import type { Locale } from "../../../../src-shared/events/stages"
import { runLanguageOf } from "../../answer/answer-language"
import type { ReasoningEvent } from "../../../../src-shared/events/event"
import { selectAsOfDates, selectClarificationRounds } from "../../../reasoning/clarifications"
import { findEvent, selectSources } from "../../../reasoning/selectors"
import { ApplicabilityDetail } from "./ApplicabilityDetail"
import { ConfidenceBadge, ConfidenceDetail } from "./ConfidenceDetail"
import { AnalysisDetail, ConflictsDetail } from "./details-analysis"
import { ClarificationDetail, ContextDetail, IntakeDetail, RetrievalDetail } from "./details-basic"
import { SourcesDetail } from "./SourcesDetail"
import { StageCard } from "./StageCard"

// One card per completed stage, in the pipeline's order, each collapsed to its summary: the
// stages that find out what is asked and where the answer comes from, then those that decide it.

export function stageCards(events: readonly ReasoningEvent[]): ReactNode[] {
  // Every summary is the engine's, in the run's language: each card is told which (StageCard).
  const language = runLanguageOf(events)
  return [...questionAndSourceCards(events), ...decisionCards(events)].map((card) =>
    isValidElement<{ textLanguage?: Locale }>(card) ? cloneElement(card, { textLanguage: language }) : card,
  )
}

/** Intake, context, the answered clarifications, sources and retrieval. */
function questionAndSourceCards(events: readonly ReasoningEvent[]): ReactNode[] {
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
        <RetrievalDetail event={retrieval} focusSubjects={intake?.data.focus?.subjects} />
      </StageCard>,
    )
  return cards
}

/** Applicability, conflicts, analysis (with its checkpoints) and confidence. */
function decisionCards(events: readonly ReasoningEvent[]): ReactNode[] {
  const cards: ReactNode[] = []
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
        <ConfidenceDetail
          event={confidence}
          runLanguage={findEvent(events, "QUESTION_INTAKE", "complete")?.data.language}
        />
      </StageCard>,
    )
  return cards
}
