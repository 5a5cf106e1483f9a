import { Link } from "@tanstack/react-router"
import { useState } from "react"
import { useI18n } from "../../i18n/i18n-context"
import { RunView } from "../run/RunView"
import { useRun } from "../run/use-run"
import { selectStreamState } from "../../reasoning/selectors"
import { useNow, useRuns, useStores } from "../../state/stores"
import { hasEnded, type AskInput } from "../../state/run-store"
import { ClarificationPrompt } from "../run/ClarificationPrompt"
import { QuestionForm } from "./QuestionForm"
import "./ask.css"

// The default screen: the current run above, the question box pinned below, and the clarification
// prompt just above the box when the engine waits for the user.

export function AskScreen() {
  const { t } = useI18n()
  const { runs } = useStores()
  const snapshot = useRuns()
  const requestId = snapshot.currentAskId
  const [justSubmitted, setJustSubmitted] = useState<string | null>(null)
  const busy = useBusy(requestId)

  async function ask(input: AskInput) {
    const id = await runs.ask(input)
    setJustSubmitted(id)
  }

  async function retry(input: AskInput) {
    // A stalled run is told to stop (best effort) before the question is asked again.
    if (requestId && !hasEnded(snapshot, requestId)) await runs.cancel(requestId).catch(() => undefined)
    await ask(input)
  }

  return (
    <section className="ask-screen" aria-labelledby="ask-heading">
      <header className="screen-head">
        <h1 id="ask-heading">{t("ask.title")}</h1>
        <Link to="/threads" className="button-quiet" data-testid="ask-threads">
          {t("threads.askScreen.link")}
        </Link>
        {requestId && (
          <Link
            to="/trace/$requestId"
            params={{ requestId }}
            className="button-quiet"
            data-testid="ask-open-trace"
          >
            {t("ask.openTrace")}
          </Link>
        )}
      </header>
      <div className="ask-scroll">
        {requestId ? (
          <CurrentRun
            requestId={requestId}
            focusOnMount={justSubmitted === requestId}
            onRetry={(input) => void retry(input)}
          />
        ) : (
          <div className="empty-state" data-testid="ask-empty">
            <h2>{t("ask.empty.title")}</h2>
            <p>{t("ask.empty.body")}</p>
          </div>
        )}
      </div>
      <div className="composer">
        {requestId && <PendingClarification requestId={requestId} />}
        <QuestionForm onSubmit={ask} busy={busy} />
      </div>
    </section>
  )
}

/** A run blocks a new question while it streams or waits for the user; stalled or ended runs do not. */
function useBusy(requestId: string | null): boolean {
  const snapshot = useRuns()
  const run = requestId ? snapshot.runs[requestId] : undefined
  const now = useNow(1000, requestId !== null)
  if (!requestId) return false
  if (!run) return true
  const state = selectStreamState({
    events: run.events,
    lastActivityAt: run.lastActivityAt,
    storedStatus: run.stored?.status ?? null,
    now,
  })
  return state === "streaming" || state === "awaiting_input"
}

function CurrentRun({
  requestId,
  focusOnMount,
  onRetry,
}: {
  requestId: string
  focusOnMount: boolean
  onRetry: (input: AskInput) => void
}) {
  const model = useRun(requestId)
  const snapshot = useRuns()
  const asked = snapshot.asks[requestId]
  const retry = asked ? () => onRetry(asked) : undefined
  return (
    <RunView
      requestId={requestId}
      model={model}
      question={asked?.question ?? null}
      onRetry={retry}
      focusOnMount={focusOnMount}
    />
  )
}

function PendingClarification({ requestId }: { requestId: string }) {
  const { runs } = useStores()
  const { clarification, clarificationRounds } = useRun(requestId)
  if (!clarification) return null
  // Keyed by round: a second question starts with an empty answer box and takes focus again.
  return (
    <ClarificationPrompt
      key={clarificationRounds.at(-1)?.seq}
      payload={clarification}
      onAnswer={(answer) => runs.answer(requestId, answer)}
      onCancel={() => runs.cancel(requestId)}
    />
  )
}
