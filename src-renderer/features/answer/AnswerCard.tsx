import type { ReactNode, Ref } from "react"
import type { TerminalEvent } from "../../../src-shared/events/event"
import type { FinalAnswerPayload } from "../../../src-shared/events/payloads"
import type { Locale } from "../../../src-shared/events/stages"
import { useI18n } from "../../i18n/i18n-context"
import type { AnswerContext } from "./answer-context"
import { AnswerContextLine } from "./AnswerContextLine"
import { AnswerLanguageNote } from "./AnswerLanguageNote"
import { answerText } from "./answer-text"
import type { SuppliedFact } from "./missing-facts"
import { Citations } from "./Citations"
import { DifferenceTable } from "../documents/DifferenceTable"
import { DocumentEvidenceList, restsOnDocuments } from "../documents/DocumentEvidenceList"
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
  /** The language the engine wrote this run in; labelled on the card when it is not the UI's. */
  textLanguage?: Locale
  /** A refusal's missing facts, supplied on the card, ask the question again (issue 23). */
  onSupply?: (facts: SuppliedFact[]) => Promise<void>
}

function AnswerBody({ payload, textLanguage }: { payload: FinalAnswerPayload; textLanguage?: Locale }) {
  const { t, locale } = useI18n()
  // The English text, where the run has one, is shown to an English UI (answer-text.ts).
  const shownLanguage = locale === "en" && payload.answerEn !== undefined ? "en" : textLanguage
  return (
    <>
      <p className="answer-text" lang={shownLanguage} data-testid="answer-text">
        {answerText(payload, locale)}
      </p>
      <Structured structured={payload.structured} />
      <DifferenceTable payload={payload} />
      <Citations citations={payload.citations} />
      <DocumentEvidenceList payload={payload} />
      <TextList title={t("answer.limits")} lines={payload.limits} testId="answer-limits" />
      {!restsOnDocuments(payload) && <p className="answer-foot muted">{t("answer.rules", { count: payload.eligibleRuleCount })}</p>}
    </>
  )
}

export function AnswerCard(props: AnswerCardProps) {
  const { terminal, onRetry, headingRef, context, reportRunId, textLanguage, onSupply } = props
  const { t } = useI18n()
  // The headline of an answer is the engine's; the refusal's and the error's are the window's.
  const engineHeadline = terminal.stage !== "REFUSAL" && terminal.stage !== "ERROR"
  const heading = (text: string) => (
    <h3
      className="answer-heading"
      tabIndex={-1}
      ref={headingRef}
      lang={engineHeadline ? textLanguage : undefined}
      data-testid="answer-heading"
    >
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
      {textLanguage && terminal.stage !== "ERROR" && <AnswerLanguageNote language={textLanguage} />}
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
          <AnswerBody payload={terminal.data} textLanguage={textLanguage} />
        </>,
      )
    case "QUALIFIED_ANSWER":
      return frame(
        "qualified",
        <>
          {heading(terminal.data.headline)}
          <ConflictWarnings warnings={terminal.data.conflictWarnings} />
          <AnswerBody payload={terminal.data} textLanguage={textLanguage} />
          <TextList title={t("answer.caveats")} lines={terminal.data.caveats} testId="answer-caveats" />
        </>,
      )
    case "CONDITIONAL_ANSWER":
      return frame(
        "conditional",
        <>
          {heading(terminal.data.headline)}
          <ConditionalBranches payload={terminal.data} />
          <AnswerBody payload={terminal.data} textLanguage={textLanguage} />
        </>,
      )
    case "REFUSAL":
      return frame(
        "refusal",
        <>
          {heading(t("refusal.title"))}
          <RefusalBody payload={terminal.data} onSupply={onSupply} textLanguage={textLanguage} />
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
