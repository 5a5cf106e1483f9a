import { useEffect, useRef, useState, type FormEvent } from "react"
import type { ClarificationPayload } from "../../../src-shared/events/payloads"
import { AnswerInput } from "../../../src-shared/ipc/channels"
import { useI18n } from "../../i18n/i18n-context"
import "./run.css"

// The clarification gate: the engine's question, its options as buttons, free text when allowed,
// and one cancel (the stepper hides its Stop meanwhile: both would end the run the same way). Focus moves here when it appears, since the run cannot go on without an answer.

/**
 * The engine lists "Cancel" among a question's options (value CLARIFY_CANCEL in
 * src-main/engine/stages/clarification.ts) for the command line; here the prompt's own cancel
 * button is the one way to give up, so the option is not shown twice.
 */
const ENGINE_CANCEL_OPTION = "cancel"

export interface ClarificationPromptProps {
  payload: ClarificationPayload
  onAnswer: (answer: string) => Promise<void>
  onCancel: () => Promise<void>
}

export function ClarificationPrompt({ payload, onAnswer, onCancel }: ClarificationPromptProps) {
  const { t } = useI18n()
  const { busy, error, setError, run } = useOneCallAtATime()
  const regionRef = useRef<HTMLElement>(null)
  const options = (payload.options ?? []).filter((option) => option.value !== ENGINE_CANCEL_OPTION)

  useEffect(() => {
    const first = regionRef.current?.querySelector<HTMLElement>("button, input")
    first?.focus()
  }, [payload.question])

  function answerText(text: string) {
    const checked = AnswerInput.shape.answer.safeParse(text)
    if (!checked.success) {
      setError(t("clarify.empty"))
      return
    }
    void run(() => onAnswer(checked.data))
  }

  return (
    <section
      className="clarification"
      ref={regionRef}
      aria-labelledby="clarify-heading"
      data-testid="clarification"
    >
      <h2 id="clarify-heading" className="clarification-title">
        {t("clarify.title")}
      </h2>
      <p className="clarification-question" data-testid="clarification-question">
        {payload.question}
      </p>
      {options.length > 0 && (
        <ClarificationOptions
          options={options}
          busy={busy}
          onPick={(value) => void run(() => onAnswer(value))}
        />
      )}
      {payload.freeformAllowed && <FreeformAnswer busy={busy} onSubmit={answerText} />}
      <div className="clarification-foot">
        <button
          type="button"
          className="button-quiet"
          disabled={busy}
          onClick={() => void run(onCancel)}
          data-testid="clarification-cancel"
        >
          {t("clarify.cancel")}
        </button>
        {error && (
          <p className="field-error" role="alert" data-testid="clarification-error">
            {error}
          </p>
        )}
      </div>
    </section>
  )
}

function ClarificationOptions({
  options,
  busy,
  onPick,
}: {
  options: NonNullable<ClarificationPayload["options"]>
  busy: boolean
  onPick: (value: string) => void
}) {
  const { t } = useI18n()
  return (
    <div className="clarification-options" role="group" aria-label={t("clarify.options")}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          disabled={busy}
          onClick={() => onPick(option.value)}
          data-testid="clarification-option"
          data-value={option.value}
        >
          {option.label}
        </button>
      ))}
    </div>
  )
}

/** An answer in the user's own words, where the question allows one. */
function FreeformAnswer({ busy, onSubmit }: { busy: boolean; onSubmit: (text: string) => void }) {
  const { t } = useI18n()
  const [text, setText] = useState("")
  function submit(event: FormEvent) {
    event.preventDefault()
    onSubmit(text)
  }
  return (
    <form className="clarification-freeform" onSubmit={submit}>
      <label htmlFor="clarify-text">{t("clarify.freeform.label")}</label>
      <div className="row">
        <input
          id="clarify-text"
          type="text"
          value={text}
          onChange={(e) => setText(e.target.value)}
          disabled={busy}
          data-testid="clarification-text"
        />
        <button type="submit" disabled={busy} data-testid="clarification-send">
          {t("clarify.send")}
        </button>
      </div>
    </form>
  )
}

/** Sends one answer (or the cancel) at a time; a failure is said in the user's language. */
function useOneCallAtATime() {
  const { t } = useI18n()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  async function run(action: () => Promise<void>) {
    setBusy(true)
    setError(null)
    try {
      await action()
    } catch (e) {
      setError(t("common.failed", { message: e instanceof Error ? e.message : String(e) }))
    } finally {
      setBusy(false)
    }
  }
  return { busy, error, setError, run }
}
