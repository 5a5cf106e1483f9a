import { useRef, useState, type FormEvent, type KeyboardEvent } from "react"
import { IsoDate } from "../../src-shared/context"
import { AskInput } from "../../src-shared/ipc/channels"
import { formatDate, isIsoDate } from "../format/dates"
import { useI18n } from "../i18n/i18n-context"
import { useClients } from "../state/stores"
import type { AskInput as AskInputValue } from "../state/run-store"
import { CarryChip } from "./CarryChip"

// The question box: question, as-of date and client; Ctrl/Cmd+Enter submits. After a run, its client
// and date are kept for the next question only as a visible chip that one click clears.

export interface QuestionFormProps {
  onSubmit: (input: AskInputValue) => Promise<void>
  /** Set while a run is going on: submitting waits for it (or for Stop). */
  busy: boolean
}

export function QuestionForm({ onSubmit, busy }: QuestionFormProps) {
  const { t, locale } = useI18n()
  const { clients } = useClients()
  const questionRef = useRef<HTMLTextAreaElement>(null)
  const [question, setQuestion] = useState("")
  // Empty unless the user picks a day: the run then takes the date the question names, else today.
  const [asOfDate, setAsOfDate] = useState("")
  const [clientId, setClientId] = useState("")
  // True once a run has used the client or date now in the form: the chip then shows them.
  const [carried, setCarried] = useState(false)
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function submit() {
    if (sending || busy) return
    const input = { question, asOfDate: asOfDate || undefined, clientId: clientId || undefined }
    const parsed = AskInput.safeParse(input)
    if (!parsed.success) {
      const dateBad = asOfDate !== "" && !IsoDate.safeParse(asOfDate).success
      setError(t(dateBad ? "validation.date" : "ask.question.empty"))
      return
    }
    setSending(true)
    setError(null)
    try {
      await onSubmit(parsed.data)
      setQuestion("")
      setCarried(clientId !== "" || asOfDate !== "")
    } catch (e) {
      setError(t("common.failed", { message: e instanceof Error ? e.message : String(e) }))
    } finally {
      setSending(false)
    }
  }

  function clearCarried() {
    setClientId("")
    setAsOfDate("")
    setCarried(false)
    questionRef.current?.focus()
  }

  function onFormSubmit(event: FormEvent) {
    event.preventDefault()
    void submit()
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault()
      void submit()
    }
  }

  return (
    <form
      className="question-form"
      onSubmit={onFormSubmit}
      aria-label={t("ask.title")}
      data-testid="question-form"
    >
      <label htmlFor="question" className="sr-only">
        {t("ask.question.label")}
      </label>
      {carried && (
        <CarryChip
          clientName={clientId === "" ? null : (clients.find((c) => c.id === clientId)?.name ?? clientId)}
          asOfDate={asOfDate === "" ? null : asOfDate}
          onClear={clearCarried}
        />
      )}
      <textarea
        ref={questionRef}
        id="question"
        rows={busy ? 1 : 3}
        className={busy ? "is-compact" : undefined}
        value={question}
        placeholder={t("ask.question.placeholder")}
        onChange={(e) => setQuestion(e.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby="question-hint"
        aria-invalid={error !== null}
        data-testid="question-input"
      />
      <div className="question-controls">
        <label className="inline-field" title={t("ask.asOf.hint")}>
          <span>{t("ask.asOf.label")}</span>
          <input
            type="date"
            value={asOfDate}
            onChange={(e) => setAsOfDate(e.target.value)}
            aria-describedby="asof-hint"
            data-testid="asof-input"
          />
          <span id="asof-hint" className="sr-only">
            {t("ask.asOf.hint")}
          </span>
          {/* The date picker follows the browser's language (06/01/2025); say the day unambiguously. */}
          {isIsoDate(asOfDate) && (
            <span className="asof-echo" aria-hidden="true" data-testid="asof-echo">
              {formatDate(asOfDate, locale)}
            </span>
          )}
        </label>
        <label className="inline-field">
          <span>{t("ask.client.label")}</span>
          <select value={clientId} onChange={(e) => setClientId(e.target.value)} data-testid="client-select">
            <option value="">{t("ask.client.none")}</option>
            {clients.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
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
