import type { ModelRunView } from "../../../../src-shared/model-provider"
import { call } from "../../../api/client"
import { useI18n } from "../../../i18n/i18n-context"
import { useStores } from "../../../state/stores"
import { useLoaded } from "../../export/use-export-host"
import "./model.css"

// After a run's answer: the local model's part, read from the trace (trace format 2) — a note when
// it did not finish or its draft was discarded, its thinking by stage (seed 004 §6, §7.3) and, when
// the guard accepted it, its wording of the answer; what it proposed at a topic clarification and
// whether it was taken; for a run resumed after a restart, that its part before the pause is gone.
// A what-if run has no model part: it says the thoughts belong to the run it was made from. A run
// without a model part (and a what-if of one) shows nothing.

export function ModelPart({ requestId, terminalId }: { requestId: string; terminalId: string }) {
  const { api } = useStores()
  const loaded = useLoaded(() => call("model.run", { requestId }, api), [api, requestId, terminalId])
  if (loaded.state !== "ready") return null
  const { originalRun } = loaded.value
  if (!loaded.value.present)
    return typeof originalRun === "string" ? <HypotheticalNote /> : null
  return <ModelPartView part={loaded.value} />
}

/** A what-if is the engine's hypothetical: the model is never asked for one. */
function HypotheticalNote() {
  const { t } = useI18n()
  return (
    <p className="notice model-note" role="note" data-testid="model-hypothetical-note">
      {t("model.note.hypothetical")}
    </p>
  )
}

function ProposalNote({ proposal }: { proposal: NonNullable<ModelRunView["proposal"]> }) {
  const { t } = useI18n()
  const text =
    proposal.outcome === "offered"
      ? t(proposal.chosen === true ? "model.proposal.taken" : "model.proposal.notTaken", { label: proposal.option?.label ?? "" })
      : t("model.proposal.discarded", { why: t(`model.proposal.why.${proposal.why ?? "none"}`) })
  return (
    <p className="notice model-note" role="note" data-testid="model-proposal-note" data-outcome={proposal.outcome} data-why={proposal.why ?? ""}>
      {text}
    </p>
  )
}

function ModelPartView({ part }: { part: ModelRunView }) {
  const { t } = useI18n()
  const { draft, reason, steps, proposal } = part
  return (
    <>
      {proposal !== null && proposal !== undefined && <ProposalNote proposal={proposal} />}
      {part.earlierPart === "not_kept" && (
        <p className="notice model-note" role="note" data-testid="model-not-kept-note">
          {t("model.note.notKept")}
        </p>
      )}
      {reason !== null && reason !== "finished" && (
        <p className="notice model-note" role="note" data-testid="model-note" data-reason={reason}>
          {t("model.note.end", { why: t(`model.why.${reason}`) })}
        </p>
      )}
      {draft !== null && !draft.accepted && (
        <p className="notice model-note" role="note" data-testid="model-draft-note">
          {t("model.note.draftRejected", { problems: draft.problems.slice(0, 3).join("; ") })}
        </p>
      )}
      {(steps.length > 0 || draft?.accepted === true) && (
        <section className="model-part" aria-label={t("model.part.heading")} data-testid="model-part">
          {steps.length > 0 && <ModelSteps part={part} />}
          {draft?.accepted === true && (
            <div className="model-draft" data-testid="model-draft">
              <h3>{t("model.part.draft")}</h3>
              <p>{draft.text}</p>
            </div>
          )}
        </section>
      )}
    </>
  )
}

function ModelSteps({ part }: { part: ModelRunView }) {
  const { t } = useI18n()
  return (
    <div data-testid="model-steps">
      <h3>{t("model.part.heading")}</h3>
      <ol>
        {part.steps.map((step) => (
          <li key={step.stage} data-stage={step.stage}>
            <span className="model-stage">{t(`stage.${step.stage}`)}:</span> {step.thought}
          </li>
        ))}
      </ol>
      {part.model !== null && <p className="hint">{t("model.part.model", { model: part.model })}</p>}
    </div>
  )
}
