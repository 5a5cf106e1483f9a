import { useState, type Ref } from "react"
import type { SourceSummary } from "../../../../src-shared/events/payloads"
import type { ReasoningStage, RiskTier } from "../../../../src-shared/events/stages"
import { useI18n } from "../../../i18n/i18n-context"
import type { ClarificationRound } from "../../../reasoning/clarifications"
import { isMessageKey } from "../../../i18n/translate"
import {
  STALL_AFTER_MS,
  selectCurrentStage,
  type StepView,
  type StreamState,
} from "../../../reasoning/selectors"
import { Liveness } from "./Liveness"
import { StepRow } from "./StepRow"
import "./stepper.css"

// The live stepper of seed 001 §6. Adaptive intensity collapses presentation only: T0/T1 open the
// current stage, T2 keeps every stage to one line until clicked, T3 is a pill that opens the list.

export interface ReasoningStepperProps {
  steps: readonly StepView[]
  streamState: StreamState
  riskTier: RiskTier | null
  sources: readonly SourceSummary[]
  /** The clarification rounds so far; listed under CLARIFICATION, answered ones with their answer. */
  clarificationRounds?: readonly ClarificationRound[]
  lastActivityAt: number | null
  onRetry?: () => void
  onStop?: () => void
  headingRef?: Ref<HTMLHeadingElement>
}

function opensCurrent(tier: RiskTier | null): boolean {
  return tier === null || tier === "T0" || tier === "T1"
}

export function ReasoningStepper(props: ReasoningStepperProps) {
  const { steps, streamState, riskTier, sources, clarificationRounds = [], onRetry } = props
  const { t } = useI18n()
  const [pillOpen, setPillOpen] = useState(false)
  const { current, isExpanded, toggle } = useStepExpansion(steps, riskTier)
  const running = streamState === "streaming" || streamState === "awaiting_input" || streamState === "stalled"
  const compact = riskTier === "T3" && !pillOpen

  return (
    <section
      className={`stepper tier-${riskTier ?? "unknown"}`}
      aria-labelledby="stepper-heading"
      data-testid="stepper"
      data-stream-state={streamState}
    >
      <StepperHead
        running={running}
        awaitingInput={streamState === "awaiting_input"}
        lastActivityAt={props.lastActivityAt}
        onStop={props.onStop}
        headingRef={props.headingRef}
      />
      <StepperAnnouncer steps={steps} current={current} />
      {riskTier === "T3" && (
        <StepperPill
          steps={steps}
          current={current}
          compact={compact}
          live={compact && running}
          onToggle={() => setPillOpen((open) => !open)}
        />
      )}
      {!compact && (
        <ol className="steps" id="stepper-steps" aria-label={t("stepper.label")}>
          {steps.map((step) => (
            <StepRow
              key={step.stage}
              step={step}
              isCurrent={step.stage === current}
              expanded={isExpanded(step)}
              onToggle={() => toggle(step)}
              sources={sources}
              clarificationRounds={clarificationRounds}
            />
          ))}
        </ol>
      )}
      <StepperNotices streamState={streamState} onRetry={onRetry} />
    </section>
  )
}

/** Which stages are open: the user's clicks, else failed ones and (T0/T1) the current one. */
function useStepExpansion(steps: readonly StepView[], riskTier: RiskTier | null) {
  const [overrides, setOverrides] = useState<Partial<Record<ReasoningStage, boolean>>>({})
  const current = selectCurrentStage(steps)
  const isExpanded = (step: StepView) =>
    overrides[step.stage] ?? (step.status === "failed" || (step.stage === current && opensCurrent(riskTier)))
  const toggle = (step: StepView) => setOverrides((o) => ({ ...o, [step.stage]: !isExpanded(step) }))
  return { current, isExpanded, toggle }
}

function StepperHead({
  running,
  lastActivityAt,
  onStop,
  headingRef,
  awaitingInput,
}: Pick<ReasoningStepperProps, "lastActivityAt" | "onStop" | "headingRef"> & {
  running: boolean
  awaitingInput: boolean
}) {
  const { t } = useI18n()
  return (
    <header className="stepper-head">
      <h2 id="stepper-heading" tabIndex={-1} ref={headingRef}>
        {t("stepper.label")}
      </h2>
      {/* Liveness is about a run that can still change; a finished or stored one has none. */}
      {running && <Liveness lastActivityAt={lastActivityAt} />}
      {/* While the run waits for a clarification, the prompt's cancel is the one way to stop it. */}
      {onStop && running && !awaitingInput && (
        <button type="button" className="button-quiet" onClick={onStop} data-testid="stepper-stop">
          {t("stepper.stop")}
        </button>
      )}
    </header>
  )
}

/** Tells screen readers which stage is current and how it stands. */
function StepperAnnouncer({
  steps,
  current,
}: {
  steps: readonly StepView[]
  current: ReasoningStage | null
}) {
  const { t } = useI18n()
  const currentStep = steps.find((s) => s.stage === current)
  const announcement = currentStep
    ? t("stepper.announce", {
        stage: t(`stage.${currentStep.stage}`),
        status: t(`step.${currentStep.status}`),
      })
    : ""
  return (
    <div className="sr-only" aria-live="polite" data-testid="stepper-announcer">
      {announcement}
    </div>
  )
}

/** T3: one pill with the current stage's latest line; it opens and closes the list of stages. */
function StepperPill({
  steps,
  current,
  compact,
  live,
  onToggle,
}: {
  steps: readonly StepView[]
  current: ReasoningStage | null
  compact: boolean
  live: boolean
  onToggle: () => void
}) {
  const { t } = useI18n()
  const currentStep = steps.find((s) => s.stage === current)
  const pillKey = current ? `stageActive.${current}` : ""
  const pillText =
    currentStep?.messages[currentStep.messages.length - 1] ?? (isMessageKey(pillKey) ? t(pillKey) : "")
  return (
    <button
      type="button"
      className={`pill${live ? " pill-live" : ""}`}
      aria-expanded={!compact}
      aria-controls="stepper-steps"
      onClick={onToggle}
      data-testid="stepper-pill"
    >
      <span className="pill-dot" aria-hidden="true" />
      {compact && pillText ? pillText : t(compact ? "stepper.pill.open" : "stepper.pill.close")}
    </button>
  )
}

/** A stalled run (no event for a while) and an interrupted one say so, with retry. */
function StepperNotices({ streamState, onRetry }: { streamState: StreamState; onRetry?: () => void }) {
  const { t } = useI18n()
  if (streamState === "stalled")
    return (
      <div className="notice notice-warning" role="alert" data-testid="stepper-stalled">
        <strong>{t("stepper.stalled.title")}</strong>
        <p>{t("stepper.stalled.body", { seconds: STALL_AFTER_MS / 1000 })}</p>
        {onRetry && (
          <button type="button" onClick={onRetry} data-testid="stepper-retry">
            {t("common.retry")}
          </button>
        )}
      </div>
    )
  if (streamState === "interrupted")
    return (
      <div className="notice notice-info" data-testid="stepper-interrupted">
        <p>{t("stepper.interrupted")}</p>
        {onRetry && (
          <button type="button" onClick={onRetry} data-testid="stepper-retry">
            {t("trace.askAgain")}
          </button>
        )}
      </div>
    )
  return null
}
