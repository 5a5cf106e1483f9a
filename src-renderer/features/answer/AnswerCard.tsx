import type { ReactNode, Ref } from "react"
import type { TerminalEvent } from "../../../src-shared/events/event"
import type { FinalAnswerPayload } from "../../../src-shared/events/payloads"
import { useI18n } from "../../i18n/i18n-context"
import type { AnswerContext } from "./answer-context"
import { AnswerContextLine } from "./AnswerContextLine"
import { answerText } from "./answer-text"
import { Citations } from "./Citations"
import { ConditionalBranches, ConflictWarnings, ErrorBody, RefusalBody } from "./OutcomeParts"
import { PaperActions } from "./PaperActions"
import { ReportProblem } from "./ReportProblem"
import { Structured, TextList } from "./Structured"
import "./answer.css"

// The terminal card, one look per outcome (seed 001 §6 AnswerCard, plus CONDITIONAL_ANSWER).

export interface AnswerCardProps {
  terminal: TerminalEvent
  onRetry?: () => void
  headingRef?: Ref<HTMLHeadingElement>
  /** The client and as-of date the run was answered for, shown under the outcome label. */
  context?: AnswerContext
  /**
   * The stored run this card answers: given, the card ends with "Print and PDF", "Copy for e-mail"
   * (issue 23) and "Report a problem" (issue 19). Not for an ERROR, which answered nothing.
   */
  reportRunId?: string
}

function AnswerBody({ payload }: { payload: FinalAnswerPayload }) {
  const { t, locale } = useI18n()
  return (
    <>
      <p className="answer-text" data-testid="answer-text">
        {answerText(payload, locale)}
      </p>
      <Structured structured={payload.structured} />
      <Citations citations={payload.citations} />
      <TextList title={t("answer.limits")} lines={payload.limits} testId="answer-limits" />
      <p className="answer-foot muted">{t("answer.rules", { count: payload.eligibleRuleCount })}</p>
    </>
  )
}

export function AnswerCard({ terminal, onRetry, headingRef, context, reportRunId }: AnswerCardProps) {
  const { t } = useI18n()
  const heading = (text: string) => (
    <h3 className="answer-heading" tabIndex={-1} ref={headingRef} data-testid="answer-heading">
      {text}
    </h3>
  )
  const frame = (kind: string, children: ReactNode) => (
    <article
      className={`answer-card answer-${kind}`}
      data-testid="answer-card"
      data-outcome={terminal.stage}
      aria-label={t(`stage.${terminal.stage}`)}
    >
      <p className="answer-kind">{t(`stage.${terminal.stage}`)}</p>
      {context && terminal.stage !== "ERROR" && <AnswerContextLine context={context} />}
      {children}
      {reportRunId !== undefined && terminal.stage !== "ERROR" && (
        <>
          <PaperActions key={`paper-${reportRunId}`} runId={reportRunId} />
          <ReportProblem key={reportRunId} runId={reportRunId} />
        </>
      )}
    </article>
  )
  switch (terminal.stage) {
    case "ANSWER":
      return frame(
        "answer",
        <>
          {heading(terminal.data.headline)}
          <AnswerBody payload={terminal.data} />
        </>,
      )
    case "QUALIFIED_ANSWER":
      return frame(
        "qualified",
        <>
          {heading(terminal.data.headline)}
          <ConflictWarnings warnings={terminal.data.conflictWarnings} />
          <AnswerBody payload={terminal.data} />
          <TextList title={t("answer.caveats")} lines={terminal.data.caveats} testId="answer-caveats" />
        </>,
      )
    case "CONDITIONAL_ANSWER":
      return frame(
        "conditional",
        <>
          {heading(terminal.data.headline)}
          <ConditionalBranches payload={terminal.data} />
          <AnswerBody payload={terminal.data} />
        </>,
      )
    case "REFUSAL":
      return frame(
        "refusal",
        <>
          {heading(t("refusal.title"))}
          <RefusalBody payload={terminal.data} />
        </>,
      )
    case "ERROR":
      return frame(
        "error",
        <>
          {heading(t(terminal.data.code === "CANCELLED" ? "error.stoppedTitle" : "error.title"))}
          <ErrorBody payload={terminal.data} onRetry={onRetry} />
        </>,
      )
  }
}
