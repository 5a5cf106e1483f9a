import { useI18n } from "../../../i18n/i18n-context"
import { useModelThought } from "./use-model-thought"
import "./model.css"

// Under the stepper while a run is under way: the local model's newest thought, on one clipped
// line (seed 004 §7.1), and a polite live region that reads it out now and then. Nothing at all
// when no thought has come (the provider is off, or the model is silent).

export function ModelThoughtLine({ requestId }: { requestId: string }) {
  const { t } = useI18n()
  const { text, announced } = useModelThought(requestId)
  return (
    <>
      {text !== null && (
        <p className="model-thought-line" data-testid="model-thought" title={text}>
          <span className="model-thought-label">{t("model.live.label")}:</span> <span className="model-thought-text">{text}</span>
        </p>
      )}
      <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="model-thought-announce">
        {announced === "" ? "" : `${t("model.live.label")}: ${announced}`}
      </p>
    </>
  )
}
