import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react"
import type { DocumentSummary } from "../../../src-shared/documents"
import type { MentionChoice } from "../../../src-shared/thread-mentions"
import { AskInThreadInput } from "../../../src-shared/threads"
import { useI18n } from "../../i18n/i18n-context"
import { MentionList, mentionOptionId } from "./MentionList"
import { useMentionCompletion } from "./use-mention-completion"

// The question box of a thread, with @-mention completion in the ARIA combobox pattern: the
// textarea is the combobox, the documents a listbox below it; arrows move, Enter (or a click)
// picks, Escape closes. Enter with the list closed sends the question, Shift+Enter a new line.

export interface ThreadComposerProps {
  clientId: string | null
  busy: boolean
  onAsk: (question: string, documents: MentionChoice[]) => Promise<void>
}

export function ThreadComposer({ clientId, busy, onAsk }: ThreadComposerProps) {
  const { t } = useI18n()
  const listId = useId()
  const inputRef = useRef<HTMLTextAreaElement>(null)
  const mentions = useMentionCompletion(clientId)
  const { question, setQuestion, sending, error, submit } = useQuestionSubmit(onAsk, busy, mentions)

  function choose(document: DocumentSummary) {
    const next = mentions.pick(question, document)
    setQuestion(next.text)
    requestAnimationFrame(() => inputRef.current?.setSelectionRange(next.caret, next.caret))
    inputRef.current?.focus()
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (mentions.open && mentions.handleKey(event, choose)) return
    if (event.key !== "Enter" || event.shiftKey || event.altKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    void submit()
  }

  function onFormSubmit(event: FormEvent) {
    event.preventDefault()
    void submit()
  }

  return (
    <form className="thread-composer" onSubmit={onFormSubmit} data-testid="thread-form">
      <label htmlFor="thread-question" className="sr-only">
        {t("threads.ask.label")}
      </label>
      <div className="mention-box">
        <textarea
          ref={inputRef}
          id="thread-question"
          rows={3}
          value={question}
          placeholder={t("threads.ask.placeholder")}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={mentions.open}
          aria-controls={listId}
          aria-activedescendant={mentions.open ? mentionOptionId(listId, mentions.highlighted) : undefined}
          aria-describedby="thread-question-hint"
          onChange={(e) => {
            setQuestion(e.target.value)
            mentions.track(e.target.value, e.target.selectionStart)
          }}
          onSelect={(e) => mentions.track(e.currentTarget.value, e.currentTarget.selectionStart)}
          onBlur={() => setTimeout(mentions.close, 150)}
          onKeyDown={onKeyDown}
          data-testid="thread-question"
        />
        <MentionList listId={listId} mentions={mentions} onChoose={choose} />
      </div>
      <div className="question-controls">
        <span id="thread-question-hint" className="hint">
          {busy ? t("threads.ask.busy") : t("threads.ask.hint")}
        </span>
        <button type="submit" className="button-primary" disabled={sending || busy} data-testid="thread-submit">
          {t("threads.ask.submit")}
        </button>
      </div>
      {error && (
        <p className="field-error" role="alert" data-testid="thread-error">
          {error}
        </p>
      )}
    </form>
  )
}

/** The question, sending it with the documents its mentions were resolved to, and the error under the box. */
function useQuestionSubmit(onAsk: ThreadComposerProps["onAsk"], busy: boolean, mentions: ReturnType<typeof useMentionCompletion>) {
  const { t } = useI18n()
  const [question, setQuestion] = useState("")
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function submit() {
    if (sending || busy) return
    const parsed = AskInThreadInput.shape.question.safeParse(question)
    if (!parsed.success) {
      setError(t("ask.question.empty"))
      return
    }
    setSending(true)
    setError(null)
    try {
      await onAsk(parsed.data, mentions.choicesFor(parsed.data))
      setQuestion("")
      mentions.reset()
    } catch (e) {
      setError(t("common.failed", { message: e instanceof Error ? e.message : String(e) }))
    } finally {
      setSending(false)
    }
  }
  return { question, setQuestion, sending, error, submit }
}
