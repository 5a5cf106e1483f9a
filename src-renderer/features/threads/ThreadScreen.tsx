import { Link, useParams } from "@tanstack/react-router"
import type { InheritedPart } from "../../../src-shared/events/payloads"
import type { ThreadDetail } from "../../../src-shared/threads"
import { formatDate } from "../../format/dates"
import { useI18n } from "../../i18n/i18n-context"
import { useEffect } from "react"
import { selectTerminal } from "../../reasoning/selectors"
import { useClients, useRuns, useStores } from "../../state/stores"
import { RunView } from "../run/RunView"
import { useRun } from "../run/use-run"
import { ClarificationPrompt } from "../run/ClarificationPrompt"
import { MentionPausePrompt } from "./MentionPausePrompt"
import { ThreadComposer } from "./ThreadComposer"
import { TurnItem } from "./TurnItem"
import { useThread } from "./use-thread"
import "./threads.css"

// One thread (route /threads/$id): its turns, oldest first, each with its chips and its trace; the
// run now on its way, streamed like on the Ask screen; a paused question's choice; the box to ask on.

export function ThreadScreen() {
  const params = useParams({ strict: false })
  const id = typeof params.id === "string" ? params.id : ""
  return <ThreadView key={id} threadId={id} />
}

function ThreadView({ threadId }: { threadId: string }) {
  const { t } = useI18n()
  const thread = useThread(threadId)
  const { detail, load, activeRun } = thread
  const busy = useRunBusy(activeRun)

  if (load.state === "not-found") return <ThreadMessage text={t("threads.notFound")} />
  if (load.state === "failed") return <ThreadMessage text={t("common.failed", { message: load.message })} />
  if (detail === null) return <ThreadMessage text={t("common.loading")} />

  const lastTurn = detail.turns.at(-1)
  const canDrop = !busy && lastTurn !== undefined && lastTurn.status === "complete"
  const dropPart = (part: InheritedPart) => {
    if (lastTurn === undefined) return
    void thread.ask(lastTurn.question, { dropped: [...new Set([...lastTurn.dropped, part])] })
  }
  const paused = detail.state.pendingMention ?? null

  return (
    <section className="screen thread-screen" aria-labelledby="thread-heading">
      <ThreadHead detail={detail} />
      <DocumentsInThread detail={detail} />
      <ol className="thread-turns" data-testid="thread-turns">
        {detail.turns.map((turn) => (
          <TurnItem key={turn.requestId} turn={turn} {...(canDrop && turn === lastTurn ? { onDrop: dropPart } : {})} />
        ))}
      </ol>
      {activeRun && <ActiveRun requestId={activeRun} />}
      <div className="composer">
        {paused && <MentionPausePrompt paused={paused} onResume={thread.resume} onDismiss={thread.dismiss} />}
        <ThreadComposer
          clientId={detail.thread.clientId}
          busy={busy}
          onAsk={(question, documents) => thread.ask(question, documents.length === 0 ? {} : { documents })}
        />
      </div>
    </section>
  )
}

function ThreadHead({ detail }: { detail: ThreadDetail }) {
  const { t, locale } = useI18n()
  const { clients } = useClients()
  const { thread } = detail
  const client = thread.clientId === null ? null : (clients.find((c) => c.id === thread.clientId)?.name ?? thread.clientId)
  return (
    <header className="screen-head thread-head">
      <div>
        <Link to="/threads" className="back-link" data-testid="thread-back">
          {t("threads.back")}
        </Link>
        <h1 id="thread-heading" data-testid="thread-title">
          {thread.title === "" ? t("threads.new") : thread.title}
        </h1>
        <p className="muted" data-testid="thread-context">
          {client === null ? t("threads.noClient") : t("answer.client", { name: client })}
          {thread.asOfDate && ` · ${t("answer.asOf", { date: formatDate(thread.asOfDate, locale) })}`}
        </p>
      </div>
    </header>
  )
}

/** seed 002's conversation_docs: the documents the thread's mentions resolved to. */
function DocumentsInThread({ detail }: { detail: ThreadDetail }) {
  const { t } = useI18n()
  const names = Object.keys(detail.state.conversationDocs)
  if (names.length === 0) return null
  return (
    <p className="thread-docs muted" data-testid="thread-docs">
      {t("threads.docs.title")}: {names.map((name) => `@${name}`).join(", ")}
    </p>
  )
}

function ActiveRun({ requestId }: { requestId: string }) {
  const { t } = useI18n()
  const { runs } = useStores()
  const model = useRun(requestId)
  const known = model.run !== undefined
  // A run asked before this window opened (or before a reload) is read from the store first.
  useEffect(() => {
    if (!known) void runs.load(requestId).catch(() => undefined)
  }, [known, requestId, runs])
  return (
    <section className="thread-run" aria-labelledby="thread-run-heading" data-testid="thread-run">
      {/* A heading, so the answer's own (h3) sits under one, as on the Ask screen. */}
      <h2 id="thread-run-heading" className="thread-run-heading">
        {t("threads.run.title")}
      </h2>
      <RunView requestId={requestId} model={model} question={null} />
      {model.clarification && (
        <ClarificationPrompt
          key={model.clarificationRounds.at(-1)?.seq}
          payload={model.clarification}
          onAnswer={(answer) => runs.answer(requestId, answer)}
          onCancel={() => runs.cancel(requestId)}
        />
      )}
    </section>
  )
}

/** A thread takes one question at a time: while its run streams or waits for an answer. */
function useRunBusy(requestId: string | null): boolean {
  const snapshot = useRuns()
  if (requestId === null) return false
  const run = snapshot.runs[requestId]
  return run === undefined || selectTerminal(run.events) === undefined
}

function ThreadMessage({ text }: { text: string }) {
  const { t } = useI18n()
  return (
    <section className="screen thread-screen">
      <Link to="/threads" className="back-link">
        {t("threads.back")}
      </Link>
      <p className="empty-state" data-testid="thread-message">
        {text}
      </p>
    </section>
  )
}
