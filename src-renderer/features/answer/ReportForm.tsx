import { useEffect, useId, useRef, useState, type FormEvent, type Ref } from "react"
import { FLAG_NOTE_MAX_LENGTH, type FlagKind } from "../../../src-shared/flags"
import { useI18n } from "../../i18n/i18n-context"
import type { MessageKey } from "../../i18n/catalog"
import { flagErrorKey } from "../../ui/flag-error"

// The small form behind "Report a problem": wrong or unclear, a note, Send or Cancel. A refusal
// is shown in the user's language and the form stays as typed, so nothing has to be written again.

export interface ReportFormProps {
  /** Sends the report; a rejection is shown in the form. */
  onSend(kind: FlagKind, note: string): Promise<unknown>
  onCancel(): void
}

const KINDS: ReadonlyArray<{ kind: FlagKind; hint: MessageKey }> = [
  { kind: "wrong", hint: "report.kind.wrongHint" },
  { kind: "unclear", hint: "report.kind.unclearHint" },
]

export function ReportForm({ onSend, onCancel }: ReportFormProps) {
  const { t } = useI18n()
  const ids = useId()
  const { kind, note, error, busy, choose, type, submit } = useReportForm(onSend)
  const firstChoice = useRef<HTMLInputElement>(null)

  useEffect(() => {
    firstChoice.current?.focus()
  }, [])

  return (
    <form
      className="report-form"
      aria-labelledby={`${ids}-title`}
      data-testid="report-form"
      onSubmit={(e) => void submit(e)}
      onKeyDown={(e) => {
        if (e.key === "Escape") onCancel()
      }}
    >
      <h4 id={`${ids}-title`}>{t("report.title")}</h4>
      <KindChoices name={`${ids}-kind`} value={kind} onChange={choose} firstRef={firstChoice} />
      <div className="field">
        <label htmlFor={`${ids}-note`}>{t("report.note")}</label>
        <textarea
          id={`${ids}-note`}
          value={note}
          onChange={(e) => type(e.target.value)}
          rows={3}
          maxLength={FLAG_NOTE_MAX_LENGTH}
          aria-describedby={`${ids}-hint`}
          aria-invalid={
            error === "report.noteRequired" || error?.startsWith("flag.error.note") ? true : undefined
          }
          data-testid="report-note"
        />
        <p id={`${ids}-hint`} className="hint">
          {t("report.noteHint")}
        </p>
      </div>
      {error && (
        <p className="field-error" role="alert" data-testid="report-error">
          {t(error)}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={busy} data-testid="report-send">
          {busy ? t("report.sending") : t("report.send")}
        </button>
        <button type="button" onClick={onCancel} data-testid="report-cancel">
          {t("common.cancel")}
        </button>
      </div>
    </form>
  )
}

/** The form's state; a change clears the complaint about the last attempt. */
function useReportForm(onSend: ReportFormProps["onSend"]) {
  const [kind, setKind] = useState<FlagKind | null>(null)
  const [note, setNote] = useState("")
  const [error, setError] = useState<MessageKey | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (kind === null) return setError("report.kindRequired")
    if (note.trim() === "") return setError("report.noteRequired")
    setBusy(true)
    setError(null)
    try {
      await onSend(kind, note)
    } catch (e) {
      setError(flagErrorKey(e, "create"))
      setBusy(false)
    }
  }
  const choose = (value: FlagKind) => {
    setKind(value)
    setError(null)
  }
  const type = (value: string) => {
    setNote(value)
    setError(null)
  }
  return { kind, note, error, busy, choose, type, submit }
}

/** Wrong or unclear, as a radio group with a hint for each. */
function KindChoices({
  name,
  value,
  onChange,
  firstRef,
}: {
  name: string
  value: FlagKind | null
  onChange: (kind: FlagKind) => void
  firstRef: Ref<HTMLInputElement>
}) {
  const { t } = useI18n()
  return (
    <fieldset className="report-kind">
      <legend>{t("report.kind")}</legend>
      {KINDS.map(({ kind, hint }, index) => (
        <label className="choice" key={kind}>
          <input
            type="radio"
            name={name}
            value={kind}
            checked={value === kind}
            onChange={() => onChange(kind)}
            ref={index === 0 ? firstRef : undefined}
            data-testid={`report-kind-${kind}`}
          />
          <span>
            <strong>{t(`report.kind.${kind}`)}</strong> <span className="muted">— {t(hint)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  )
}
