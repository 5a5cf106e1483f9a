import type { FormEvent, KeyboardEvent } from "react"
import type { Client } from "../../../src-shared/traces"
import { DateInput } from "../../components/DateInput"
import { useI18n } from "../../i18n/i18n-context"
import { useClients } from "../../state/stores"
import type { AskInput as AskInputValue } from "../../state/run-store"
import { AttachedDocuments } from "../documents/AttachedDocuments"
import { useAttachments } from "../documents/use-attachments"
import { useWindowDrop } from "../documents/use-window-drop"
import { CarryChip } from "./CarryChip"
import { useQuestionForm } from "./use-question-form"

// The question box: question, as-of date and client; Enter submits, Shift+Enter starts a new line. After a run, its client
// and date are kept for the next question only as a visible chip that one click clears. A file
// dropped anywhere on the screen is added to the client's documents and attached to the question.

export interface QuestionFormProps {
  onSubmit: (input: AskInputValue) => Promise<void>
  /** Set while a run is going on: submitting waits for it (or for Stop). */
  busy: boolean
}

export function QuestionForm({ onSubmit, busy }: QuestionFormProps) {
  const { t } = useI18n()
  const { clients } = useClients()
  const attachments = useAttachments()
  const form = useQuestionForm(async (input) => {
    const documentIds = attachments.attached.map((d) => d.id)
    await onSubmit(documentIds.length === 0 ? input : { ...input, documentIds })
    attachments.clear()
  }, busy)
  const { clientId, asOfDate, error, sending } = form
  const dragging = useWindowDrop((files) => void attachments.attach(files, clientId === "" ? null : clientId))

  function onFormSubmit(event: FormEvent) {
    event.preventDefault()
    void form.submit()
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!submitsQuestion(event)) return
    event.preventDefault()
    void form.submit()
  }

  return (
    <form
      className={dragging ? "question-form is-drop-over" : "question-form"}
      onSubmit={onFormSubmit}
      aria-label={t("ask.title")}
      data-testid="question-form"
    >
      <label htmlFor="question" className="sr-only">
        {t("ask.question.label")}
      </label>
      {form.carried && (
        <CarryChip
          clientName={clientId === "" ? null : (clients.find((c) => c.id === clientId)?.name ?? clientId)}
          asOfDate={asOfDate === "" ? null : asOfDate}
          onClear={form.clearCarried}
        />
      )}
      <AttachedDocuments attachments={attachments} over={dragging} />
      <textarea
        ref={form.questionRef}
        id="question"
        rows={busy ? 1 : 3}
        className={busy ? "is-compact" : undefined}
        value={form.question}
        placeholder={t("ask.question.placeholder")}
        onChange={(e) => form.setQuestion(e.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby="question-hint"
        aria-invalid={error !== null}
        data-testid="question-input"
      />
      <div className="question-controls">
        <AsOfField value={asOfDate} onChange={form.setAsOfDate} />
        <ClientField value={clientId} clients={clients} onChange={form.setClientId} />
        <span id="question-hint" className="hint">
          {busy ? t("ask.busy") : t("ask.question.hint")}
        </span>
        <button type="submit" className="button-primary" disabled={sending || busy} data-testid="ask-submit">
          {sending ? t("ask.submitting") : t("ask.submit")}
        </button>
      </div>
      {error && (
        <p className="field-error" role="alert" data-testid="question-error">
          {error}
        </p>
      )}
    </form>
  )
}

/**
 * Enter sends the question (so does Ctrl/Cmd+Enter, as before); Shift+Enter starts a new line. An
 * Enter that commits an input method's composition (keyCode 229 in older engines) only commits it.
 */
function submitsQuestion(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
  if (event.key !== "Enter" || event.shiftKey || event.altKey) return false
  return !event.nativeEvent.isComposing && event.keyCode !== 229
}

/** The day the answer is for, typed in the UI's format (components/DateInput). */
function AsOfField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useI18n()
  return (
    <label className="inline-field" title={t("ask.asOf.hint")}>
      <span>{t("ask.asOf.label")}</span>
      <DateInput value={value} onChange={onChange} describedBy="asof-hint" className="asof-input" testId="asof-input" />
      <span id="asof-hint" className="sr-only">
        {t("ask.asOf.hint")}
      </span>
    </label>
  )
}

function ClientField({
  value,
  clients,
  onChange,
}: {
  value: string
  clients: readonly Client[]
  onChange: (value: string) => void
}) {
  const { t } = useI18n()
  return (
    <label className="inline-field">
      <span>{t("ask.client.label")}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)} data-testid="client-select">
        <option value="">{t("ask.client.none")}</option>
        {clients.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </label>
  )
}
