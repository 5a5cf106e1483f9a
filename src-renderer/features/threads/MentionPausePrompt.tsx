import { useEffect, useRef, useState, type FormEvent } from "react"
import type { MentionChoice, PendingMention } from "../../../src-shared/thread-mentions"
import { useI18n } from "../../i18n/i18n-context"

// seed 002's interrupt for an unclear @-mention, shown like a clarification: the question waits
// (its pause is in the thread's checkpoint, so it is still here after a restart) until the user
// picks one candidate per mention, then goes on; or the user drops the question.

export interface MentionPausePromptProps {
  paused: PendingMention
  onResume: (choices: MentionChoice[]) => Promise<void>
  onDismiss: () => Promise<void>
}

export function MentionPausePrompt({ paused, onResume, onDismiss }: MentionPausePromptProps) {
  const { t } = useI18n()
  const [picked, setPicked] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const regionRef = useRef<HTMLElement>(null)

  useEffect(() => {
    regionRef.current?.querySelector<HTMLElement>("input")?.focus()
  }, [paused.pausedAt])

  async function act(action: () => Promise<void>) {
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

  function submit(event: FormEvent) {
    event.preventDefault()
    const choices = paused.unresolved.flatMap(({ mention }) => {
      const documentId = picked[mention]
      return documentId === undefined ? [] : [{ mention, documentId }]
    })
    if (choices.length < paused.unresolved.length) {
      setError(t("threads.pause.choose"))
      return
    }
    void act(() => onResume(choices))
  }

  return (
    <section className="clarification mention-pause" ref={regionRef} aria-labelledby="pause-heading" data-testid="mention-pause">
      <h2 id="pause-heading" className="clarification-title">
        {t("threads.pause.title")}
      </h2>
      <p className="clarification-question">{t("threads.pause.question", { question: paused.question })}</p>
      <form onSubmit={submit}>
        {paused.unresolved.map(({ mention, candidates }) => (
          <fieldset key={mention} className="mention-pause-group">
            <legend>{t("threads.pause.body", { mention })}</legend>
            {candidates.map((candidate) => (
              <label key={candidate.id} className="choice" data-testid="mention-candidate">
                <input
                  type="radio"
                  name={`mention-${mention}`}
                  value={candidate.id}
                  checked={picked[mention] === candidate.id}
                  onChange={() => setPicked((p) => ({ ...p, [mention]: candidate.id }))}
                  disabled={busy}
                />
                <span>
                  {candidate.title}
                  {candidate.invoiceNumber && <span className="muted"> · {candidate.invoiceNumber}</span>}
                </span>
              </label>
            ))}
          </fieldset>
        ))}
        <div className="clarification-foot">
          <button type="submit" className="button-primary" disabled={busy} data-testid="mention-resume">
            {t("threads.pause.send")}
          </button>
          <button type="button" className="button-quiet" disabled={busy} onClick={() => void act(onDismiss)} data-testid="mention-dismiss">
            {t("threads.pause.cancel")}
          </button>
        </div>
        {error && (
          <p className="field-error" role="alert" data-testid="mention-error">
            {error}
          </p>
        )}
      </form>
    </section>
  )
}
