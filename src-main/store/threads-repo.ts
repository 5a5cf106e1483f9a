import type Database from "better-sqlite3"
import { randomUUID } from "node:crypto"
import { asc, desc, eq, sql } from "drizzle-orm"
import { QuestionIntakePayload } from "../../src-shared/events/payloads"
import {
  THREAD_TITLE_FROM_QUESTION_LENGTH,
  ThreadState,
  type InheritedChip,
  type Thread,
  type ThreadDeleteResult,
  type ThreadTurn,
} from "../../src-shared/threads"
import { TerminalOutcome } from "../../src-shared/events/stages"
import { TraceStatus } from "../../src-shared/traces"
import { canonicalJson } from "../util/canonical-json"
import { parseJsonOrNull } from "../util/parse-json"
import { eventsOfRequestSql } from "./event-keys"
import { toFtsQuery } from "./history"
import { traces } from "./schema"
import { flags } from "./schema-flags"
import { threads, threadTurns, type ThreadRow } from "./schema-threads"
import { parseStoredRequest } from "./stored-request"
import type { Store } from "./store"
import { foldForSearch, titleMatches } from "./thread-title-search"

// Threads and their turns (issue 22). A turn is linked to its run in the same transaction as the
// thread's checkpoint is written, so the thread and what its next turn builds on never disagree.
// Search reuses the history's FTS5 index (traces_fts) through the turns' request ids: a thread is
// found by the words of its runs' questions and answers, and by its title (a few hundred short
// titles are matched here, folded the way the index folds, rather than kept in a second index).

export class ThreadNotFoundError extends Error {
  constructor(readonly threadId: string) {
    super(`no thread ${threadId}`)
  }
}

/** The turn a new question builds on: its run, how it stands, and what the engine read. */
export interface LastTurn {
  requestId: string
  status: TraceStatus
  /** The question stored with the run's request (as typed). */
  question: string
  /** The QUESTION_INTAKE complete payload, when the run got that far. */
  intake: QuestionIntakePayload | null
}

/** "full": the commit waits for the disk; "normal": a later full commit hardens it (see commit()). */
export type Durability = "full" | "normal"

export interface NewThreadRecord {
  title: string | null
  clientId: string | null
  asOfDate: string | null
}

/** The statements a turn uses, prepared once (drizzle builds and prepares a query per call). */
interface TurnStatements {
  stateJson: Database.Statement<[string], string>
  title: Database.Statement<[string], string>
  nextSeq: Database.Statement<[string], number>
  insertTurn: Database.Statement<[string, number, string, string]>
  linked: Database.Statement<[string, string, string, string]>
  setState: Database.Statement<[string, string]>
  lastTurn: Database.Statement<[string], { requestId: string; status: string; requestJson: string }>
  intake: Database.Statement<[{ requestId: string }], string>
}

export class ThreadsRepository {
  private statements: TurnStatements | undefined

  constructor(private readonly store: Store) {}

  create(input: NewThreadRecord): Thread {
    const id = randomUUID()
    const now = this.store.clock().toISOString()
    const state: ThreadState = {
      lastRequestId: null,
      lastQuestion: null,
      lastFocus: null,
      conversationDocs: {},
      clientId: input.clientId,
      asOfDate: input.asOfDate,
      dropped: [],
    }
    this.store.db
      .insert(threads)
      .values({ id, title: input.title ?? "", clientId: input.clientId, asOfDate: input.asOfDate, stateJson: canonicalJson(state), createdAt: now, updatedAt: now })
      .run()
    return this.require(id)
  }

  get(id: string): Thread | null {
    const row = this.store.db.select().from(threads).where(eq(threads.id, id)).get()
    return row === undefined ? null : toThread(row, this.turnCount(row.id))
  }

  require(id: string): Thread {
    const thread = this.get(id)
    if (thread === null) throw new ThreadNotFoundError(id)
    return thread
  }

  state(id: string): ThreadState {
    const json = this.prepared().stateJson.get(id)
    if (json === undefined) throw new ThreadNotFoundError(id)
    return ThreadState.parse(JSON.parse(json))
  }

  /** Threads most recently active first; with a search, those whose title or runs match every word. */
  list(search?: string): Thread[] {
    const rows = this.store.db
      .select({ thread: threads, turnCount: sql<number>`(SELECT count(*) FROM thread_turns tt WHERE tt.thread_id = ${threads.id})` })
      .from(threads)
      .orderBy(desc(threads.updatedAt), desc(sql`${threads}.rowid`))
      .all()
    const all = rows.map((row) => toThread(row.thread, row.turnCount))
    if (search === undefined || toFtsQuery(search) === null) return all
    const byRuns = this.threadsMatchingRuns(search)
    const words = foldForSearch(search)
    return all.filter((thread) => byRuns.has(thread.id) || titleMatches(thread.title, words))
  }

  /**
   * Links a run (its trace row already written) as the thread's next turn and writes the thread's
   * checkpoint, in one transaction. An untitled thread takes its first question as its title.
   * "normal" durability suits a run still in progress: its end or suspension commits with FULL.
   */
  linkTurn(threadId: string, requestId: string, question: string, state: ThreadState, durability: Durability = "full"): number {
    return this.commit(durability, () => {
      const statements = this.prepared()
      const title = statements.title.get(threadId)
      if (title === undefined) throw new ThreadNotFoundError(threadId)
      const seq = statements.nextSeq.get(threadId) ?? 1
      const now = this.store.clock().toISOString()
      statements.insertTurn.run(threadId, seq, requestId, now)
      statements.linked.run(canonicalJson(ThreadState.parse(state)), now, title === "" ? titleFromQuestion(question) : title, threadId)
      return seq
    })
  }

  /** Records how the last turn's question (`asked`) was read, unless a later turn was linked or the thread deleted since. */
  recordRead(threadId: string, requestId: string, asked: string, intake: QuestionIntakePayload): void {
    // Derived from the run's stored intake event (the next turn reads that, not this): a write an
    // OS crash may lose costs nothing, so it does not wait for the disk.
    this.commit("normal", () => {
      // The thread may have been deleted while its last run went on: nothing to record then.
      const json = this.prepared().stateJson.get(threadId)
      if (json === undefined) return
      const state = ThreadState.parse(JSON.parse(json))
      if (state.lastRequestId !== requestId) return
      const read: ThreadState = {
        ...state,
        lastQuestion: intake.followUp?.effectiveQuestion ?? asked,
        lastFocus: intake.focus ?? null,
      }
      this.prepared().setState.run(canonicalJson(read), threadId)
    })
  }

  /** Rewrites the thread's checkpoint (a paused question, documents resolved) in one transaction. */
  updateState(threadId: string, change: (state: ThreadState) => ThreadState): ThreadState {
    return this.commit("full", () => {
      const json = this.prepared().stateJson.get(threadId)
      if (json === undefined) throw new ThreadNotFoundError(threadId)
      const next = ThreadState.parse(change(ThreadState.parse(JSON.parse(json))))
      this.prepared().setState.run(canonicalJson(next), threadId)
      return next
    })
  }

  /** The thread's last turn, or null before its first. */
  lastTurn(threadId: string): LastTurn | null {
    const row = this.prepared().lastTurn.get(threadId)
    if (row === undefined) return null
    return {
      requestId: row.requestId,
      status: TraceStatus.parse(row.status),
      question: parseStoredRequest(row.requestJson).question,
      intake: this.intakeOf(row.requestId),
    }
  }

  turns(threadId: string): ThreadTurn[] {
    const rows = this.store.db
      .select({ turn: threadTurns, question: traces.question, status: traces.status, outcome: traces.outcome, answerText: traces.answerText, requestJson: traces.requestJson })
      .from(threadTurns)
      .innerJoin(traces, eq(traces.requestId, threadTurns.requestId))
      .where(eq(threadTurns.threadId, threadId))
      .orderBy(asc(threadTurns.seq))
      .all()
    return rows.map((row) => {
      const followUp = this.intakeOf(row.turn.requestId)?.followUp
      const inherited: InheritedChip[] = followUp?.inherited ?? []
      return {
        seq: row.turn.seq,
        requestId: row.turn.requestId,
        createdAt: row.turn.createdAt,
        question: row.question,
        effectiveQuestion: followUp?.effectiveQuestion ?? null,
        inherited,
        dropped: parseStoredRequest(row.requestJson).previousTurn?.dropped ?? [],
        status: TraceStatus.parse(row.status),
        outcome: TerminalOutcome.nullable().parse(row.outcome),
        headline: headlineOf(row.answerText),
      }
    })
  }

  rename(id: string, title: string): Thread {
    const now = this.store.clock().toISOString()
    const changed = this.store.db.update(threads).set({ title, updatedAt: now }).where(eq(threads.id, id)).run().changes
    if (changed !== 1) throw new ThreadNotFoundError(id)
    return this.require(id)
  }

  /**
   * Removes the thread and its turn links. Its runs stay: traces leave the store only through a
   * dated, audited purge (purge.ts and the delete triggers), and the store keeps no record of which
   * runs were exported, so none is removed with the thread. The result counts them, and the flagged.
   */
  delete(id: string): ThreadDeleteResult {
    return this.store.sqlite
      .transaction((): ThreadDeleteResult => {
        if (this.get(id) === null) throw new ThreadNotFoundError(id)
        const flagged = this.store.db
          .select({ count: sql<number>`count(DISTINCT ${flags.runId})` })
          .from(threadTurns)
          .innerJoin(flags, eq(flags.runId, threadTurns.requestId))
          .where(eq(threadTurns.threadId, id))
          .get()
        const turnCount = this.store.db.delete(threadTurns).where(eq(threadTurns.threadId, id)).run().changes
        this.store.db.delete(threads).where(eq(threads.id, id)).run()
        return { id, turnCount, keptTraceCount: turnCount, flaggedTraceCount: flagged?.count ?? 0 }
      })
      .immediate()
  }

  /** The QUESTION_INTAKE complete payload of a run, when it has one. */
  intakeOf(requestId: string): QuestionIntakePayload | null {
    const json = this.prepared().intake.get({ requestId })
    if (json === undefined) return null
    const event = parseJsonOrNull(json) as { data?: unknown } | null
    const payload = QuestionIntakePayload.safeParse(event?.data)
    return payload.success ? payload.data : null
  }

  /**
   * One write transaction. "normal" commits without waiting for the disk (synchronous=NORMAL, as
   * the trace writer's stage batches): in WAL mode it is atomic and survives the app's crash, and
   * the next commit with synchronous=FULL (the run's own end or suspension) hardens it too.
   */
  private commit<T>(durability: Durability, body: () => T): T {
    const write = this.store.sqlite.transaction(body)
    if (durability === "full") return write.immediate()
    this.store.sqlite.pragma("synchronous = NORMAL")
    try {
      return write.immediate()
    } finally {
      this.store.sqlite.pragma("synchronous = FULL")
    }
  }

  /** Where a run sits in its thread, or null when it is no thread's turn. */
  seqOf(requestId: string): number | null {
    const row = this.store.db.select({ seq: threadTurns.seq }).from(threadTurns).where(eq(threadTurns.requestId, requestId)).get()
    return row?.seq ?? null
  }

  /** Turns are numbered 1, 2, 3… and leave only with their thread: the next number less one is the count. */
  private turnCount(threadId: string): number {
    return (this.prepared().nextSeq.get(threadId) ?? 1) - 1
  }

  private prepared(): TurnStatements {
    if (this.statements !== undefined) return this.statements
    const { sqlite } = this.store
    this.statements = {
      stateJson: sqlite.prepare<[string], string>("SELECT state_json FROM threads WHERE id = ?").pluck(),
      title: sqlite.prepare<[string], string>("SELECT title FROM threads WHERE id = ?").pluck(),
      nextSeq: sqlite.prepare<[string], number>("SELECT coalesce(max(seq), 0) + 1 FROM thread_turns WHERE thread_id = ?").pluck(),
      insertTurn: sqlite.prepare("INSERT INTO thread_turns (thread_id, seq, request_id, created_at) VALUES (?, ?, ?, ?)"),
      linked: sqlite.prepare("UPDATE threads SET state_json = ?, updated_at = ?, title = ? WHERE id = ?"),
      setState: sqlite.prepare("UPDATE threads SET state_json = ? WHERE id = ?"),
      lastTurn: sqlite.prepare(
        `SELECT tt.request_id AS requestId, t.status, t.request_json AS requestJson
         FROM thread_turns tt JOIN traces t ON t.request_id = tt.request_id
         WHERE tt.thread_id = ? ORDER BY tt.seq DESC LIMIT 1`,
      ),
      intake: sqlite
        .prepare<[{ requestId: string }], string>(
          `SELECT event_json FROM events e WHERE ${eventsOfRequestSql("e", "@requestId")}
           AND e.stage = 'QUESTION_INTAKE' AND e.status = 'complete' LIMIT 1`,
        )
        .pluck(),
    }
    return this.statements
  }

  /** Ids of threads with a run whose question or answer has every word of `search` (traces_fts). */
  private threadsMatchingRuns(search: string): Set<string> {
    const fts = toFtsQuery(search)
    if (fts === null) return new Set()
    this.store.searchIndex.catchUp()
    const ids = this.store.sqlite
      .prepare(
        `SELECT DISTINCT tt.thread_id FROM traces_fts f
         JOIN traces t ON t.id = f.rowid
         JOIN thread_turns tt ON tt.request_id = t.request_id
         WHERE traces_fts MATCH ?`,
      )
      .pluck()
      .all(fts) as string[]
    return new Set(ids)
  }

}

function toThread(row: ThreadRow, turnCount: number): Thread {
  return {
    id: row.id,
    title: row.title,
    clientId: row.clientId,
    asOfDate: row.asOfDate,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    turnCount,
  }
}

/** The first line of a run's terminal text (an answer's headline, a refusal's message). */
function headlineOf(answerText: string | null): string | null {
  const headline = answerText?.split("\n")[0]?.trim() ?? ""
  return headline === "" ? null : headline
}

/** A thread's title made from its first question: one line, cut at a word near 80 characters. */
export function titleFromQuestion(question: string): string {
  const line = question.replace(/\s+/gu, " ").trim()
  const chars = Array.from(line)
  if (chars.length <= THREAD_TITLE_FROM_QUESTION_LENGTH) return line
  const cut = chars.slice(0, THREAD_TITLE_FROM_QUESTION_LENGTH - 1).join("")
  const atWord = cut.replace(/\s+\S*$/u, "")
  return `${atWord.length >= THREAD_TITLE_FROM_QUESTION_LENGTH / 2 ? atWord : cut}…`
}

