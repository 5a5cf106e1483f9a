import { useEffect, useId, useRef, useState, type FormEvent } from "react"
import { FLAG_NOTE_MAX_LENGTH, type FlagDecisionKind } from "../../../src-shared/flags"
import { useI18n } from "../../i18n/i18n-context"
import type { MessageKey } from "../../i18n/catalog"
import { flagErrorKey } from "../../ui/flag-error"
import { RuleChangeLink } from "../rules/RuleChangeLink"

// A reviewer's decision on one flag: the note (what must change, e.g. the rule id; or why the
// report is rejected) and the decision's own button. A refusal keeps the typed note.

export interface DecisionFormProps {
  decision: FlagDecisionKind
  /** The flagged question, naming the form for screen readers. */
  question: string
  /** The note, and for a confirmation the rule change that fixes the answer (if one is chosen). */
  onDecide(note: string, ruleChangeId?: string): Promise<unknown>
  onCancel(): void
}

export function DecisionForm({ decision, question, onDecide, onCancel }: DecisionFormProps) {
  const { t } = useI18n()
  const id = useId()
  const [note, setNote] = useState("")
  const [error, setError] = useState<MessageKey | null>(null)
  const [busy, setBusy] = useState(false)
  // A confirmed report can name the rule change that fixes it (issue 19): stored with the decision.
  const [linked, setLinked] = useState("")
  const input = useRef<HTMLTextAreaElement>(null)

  useEffect(() => {
    input.current?.focus()
  }, [decision])

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (note.trim() === "") return setError("review.decisionRequired")
    setBusy(true)
    setError(null)
    try {
      await onDecide(note, decision === "confirmed" && linked !== "" ? linked : undefined)
    } catch (e) {
      setError(flagErrorKey(e, "decide"))
      setBusy(false)
    }
  }

  return (
    <form
      className="decision-form"
      aria-label={t("review.decisionFor", { question })}
      data-testid="decision-form"
      data-decision={decision}
      onSubmit={(e) => void submit(e)}
      onKeyDown={(e) => {
        if (e.key === "Escape") onCancel()
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-note`}>
          {t(decision === "confirmed" ? "review.confirmNote" : "review.rejectNote")}
        </label>
        <textarea
          id={`${id}-note`}
          ref={input}
          value={note}
          onChange={(e) => {
            setNote(e.target.value)
            setError(null)
          }}
          rows={2}
          maxLength={FLAG_NOTE_MAX_LENGTH}
          aria-invalid={
            error === "review.decisionRequired" || error?.startsWith("flag.error.note") ? true : undefined
          }
          data-testid="decision-note"
        />
      </div>
      {decision === "confirmed" && <RuleChangeLink value={linked} onChange={setLinked} />}
      {error && (
        <p className="field-error" role="alert" data-testid="decision-error">
          {t(error)}
        </p>
      )}
      <div className="form-actions">
        <button
          type="submit"
          className={decision === "confirmed" ? "button-primary" : undefined}
          disabled={busy}
          data-testid="decision-submit"
        >
          {t(decision === "confirmed" ? "review.confirm" : "review.reject")}
        </button>
        <button type="button" onClick={onCancel} data-testid="decision-cancel">
          {t("common.cancel")}
        </button>
      </div>
    </form>
  )
}
