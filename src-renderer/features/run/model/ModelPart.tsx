import type { ModelRunView } from "../../../../src-shared/model-provider"
import { call } from "../../../api/client"
import { useI18n } from "../../../i18n/i18n-context"
import { useStores } from "../../../state/stores"
import { useLoaded } from "../../export/use-export-host"
import "./model.css"

// After a run's answer: the local model's part, read from the trace (trace format 2) — a note when
// it did not finish or its draft was discarded, its thinking by stage (seed 004 §6, §7.3) and, when
// the guard accepted it, its wording of the answer. A run without a model part shows nothing.

export function ModelPart({ requestId, terminalId }: { requestId: string; terminalId: string }) {
  const { api } = useStores()
  const loaded = useLoaded(() => call("model.run", { requestId }, api), [api, requestId, terminalId])
  if (loaded.state !== "ready" || !loaded.value.present) return null
  return <ModelPartView part={loaded.value} />
}

function ModelPartView({ part }: { part: ModelRunView }) {
  const { t } = useI18n()
  const { draft, reason, steps } = part
  return (
    <>
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
