import { useRef, useState, type RefObject } from "react"
import { IsoDate } from "../../../src-shared/context"
import { AskInput } from "../../../src-shared/ipc/channels"
import { useI18n } from "../../i18n/i18n-context"
import type { AskInput as AskInputValue } from "../../state/run-store"

// The question box's state: the question, the as-of date and client, whether those were carried
// over from the last run (the chip), sending, and the error under the box. The contract's schema
// checks the question before it is sent.

export interface QuestionFormState {
  question: string
  setQuestion: (question: string) => void
  /** Empty unless the user picks a day: the run then takes the date the question names, else today. */
  asOfDate: string
  setAsOfDate: (asOfDate: string) => void
  clientId: string
  setClientId: (clientId: string) => void
  /** True once a run has used the client or date now in the form: the chip then shows them. */
  carried: boolean
  sending: boolean
  error: string | null
  questionRef: RefObject<HTMLTextAreaElement | null>
  submit: () => Promise<void>
  /** Clears the carried client and date, and puts the cursor back in the question. */
  clearCarried: () => void
}

export function useQuestionForm(
  onSubmit: (input: AskInputValue) => Promise<void>,
  busy: boolean,
): QuestionFormState {
  const { t } = useI18n()
  const questionRef = useRef<HTMLTextAreaElement>(null)
  const [question, setQuestion] = useState("")
  const [asOfDate, setAsOfDate] = useState("")
  const [clientId, setClientId] = useState("")
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

  return {
    question,
    setQuestion,
    asOfDate,
    setAsOfDate,
    clientId,
    setClientId,
    carried,
    sending,
    error,
    questionRef,
    submit,
    clearCarried,
  }
}
