import {
  AskInThreadInput,
  NewThreadInput,
  RenameThreadInput,
  ThreadFilter,
  type Thread,
  type ThreadDeleteResult,
  type ThreadDetail,
  type ThreadState,
} from "../../src-shared/threads"
import type { InheritedPart } from "../../src-shared/events/payloads"
import { mentionsIn, type MentionChoice, type PendingMention } from "../../src-shared/thread-mentions"
import type { Locale } from "../../src-shared/events/stages"
import type { PreviousTurn } from "../engine/types"
import type { ReasoningSink } from "../sinks/types"
import { TraceNotFoundError } from "../store/errors"
import { DocumentsRepository } from "../store/documents-repo"
import { ThreadsRepository, type Durability, type LastTurn } from "../store/threads-repo"
import type { Store } from "../store/store"
import { resolveMentions } from "./mention-resolver"
import { runDocumentsFor } from "./run-documents"
import type { AskRequest, RunResult, RunService } from "./run-service"

// ThreadService (issue 22): conversations whose every turn is a run through the one run path
// (RunService.start, the same gate, limits, audit sink and trace as any question). A turn after
// the first names the previous one (EngineRequest.previousTurn): its request id, its question as
// the engine read it, and the parts the user cleared; the engine decides whether the new question
// is a follow-up and records what it inherited. The thread's client and as-of date go with every
// turn. The turn is linked, and the thread's checkpoint written, in one transaction as soon as the
// run's trace row exists; once the run stops, the checkpoint also records how its question was
// read. A turn suspended at a clarification is an ordinary suspended run (RunService.resume).

/** A thread's last question is still being answered: a new one would not know what it follows. */
export class ThreadBusyError extends Error {
  constructor(
    readonly threadId: string,
    readonly requestId: string,
  ) {
    super(`thread ${threadId} is still answering its last question (${requestId}); ask again when it has ended or stopped`)
  }
}

/** A thread for a client the store does not have. A TraceNotFoundError, so every host answers "not found". */
export class ThreadClientNotFoundError extends TraceNotFoundError {
  constructor(readonly clientId: string) {
    super(`no client ${clientId}`)
  }
}

/** threads.resume on a thread with no paused question, or a choice that is not among the candidates. */
export class ThreadPauseError extends Error {
  constructor(
    readonly threadId: string,
    readonly reason: "nothing-paused" | "bad-choice",
    detail: string,
  ) {
    super(`thread ${threadId}: ${detail}`)
  }
}

export interface ThreadAskOptions {
  /** Parts of the previous turn the user cleared (the chips removed): not inherited. */
  dropped?: readonly InheritedPart[]
  locale?: Locale
  /** More sinks (the window, the CLI printer); the run's audit and metrics sinks are always there. */
  sinks?: readonly ReasoningSink[]
  /** What this turn writes into the checkpoint besides the turn itself (documents resolved, the pause cleared). */
  checkpoint?: Pick<ThreadState, "conversationDocs" | "pendingMention">
  /** The documents the question names (resolved @-mentions): they go with the run's request. */
  documentIds?: readonly string[]
}

export interface MentionAskOptions extends ThreadAskOptions {
  /** Mentions the user resolved in the completion list. */
  documents?: readonly MentionChoice[]
}

/** A question that waits for the user's choice of documents (kept in the thread's checkpoint). */
export interface PausedTurn {
  threadId: string
  paused: PendingMention
}

export interface StartedTurn {
  threadId: string
  requestId: string
  /** Where the turn sits in the thread; null only if the run stored nothing to link yet. */
  seq: number | null
  /** Settles when the run ends or suspends (the thread's checkpoint is up to date by then). */
  done: Promise<RunResult>
}

export interface ThreadServiceDeps {
  store: Store
  runs: RunService
  /** Where a failure no caller waits for is reported (a checkpoint that could not be written). */
  onBackgroundError?(context: string, error: unknown): void
}

export class ThreadService {
  readonly repo: ThreadsRepository
  /** Made when first needed: a store in memory has no folder for documents. */
  private docs: DocumentsRepository | undefined

  constructor(private readonly deps: ThreadServiceDeps) {
    this.repo = new ThreadsRepository(deps.store)
  }

  newThread(input: NewThreadInput = {}): Thread {
    const { title, clientId, asOfDate } = NewThreadInput.parse(input)
    if (clientId !== undefined && this.deps.runs.clients.get(clientId) === null) throw new ThreadClientNotFoundError(clientId)
    return this.repo.create({ title: title ?? null, clientId: clientId ?? null, asOfDate: asOfDate ?? null })
  }

  /** Asks in a thread and resolves when the run ends or suspends at a clarification. */
  async ask(threadId: string, question: string, options: ThreadAskOptions = {}): Promise<RunResult & { threadId: string; seq: number | null }> {
    const turn = this.start(threadId, question, options)
    const result = await turn.done
    return { ...result, threadId, seq: turn.seq ?? this.repo.seqOf(turn.requestId) }
  }

  /** Starts a turn: the run's id and place are known at once, its result when it stops. */
  start(threadId: string, question: string, options: ThreadAskOptions = {}): StartedTurn {
    const input = AskInThreadInput.parse({
      threadId,
      question,
      ...(options.dropped === undefined ? {} : { dropped: [...options.dropped] }),
      ...(options.locale === undefined ? {} : { locale: options.locale }),
    })
    const thread = this.repo.require(input.threadId)
    const last = this.repo.lastTurn(thread.id)
    if (last !== null && last.status === "running") throw new ThreadBusyError(thread.id, last.requestId)
    const dropped = [...new Set(input.dropped ?? [])]
    const request: AskRequest = {
      question: input.question,
      ...(thread.clientId === null ? {} : { clientId: thread.clientId }),
      ...(thread.asOfDate === null ? {} : { asOfDate: thread.asOfDate }),
      ...(input.locale === undefined ? {} : { locale: input.locale }),
      ...(last === null ? {} : { previousTurn: previousTurnOf(last, dropped) }),
      ...(options.documentIds === undefined || options.documentIds.length === 0
        ? {}
        : { documents: runDocumentsFor(this.documents(), options.documentIds) }),
    }
    const started = this.deps.runs.start(request, options.sinks === undefined ? {} : { sinks: options.sinks })
    const { requestId } = started
    const state: ThreadState = {
      ...this.repo.state(thread.id),
      ...options.checkpoint,
      // A new turn answers whatever question was paused before it.
      pendingMention: null,
      lastRequestId: requestId,
      lastQuestion: null,
      lastFocus: null,
      clientId: thread.clientId,
      asOfDate: thread.asOfDate,
      dropped,
    }
    const link = (durability: Durability) => this.repo.linkTurn(thread.id, requestId, input.question, state, durability)
    const seq = this.linkAtStart(requestId, link)
    const done = started.done.finally(() => {
      this.afterRun(thread.id, requestId, input.question, seq === null ? () => link("full") : null)
    })
    return { threadId: thread.id, requestId, seq, done }
  }

  /**
   * Links a turn whose run has just started, or returns null to link it once the run has stopped:
   * when the run's first write (its trace row) has not happened (it then comes with the run's first
   * batch), or the link could not be written now (the run is on its way; the caller gets its id).
   * While the run goes on, the link needs no wait for the disk: the run's end or suspension commits
   * with one, which hardens it (threads-repo.ts, commit()).
   */
  private linkAtStart(requestId: string, link: (durability: Durability) => number): number | null {
    if (this.deps.runs.reader.row(requestId) === undefined) return null
    try {
      return link("normal")
    } catch (error) {
      this.deps.onBackgroundError?.(`turn ${requestId}`, error)
      return null
    }
  }

  /**
   * Asks with the question's @-mentions resolved first (the window's way): a turn starts when every
   * mention names one document clearly; otherwise nothing runs and the question is paused in the
   * checkpoint with the candidates (seed 002's interrupt), to go on with resume() or dismiss().
   */
  begin(threadId: string, question: string, options: MentionAskOptions = {}): StartedTurn | PausedTurn {
    const thread = this.repo.require(threadId)
    const state = this.repo.state(thread.id)
    if (mentionsIn(question).length === 0) return this.start(thread.id, question, options)
    const found = resolveMentions(question, { given: options.documents ?? [], registry: state.conversationDocs }, this.documents(), thread.clientId ?? undefined)
    if (found.unresolved.length > 0) {
      const paused: PendingMention = {
        question: question.trim(),
        dropped: [...new Set(options.dropped ?? [])],
        locale: options.locale ?? null,
        resolved: found.resolved,
        unresolved: found.unresolved,
        pausedAt: this.deps.store.clock().toISOString(),
      }
      this.repo.updateState(thread.id, (current) => ({ ...current, pendingMention: paused }))
      return { threadId: thread.id, paused }
    }
    const conversationDocs = withChoices(state.conversationDocs, found.resolved)
    return this.start(thread.id, question, {
      ...options,
      checkpoint: { conversationDocs, pendingMention: null },
      documentIds: found.resolved.map((choice) => choice.documentId),
    })
  }

  /** Goes on with the paused question: every unclear mention needs one of its candidates. */
  resume(threadId: string, choices: readonly MentionChoice[], options: Pick<ThreadAskOptions, "sinks"> = {}): StartedTurn {
    const thread = this.repo.require(threadId)
    const state = this.repo.state(thread.id)
    const paused = state.pendingMention
    if (paused === null || paused === undefined) throw new ThreadPauseError(thread.id, "nothing-paused", "no question is waiting for a choice of documents")
    const chosen = paused.unresolved.map(({ mention, candidates }) => {
      const choice = choices.find((c) => c.mention === mention)
      if (choice === undefined || !candidates.some((c) => c.id === choice.documentId))
        throw new ThreadPauseError(thread.id, "bad-choice", `choose one of the listed documents for @${mention}`)
      return choice
    })
    const conversationDocs = withChoices(state.conversationDocs, [...paused.resolved, ...chosen])
    return this.start(thread.id, paused.question, {
      ...options,
      documentIds: [...paused.resolved, ...chosen].map((choice) => choice.documentId),
      dropped: paused.dropped,
      ...(paused.locale === null ? {} : { locale: paused.locale }),
      checkpoint: { conversationDocs, pendingMention: null },
    })
  }

  /** Drops the paused question; nothing runs. */
  dismiss(threadId: string): void {
    this.repo.updateState(this.repo.require(threadId).id, (state) => ({ ...state, pendingMention: null }))
  }

  private documents(): DocumentsRepository {
    this.docs ??= new DocumentsRepository(this.deps.store)
    return this.docs
  }

  list(filter: ThreadFilter = {}): Thread[] {
    return this.repo.list(ThreadFilter.parse(filter).search)
  }

  search(text: string): Thread[] {
    return this.list({ search: text })
  }

  get(threadId: string): ThreadDetail {
    const thread = this.repo.require(threadId)
    return { thread, state: this.repo.state(thread.id), turns: this.repo.turns(thread.id) }
  }

  rename(input: RenameThreadInput): Thread {
    const { id, title } = RenameThreadInput.parse(input)
    return this.repo.rename(id, title)
  }

  delete(threadId: string): ThreadDeleteResult {
    return this.repo.delete(threadId)
  }

  /** Once a turn's run has stopped: link it if that had to wait, then checkpoint how its question was read. */
  private afterRun(threadId: string, requestId: string, question: string, linkLate: (() => number) | null): void {
    try {
      if (linkLate !== null) {
        if (this.deps.runs.reader.row(requestId) === undefined) return
        linkLate()
      }
      const intake = this.repo.intakeOf(requestId)
      if (intake !== null) this.repo.recordRead(threadId, requestId, question, intake)
    } catch (error) {
      // The run itself is stored; the next turn reads the previous one from its trace anyway.
      this.deps.onBackgroundError?.(`thread ${threadId}`, error)
    }
  }
}

/** The thread's registry of documents (seed 002's conversation_docs) with the new choices added. */
function withChoices(registry: Readonly<Record<string, string>>, choices: readonly MentionChoice[]): Record<string, string> {
  return { ...registry, ...Object.fromEntries(choices.map((c) => [c.mention, c.documentId])) }
}

/**
 * What the next turn builds on: the last turn's question as the engine read it (a follow-up's
 * effective question), else as it was asked; and the parts the user cleared this time.
 */
export function previousTurnOf(last: LastTurn, dropped: readonly InheritedPart[]): PreviousTurn {
  return {
    requestId: last.requestId,
    question: last.intake?.followUp?.effectiveQuestion ?? last.question,
    ...(dropped.length === 0 ? {} : { dropped: [...dropped] }),
  }
}
