import type { ReasoningEvent } from "../../../src-shared/events/event"
import { isTerminalStage, STEPPER_STAGES, type ReasoningStage } from "../../../src-shared/events/stages"
import { useI18n } from "../../i18n/i18n-context"

// The re-run stages of a counterfactual in one line: APPLICABILITY, CONFLICTS, ANALYSIS,
// CONFIDENCE and the outcome, each pending, running or done as its events arrive.

/** The stages a counterfactual re-runs; a full re-run (which starts at QUESTION_INTAKE) shows them all. */
const RERUN_STAGES = [
  "APPLICABILITY",
  "CONFLICTS",
  "ANALYSIS",
  "CONFIDENCE",
] as const satisfies readonly ReasoningStage[]

type StepState = "pending" | "active" | "done"

export function stepStates(
  events: readonly ReasoningEvent[],
): Array<{ stage: ReasoningStage; state: StepState }> {
  const started = new Set<ReasoningStage>(events.filter((e) => e.status === "started").map((e) => e.stage))
  const done = new Set<ReasoningStage>(events.filter((e) => e.status === "complete").map((e) => e.stage))
  const terminal = events.find((e) => isTerminalStage(e.stage))
  const stages: readonly ReasoningStage[] = events.some((e) => e.stage === "QUESTION_INTAKE")
    ? STEPPER_STAGES
    : RERUN_STAGES
  const steps: Array<{ stage: ReasoningStage; state: StepState }> = stages.map((stage) => ({
    stage,
    state: done.has(stage) ? "done" : started.has(stage) ? "active" : "pending",
  }))
  if (terminal) steps.push({ stage: terminal.stage, state: "done" })
  return steps
}

export function CompactStepper({ events }: { events: readonly ReasoningEvent[] }) {
  const { t } = useI18n()
  const steps = stepStates(events)
  return (
    <ol className="whatif-stepper" aria-label={t("whatif.stepper.label")} data-testid="whatif-stepper">
      {steps.map(({ stage, state }) => (
        <li
          key={stage}
          className={`whatif-step is-${state}`}
          data-testid={`whatif-step-${stage}`}
          data-status={state}
        >
          <span aria-hidden="true">{state === "done" ? "✓" : state === "active" ? "…" : "○"}</span>{" "}
          {t(`stage.${stage}`)}
        </li>
      ))}
    </ol>
  )
}
