import { describe, expect, it } from "vitest"
import { FlagsRepository } from "../../../src-main/store/flags-repo"
import { purgeOlderThan } from "../../../src-main/store/purge"
import { ThreadNotFoundError, ThreadsRepository, titleFromQuestion } from "../../../src-main/store/threads-repo"
import type { ThreadState } from "../../../src-shared/threads"
import { threadService } from "../runs/thread-fixtures"
import { AS_OF, CLEAR_QUESTION } from "./engine-fixtures"
import { openTestStore, tempDbPath } from "./fixtures"

// The thread tables (migration 0012) on real database files: a turn is linked together with the
// thread's checkpoint, or not at all; the checkpoint survives closing the file; threads are found
// by title and by the words of their runs (the history's FTS5 index); deleting a thread removes
// its turn links and keeps every run, counting the flagged ones.

const RATE_QUESTION = "Koja je stopa PDV-a na kruh?"

function stateAfter(requestId: string, previous: ThreadState): ThreadState {
  return { ...previous, lastRequestId: requestId, lastQuestion: null, lastFocus: null, dropped: ["date"] }
}

describe("thread store", () => {
  it("links a turn with the thread's checkpoint in one transaction, and keeps both across a reopen", async () => {
    const path = tempDbPath()
    const { runs, store } = threadService(openTestStore(path))
    const repo = new ThreadsRepository(store)
    const thread = repo.create({ title: null, clientId: null, asOfDate: AS_OF })
    expect(thread).toMatchObject({ title: "", asOfDate: AS_OF, clientId: null, turnCount: 0 })

    const run = await runs.ask({ question: RATE_QUESTION, asOfDate: AS_OF })
    const state = stateAfter(run.requestId, repo.state(thread.id))
    expect(repo.linkTurn(thread.id, run.requestId, RATE_QUESTION, state)).toBe(1)
    expect(repo.get(thread.id)).toMatchObject({ title: RATE_QUESTION, turnCount: 1 })

    // A link to a run the store does not have fails whole: no turn, the checkpoint as it was.
    expect(() => repo.linkTurn(thread.id, "req-missing", "?", stateAfter("req-missing", state))).toThrow(/FOREIGN KEY/)
    expect(repo.state(thread.id)).toEqual(state)
    expect(repo.get(thread.id)?.turnCount).toBe(1)
    // A run is the turn of one thread only.
    const other = repo.create({ title: "Drugi", clientId: null, asOfDate: null })
    expect(() => repo.linkTurn(other.id, run.requestId, RATE_QUESTION, state)).toThrow(/UNIQUE/)
    expect(repo.state(other.id).lastRequestId).toBeNull()
    // A turn's link to its run never changes.
    expect(() => store.sqlite.prepare("UPDATE thread_turns SET seq = 5").run()).toThrow(/UPDATE rejected/)
    store.close()

    const reopened = new ThreadsRepository(openTestStore(path))
    expect(reopened.state(thread.id)).toEqual(state)
    expect(reopened.turns(thread.id)).toEqual([
      expect.objectContaining({ seq: 1, requestId: run.requestId, question: RATE_QUESTION, status: "complete", outcome: "ANSWER", headline: expect.stringContaining("5 %") }),
    ])
  })

  it("records how the last turn was read, but not over a later turn", async () => {
    const { runs, store } = threadService()
    const repo = new ThreadsRepository(store)
    const thread = repo.create({ title: "PDV", clientId: null, asOfDate: null })
    const first = await runs.ask({ question: RATE_QUESTION, asOfDate: AS_OF })
    repo.linkTurn(thread.id, first.requestId, RATE_QUESTION, stateAfter(first.requestId, repo.state(thread.id)))
    const intake = repo.intakeOf(first.requestId)
    if (intake === null) throw new Error("no intake event stored")
    repo.recordRead(thread.id, first.requestId, RATE_QUESTION, intake)
    expect(repo.state(thread.id)).toMatchObject({ lastRequestId: first.requestId, lastQuestion: RATE_QUESTION, lastFocus: { attribute: "rate", subjects: [{ id: "bread" }] } })

    const second = await runs.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    repo.linkTurn(thread.id, second.requestId, CLEAR_QUESTION, stateAfter(second.requestId, repo.state(thread.id)))
    repo.recordRead(thread.id, first.requestId, RATE_QUESTION, intake)
    expect(repo.state(thread.id)).toMatchObject({ lastRequestId: second.requestId, lastFocus: null })
  })

  it("titles an untitled thread with its first question, cut near 80 characters at a word", () => {
    const long = `Moram li kao paušalni obrtnik ${"koji radi s inozemnim klijentima ".repeat(4)}plaćati PDV?`
    const title = titleFromQuestion(`  ${long}\n`)
    expect(Array.from(title).length).toBeLessThanOrEqual(80)
    expect(title.endsWith("…")).toBe(true)
    expect(long.startsWith(title.slice(0, -1))).toBe(true)
    expect(titleFromQuestion("Koja je\nstopa?")).toBe("Koja je stopa?")
  })

  it("finds threads by title (case and diacritics folded) and by a word of a turn's question or answer", async () => {
    const { runs, store } = threadService()
    const repo = new ThreadsRepository(store)
    const salaries = repo.create({ title: "Plaće za studeni", clientId: null, asOfDate: null })
    const bread = repo.create({ title: "Klijent Horvat", clientId: null, asOfDate: null })
    const run = await runs.ask({ question: RATE_QUESTION, asOfDate: AS_OF })
    repo.linkTurn(bread.id, run.requestId, RATE_QUESTION, stateAfter(run.requestId, repo.state(bread.id)))

    expect(repo.list("place").map((t) => t.id)).toEqual([salaries.id])
    expect(repo.list("STUD").map((t) => t.id)).toEqual([salaries.id])
    expect(repo.list("kruh").map((t) => t.id)).toEqual([bread.id])
    // A word of the answer ("sniženoj") finds it too: the history's index covers the answer text.
    expect(repo.list("snizen").map((t) => t.id)).toEqual([bread.id])
    expect(repo.list("jahta")).toEqual([])
    expect(repo.list("   ").map((t) => t.id).sort()).toEqual([salaries.id, bread.id].sort())
  })

  it("renames, and deletes a thread's turn links while every run stays, the flagged ones counted", async () => {
    const { runs, store } = threadService()
    const repo = new ThreadsRepository(store)
    const thread = repo.create({ title: "Stari naslov", clientId: null, asOfDate: null })
    const ids: string[] = []
    for (const question of [RATE_QUESTION, CLEAR_QUESTION]) {
      const run = await runs.ask({ question, asOfDate: AS_OF })
      repo.linkTurn(thread.id, run.requestId, question, stateAfter(run.requestId, repo.state(thread.id)))
      ids.push(run.requestId)
    }
    expect(repo.rename(thread.id, "Novi naslov")).toMatchObject({ title: "Novi naslov", turnCount: 2 })
    expect(() => repo.rename("nope", "x")).toThrow(ThreadNotFoundError)

    // While the thread holds them, a dated purge keeps its runs (the turn links refer to them).
    expect(purgeOlderThan(store, "2999-01-01")).toMatchObject({ traceCount: 0, keptCount: 2 })

    new FlagsRepository(store).create({ runId: ids[0] ?? "", kind: "wrong", note: "Provjeriti stopu." })
    expect(repo.delete(thread.id)).toEqual({ id: thread.id, turnCount: 2, keptTraceCount: 2, flaggedTraceCount: 1 })
    expect(repo.get(thread.id)).toBeNull()
    expect(store.sqlite.prepare("SELECT count(*) FROM thread_turns").pluck().get()).toBe(0)
    for (const id of ids) expect(runs.get(id)?.trace.status).toBe("complete")
    expect(() => repo.delete(thread.id)).toThrow(ThreadNotFoundError)

    // Unlinked, the unflagged run is an ordinary run again: a purge may take it; the flagged one stays.
    expect(purgeOlderThan(store, "2999-01-01")).toMatchObject({ traceCount: 1, keptCount: 1 })
    expect(runs.get(ids[0] ?? "")).not.toBeNull()
  })
})
