import { useEffect, useRef, useState } from "react"
import type { ModelProposalOffer } from "../../../../src-shared/model-provider"
import { useI18n } from "../../../i18n/i18n-context"
import { useStores } from "../../../state/stores"
import { useModelThought } from "./use-model-thought"
import "./model.css"

// Under the stepper while a run is under way: the local model's newest thought, on one clipped
// line (seed 004 §7.1), and a polite live region that reads it out now and then. Nothing at all
// when no thought has come (the provider is off, or the model is silent). While the run waits at
// a topic clarification, the model's proposal: one of the engine's own options, which the user
// may accept (the engine then runs on it like on any answer) or ignore by answering otherwise.

export function ModelThoughtLine({ requestId }: { requestId: string }) {
  const { t } = useI18n()
  const { text, announced, proposal } = useModelThought(requestId)
  return (
    <>
      {text !== null && (
        <p className="model-thought-line" data-testid="model-thought" title={text}>
          <span className="model-thought-label">{t("model.live.label")}:</span> <span className="model-thought-text">{text}</span>
        </p>
      )}
      {proposal !== null && <ModelProposal requestId={requestId} proposal={proposal} />}
      <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="model-thought-announce">
        {announced === "" ? "" : `${t("model.live.label")}: ${announced}`}
      </p>
    </>
  )
}

function ModelProposal({ requestId, proposal }: { requestId: string; proposal: ModelProposalOffer }) {
  const { t } = useI18n()
  const { runs } = useStores()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const regionRef = useRef<HTMLDivElement>(null)
  // The clarification sits below the run (docked), the proposal under the stepper: bring it into
  // view when it arrives, without taking the focus the clarification holds.
  useEffect(() => {
    regionRef.current?.scrollIntoView({ block: "nearest" })
  }, [proposal.value])
  const accept = async () => {
    setBusy(true)
    setError(null)
    try {
      await runs.answer(requestId, proposal.value)
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
      setBusy(false)
    }
  }
  return (
    <div className="model-proposal" ref={regionRef} role="region" aria-label={t("model.proposal.heading")} data-testid="model-proposal" data-value={proposal.value}>
      <p role="status">
        <span className="model-thought-label">{t("model.proposal.label")}:</span> {proposal.label}
      </p>
      <p className="hint">{t("model.proposal.hint")}</p>
      <button type="button" disabled={busy} onClick={() => void accept()} data-testid="model-proposal-accept">
        {t("model.proposal.accept")}
      </button>
      {error !== null && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
