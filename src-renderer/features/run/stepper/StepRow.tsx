import type { SourceSummary } from "../../../../src-shared/events/payloads"
import type { MessageKey } from "../../../i18n/catalog"
import { useI18n } from "../../../i18n/i18n-context"
import { isMessageKey } from "../../../i18n/translate"
import { formatDatesIn } from "../../../format/dates"
import { formatDuration } from "../../../format/duration"
import type { ClarificationRound } from "../../../reasoning/clarifications"
import type { StepStatus, StepView } from "../../../reasoning/selectors"

// One stage of the live stepper: an icon, the stage name, and either its one-line summary (done)
// or its live lines (current, failed, or opened by the user). Each line shows once: collapsed,
// the headline is the latest line; open, the lines are listed and the headline says what runs.

const ICON: Record<StepStatus, string> = {
  pending: "○",
  active: "●",
  done: "✓",
  failed: "✕",
  awaiting: "?",
  skipped: "–",
}

interface StepRowProps {
  step: StepView
  isCurrent: boolean
  expanded: boolean
  onToggle: () => void
  /** Sources found so far; shown under SOURCES while it runs and when opened. */
  sources: readonly SourceSummary[]
  /** Clarification rounds so far; listed under CLARIFICATION in place of its raw lines. */
  clarificationRounds?: readonly ClarificationRound[]
}

export function StepRow({
  step,
  isCurrent,
  expanded,
  onToggle,
  sources,
  clarificationRounds = [],
}: StepRowProps) {
  const { t, locale } = useI18n()
  const title = t(`stage.${step.stage}`)
  const statusText = t(`step.${step.status}`)
  const hasBody =
    step.messages.length > 0 || step.error !== null || (step.stage === "SOURCES" && sources.length > 0)
  // Dates the engine wrote as ISO in its lines are shown the way people read dates.
  const headline = formatDatesIn(
    step.status === "done"
      ? (step.summary ?? "")
      : step.status === "active" || step.status === "awaiting"
        ? activeText(step, t, expanded ? bodyLines(step, sources) : null)
        : "",
    locale,
  )
  const bodyId = `step-body-${step.stage}`
  return (
    <li
      className={`step step-${step.status}${isCurrent ? " step-current" : ""}`}
      aria-current={isCurrent ? "step" : undefined}
      data-testid={`step-${step.stage}`}
      data-status={step.status}
    >
      <button
        type="button"
        className="step-head"
        aria-expanded={hasBody ? expanded : undefined}
        aria-controls={hasBody ? bodyId : undefined}
        onClick={onToggle}
        disabled={!hasBody}
        data-testid={`step-toggle-${step.stage}`}
      >
        <span className="step-icon" aria-hidden="true">
          {ICON[step.status]}
        </span>
        <span className="step-title">{title}</span>
        <span className="sr-only">, {statusText}</span>
        {headline && (
          <span className="step-summary" data-testid={`step-summary-${step.stage}`}>
            {headline}
          </span>
        )}
        {step.durationMs !== null && step.status === "done" && (
          <span className="step-duration">{formatDuration(step.durationMs, locale)}</span>
        )}
      </button>
      {hasBody && expanded && (
        <StepBody id={bodyId} step={step} sources={sources} clarificationRounds={clarificationRounds} />
      )}
    </li>
  )
}

/** An open stage: its error, the sources found (SOURCES), the rounds (CLARIFICATION) or its lines. */
function StepBody({
  id,
  step,
  sources,
  clarificationRounds,
}: {
  id: string
  step: StepView
  sources: readonly SourceSummary[]
  clarificationRounds: readonly ClarificationRound[]
}) {
  const { t, locale } = useI18n()
  return (
    <div className="step-body" id={id}>
      {step.error && (
        <p className="step-error" role="alert">
          {t(`error.code.${step.error.code}`)} {step.error.message}
        </p>
      )}
      {step.stage === "SOURCES" && sources.length > 0 && (
        <ul className="step-sources" aria-label={t("stepper.sourcesFound")} data-testid="step-sources">
          {sources.map((source) => (
            <li key={source.id}>
              <span className="source-name">{source.name}</span>{" "}
              <span className={`authority authority-${source.authority}`}>
                {t(`authority.${source.authority}`)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {step.stage === "CLARIFICATION" && clarificationRounds.length > 0 ? (
        <ClarificationRounds rounds={clarificationRounds} />
      ) : (
        step.messages.length > 0 &&
        step.stage !== "SOURCES" && (
          <ul className="step-messages" data-testid={`step-messages-${step.stage}`}>
            {step.messages.map((line, i) => (
              <li key={i}>{formatDatesIn(line, locale)}</li>
            ))}
          </ul>
        )
      )}
    </div>
  )
}

/** Each question the run asked, with the answer given or a note that it waits for one. */
function ClarificationRounds({ rounds }: { rounds: readonly ClarificationRound[] }) {
  const { t } = useI18n()
  return (
    <ol className="step-messages step-rounds" data-testid="step-clarification-rounds">
      {rounds.map((round) => (
        <li
          key={round.seq}
          data-testid="step-clarification-round"
          data-state={round.answerText === undefined ? "awaiting" : "answered"}
        >
          <span className="round-question">{round.asked.question}</span>{" "}
          {round.answerText === undefined ? (
            <span className="round-answer muted">{t("stepper.round.waiting")}</span>
          ) : (
            <span className="round-answer">{t("stepper.round.answered", { answer: round.answerText })}</span>
          )}
        </li>
      ))}
    </ol>
  )
}

/** The lines an open body lists: the sources found for SOURCES, the live lines otherwise. */
function bodyLines(step: StepView, sources: readonly SourceSummary[]): readonly string[] | null {
  const lines = step.stage === "SOURCES" ? sources.map((source) => source.name) : step.messages
  return lines.length > 0 ? lines : null
}

/** Collapsed: the latest line. Open: what the stage is doing, unless a listed line says it already. */
function activeText(
  step: StepView,
  t: (key: MessageKey) => string,
  listedLines: readonly string[] | null,
): string {
  const latest = step.messages[step.messages.length - 1]
  if (latest && listedLines === null) return latest
  const key = `stageActive.${step.stage}`
  const working = isMessageKey(key) ? t(key) : ""
  return listedLines?.includes(working) ? "" : working
}
