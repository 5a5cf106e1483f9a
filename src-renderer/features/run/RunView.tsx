import { useNavigate } from "@tanstack/react-router"
import { useEffect, useRef, useState } from "react"
import { useAnswerContext } from "../answer/answer-context"
import { runLanguageOf } from "../answer/answer-language"
import { rerunInput, type SuppliedFact } from "../answer/missing-facts"
import { AnswerCard } from "../answer/AnswerCard"
import { ApiError } from "../../api/client"
import { ReasoningCards } from "./cards/ReasoningCards"
import { useI18n } from "../../i18n/i18n-context"
import { ReasoningStepper } from "./stepper/ReasoningStepper"
import { ModelPart } from "./model/ModelPart"
import { ModelThoughtLine } from "./model/ModelThoughtLine"
import { useRuns, useStores } from "../../state/stores"
import type { AskInput } from "../../state/run-store"
import type { RunViewModel } from "./use-run"
import type { Locale } from "../../../src-shared/events/stages"
import "./run.css"

// One run as the user sees it: the stepper while it runs (and when it failed), then the answer
// card and the reasoning cards. Live and stored runs render through this same view.

export interface RunViewProps {
  requestId: string
  model: RunViewModel
  question: string | null
  onRetry?: () => void
  /** Move focus to the stepper when the view appears (right after submit). */
  focusOnMount?: boolean
}

function focusIsFree(container: HTMLElement | null): boolean {
  const active = document.activeElement
  return !active || active === document.body || (container?.contains(active) ?? false)
}

/**
 * What was asked for this run, to ask it again with a supplied fact: as submitted from this window,
 * else as stored (the same input the trace screen's "ask again" sends).
 */
function useAskedInput(requestId: string, model: RunViewModel): AskInput | null {
  const asked = useRuns().asks[requestId]
  const stored = model.run?.stored
  if (asked) return asked
  if (!stored) return null
  return { question: stored.question, asOfDate: stored.asOfDate, clientId: stored.clientId ?? undefined }
}

/** Asks the refused question again with the facts, the way the Ask screen asks, and shows the new
 *  run where new runs are shown (the Ask screen); the refused run stays in history. */
function useSupplyFacts(base: AskInput | null, language: Locale | undefined) {
  const { runs } = useStores()
  const navigate = useNavigate()
  if (base === null || language === undefined) return undefined
  return async (facts: SuppliedFact[]) => {
    await runs.ask(rerunInput(base, facts, language))
    await navigate({ to: "/" })
  }
}

export function RunView({ requestId, model, question, onRetry, focusOnMount }: RunViewProps) {
  const { t } = useI18n()
  const { runs } = useStores()
  const { steps, streamState, terminal, riskTier, sources, events, run, clarificationRounds } = model
  const textLanguage = runLanguageOf(events, run?.stored?.locale)
  const onSupply = useSupplyFacts(useAskedInput(requestId, model), textLanguage)
  const containerRef = useRef<HTMLDivElement>(null)
  const stepperHeadingRef = useRef<HTMLHeadingElement>(null)
  const answerHeadingRef = useRef<HTMLHeadingElement>(null)
  const endedAtMount = useRef(terminal !== undefined)
  const [stopError, setStopError] = useState<string | null>(null)
  const answerContext = useAnswerContext(events, terminal, run)

  useEffect(() => {
    if (focusOnMount) stepperHeadingRef.current?.focus()
  }, [focusOnMount, requestId])

  const terminalId = terminal?.id
  useEffect(() => {
    // The answer arriving live takes focus, unless the user is busy elsewhere (e.g. typing).
    if (terminalId && !endedAtMount.current && focusIsFree(containerRef.current))
      answerHeadingRef.current?.focus()
  }, [terminalId])

  const stop = async () => {
    setStopError(null)
    try {
      await runs.cancel(requestId)
    } catch (e) {
      if (e instanceof ApiError && e.code === "CONFLICT") {
        // The run had already ended (the Stop came too late): say so, and show how it ended.
        setStopError(t("stepper.stopEnded"))
        void runs.load(requestId).catch(() => undefined)
      } else setStopError(t("stepper.stopFailed", { message: e instanceof Error ? e.message : String(e) }))
    }
  }

  const showStepper = terminal === undefined || terminal.stage === "ERROR"
  return (
    <div className="run-view" ref={containerRef} data-testid="run-view" data-request-id={requestId}>
      {question && (
        <div className="run-question" data-testid="run-question">
          {/* A heading, so the answer's own heading (h3) sits under one: the stepper's h2 is gone once it answers. */}
          <h2 className="run-question-label">{t("ask.runFor")}</h2>
          <p>{question}</p>
        </div>
      )}
      {showStepper && (
        <ReasoningStepper
          steps={steps}
          streamState={streamState}
          riskTier={riskTier}
          sources={sources}
          clarificationRounds={clarificationRounds}
          lastActivityAt={run?.lastActivityAt ?? null}
          onRetry={onRetry}
          onStop={() => void stop()}
          headingRef={stepperHeadingRef}
        />
      )}
      {terminal === undefined && <ModelThoughtLine requestId={requestId} />}
      {stopError && (
        <p className="field-error" role="alert">
          {stopError}
        </p>
      )}
      {terminal && (
        <AnswerCard
          terminal={terminal}
          onRetry={onRetry}
          headingRef={answerHeadingRef}
          context={answerContext}
          reportRunId={requestId}
          textLanguage={textLanguage}
          onSupply={onSupply}
        />
      )}
      {terminal && <ModelPart requestId={requestId} terminalId={terminal.id} />}
      {terminal && terminal.stage !== "ERROR" && <ReasoningCards events={events} riskTier={riskTier} />}
    </div>
  )
}
