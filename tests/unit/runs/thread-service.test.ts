import { describe, expect, it } from "vitest"
import { StoredRequest } from "../../../src-main/store/stored-request"
import type { Store } from "../../../src-main/store/store"
import { ThreadBusyError, ThreadClientNotFoundError, ThreadService } from "../../../src-main/runs/thread-service"
import { ThreadNotFoundError } from "../../../src-main/store/threads-repo"
import { openTestStore, tempDbPath } from "../store/fixtures"
import { threadService } from "./thread-fixtures"

// Threads through the one run path (RunService.start) with the real engine and pack, on real
// database files: every turn is a run with its own trace; a turn after the first carries the
// previous turn (its id, its question as the engine read it, the parts the user cleared) in its
// stored request; the thread's client and date go with every turn; a thread goes on after the
// database is closed and reopened, also from a turn suspended at a clarification.

const RATE_QUESTION = "Koja je stopa PDV-a na kruh?"
const YEAR_FOLLOW_UP = "A za 2023?"
const BOOKS_FOLLOW_UP = "i za knjige?"
const VAGUE_QUESTION = "porez"

function storedRequest(store: Store, requestId: string): StoredRequest {
  const json = store.sqlite.prepare("SELECT request_json FROM traces WHERE request_id = ?").pluck().get(requestId)
  if (typeof json !== "string") throw new Error(`no trace ${requestId}`)
  return StoredRequest.parse(JSON.parse(json))
}

describe("thread service", () => {
  it("asks three turns; each follow-up names the previous turn with the question the engine read", async () => {
    const { threads, runs, store } = threadService()
    const thread = threads.newThread({ asOfDate: "2025-06-01" })
    const first = await threads.ask(thread.id, RATE_QUESTION)
    const second = await threads.ask(thread.id, YEAR_FOLLOW_UP, { dropped: ["entity"] })
    const third = await threads.ask(thread.id, BOOKS_FOLLOW_UP)
    expect([first.seq, second.seq, third.seq]).toEqual([1, 2, 3])

    expect(storedRequest(store, first.requestId).previousTurn).toBeUndefined()
    expect(storedRequest(store, second.requestId).previousTurn).toEqual({ requestId: first.requestId, question: RATE_QUESTION, dropped: ["entity"] })
    const detail = threads.get(thread.id)
    const secondTurn = detail.turns[1]
    // The third turn builds on the second as the engine read it: its effective question.
    expect(storedRequest(store, third.requestId).previousTurn).toEqual({ requestId: second.requestId, question: secondTurn?.effectiveQuestion })
    expect(detail.thread).toMatchObject({ title: RATE_QUESTION, turnCount: 3, asOfDate: "2025-06-01" })
    expect(detail.turns.map((t) => [t.seq, t.requestId, t.question, t.status])).toEqual([
      [1, first.requestId, RATE_QUESTION, "complete"],
      [2, second.requestId, YEAR_FOLLOW_UP, "complete"],
      [3, third.requestId, BOOKS_FOLLOW_UP, "complete"],
    ])
    expect(detail.turns[1]?.dropped).toEqual(["entity"])
    expect(detail.turns[0]?.headline).toContain("5 %")
    // The checkpoint: the last turn, how it was read, the thread's date, no documents yet.
    expect(detail.state).toMatchObject({ lastRequestId: third.requestId, asOfDate: "2025-06-01", conversationDocs: {}, dropped: [] })
    // Every turn is a run with its own trace on the thread's date, and verifies.
    for (const turn of [first, second, third]) {
      expect(store.sqlite.prepare("SELECT as_of_date FROM traces WHERE request_id = ?").pluck().get(turn.requestId)).toBe("2025-06-01")
      expect(await runs.verify(turn.requestId)).toMatchObject({ ok: true })
    }
    // The engine reads follow-ups: "A za 2023?" after a VAT-rate question answers a rate, for 2023,
    // with what it took over from the first turn recorded as inherited parts.
    expect(secondTurn?.effectiveQuestion).toMatch(/stopa.*kruh.*2023/)
    expect(secondTurn?.outcome).toBe("ANSWER")
    expect(secondTurn?.headline).toMatch(/\d+ %/)
    expect(secondTurn?.inherited.map((chip) => chip.part)).toEqual(expect.arrayContaining(["subject", "attribute"]))
    expect(detail.state.lastQuestion).toBe(detail.turns[2]?.effectiveQuestion)
  })

  it("asks with the thread's client profile, and refuses an unknown thread or client", async () => {
    const { threads, runs, store } = threadService()
    runs.clients.save({ id: "c1", name: "Obrt Horvat", context: { entity: { type: "OBRT", obrtSubtype: "PAUSALNI", vat: { status: "OUTSIDE_VAT" }, location: { country: "HR" } } } })
    const thread = threads.newThread({ clientId: "c1", title: "Horvat" })
    const turn = await threads.ask(thread.id, RATE_QUESTION)
    expect(storedRequest(store, turn.requestId)).toMatchObject({ clientId: "c1", profile: { entity: { type: "OBRT" } } })
    expect(threads.get(thread.id).thread.title).toBe("Horvat")
    expect(() => threads.newThread({ clientId: "c-none" })).toThrow(ThreadClientNotFoundError)
    await expect(threads.ask("no-such-thread", RATE_QUESTION)).rejects.toThrow(ThreadNotFoundError)
    await expect(threads.ask(thread.id, "   ")).rejects.toThrow(/question is empty/)
  })

  it("refuses a new question while the thread's last one is still being answered", async () => {
    const { threads } = threadService()
    const thread = threads.newThread()
    const running = threads.start(thread.id, RATE_QUESTION)
    expect(() => threads.start(thread.id, YEAR_FOLLOW_UP)).toThrow(ThreadBusyError)
    await running.done
    expect((await threads.ask(thread.id, YEAR_FOLLOW_UP)).seq).toBe(2)
  })

  it("a thread deleted while its last run goes on lets the run end, stored, without a failure", async () => {
    const { runs, store } = threadService()
    const failures: unknown[] = []
    const threads = new ThreadService({ store, runs, onBackgroundError: (_context, error) => failures.push(error) })
    const thread = threads.newThread()
    const running = threads.start(thread.id, RATE_QUESTION)
    expect(threads.delete(thread.id)).toMatchObject({ turnCount: 1, keptTraceCount: 1 })
    expect((await running.done).status).toBe("complete")
    expect(failures).toEqual([])
    expect(runs.get(running.requestId)?.trace.outcome).toBe("ANSWER")
  })

  it("goes on after the database is closed and reopened, where it stopped", async () => {
    const path = tempDbPath()
    const before = threadService(openTestStore(path))
    const thread = before.threads.newThread()
    const first = await before.threads.ask(thread.id, RATE_QUESTION)
    const stateBefore = before.threads.get(thread.id).state
    before.store.close()

    const after = threadService(openTestStore(path))
    expect(after.threads.get(thread.id).state).toEqual(stateBefore)
    const next = await after.threads.ask(thread.id, YEAR_FOLLOW_UP)
    expect(next.seq).toBe(2)
    expect(storedRequest(after.store, next.requestId).previousTurn).toMatchObject({ requestId: first.requestId, question: RATE_QUESTION })
  })

  it("a turn suspended at a clarification is resumed after a reopen, and the next turn follows it", async () => {
    const path = tempDbPath()
    const before = threadService(openTestStore(path))
    const thread = before.threads.newThread()
    const suspended = await before.threads.ask(thread.id, VAGUE_QUESTION)
    expect(suspended.status).toBe("awaiting_input")
    if (suspended.event.status !== "awaiting_input") throw new Error("not suspended")
    const option = suspended.event.data.options?.[0]?.value
    if (option === undefined) throw new Error("the clarification offers no option")
    expect(before.threads.get(thread.id).turns[0]?.status).toBe("awaiting_input")
    before.store.close()

    const after = threadService(openTestStore(path))
    const resumed = await after.runs.resume(suspended.requestId, option)
    expect(resumed.status).toBe("complete")
    const turns = after.threads.get(thread.id).turns
    expect(turns).toEqual([expect.objectContaining({ requestId: suspended.requestId, status: "complete", outcome: resumed.event.stage })])
    const next = await after.threads.ask(thread.id, RATE_QUESTION)
    expect(storedRequest(after.store, next.requestId).previousTurn).toMatchObject({ requestId: suspended.requestId, question: VAGUE_QUESTION })
  })

  it("renames, finds by a word of a turn's question, and deletes keeping the runs", async () => {
    const { threads, runs } = threadService()
    const thread = threads.newThread()
    const turn = await threads.ask(thread.id, RATE_QUESTION)
    threads.newThread({ title: "Putni nalozi" })
    expect(threads.rename({ id: thread.id, title: "  Kruh i PDV  " }).title).toBe("Kruh i PDV")
    expect(threads.search("stopa").map((t) => t.id)).toEqual([thread.id])
    expect(threads.list({ search: "putni" }).map((t) => t.title)).toEqual(["Putni nalozi"])
    expect(threads.delete(thread.id)).toMatchObject({ turnCount: 1, keptTraceCount: 1, flaggedTraceCount: 0 })
    expect(runs.get(turn.requestId)?.trace.status).toBe("complete")
    expect(threads.list().map((t) => t.title)).toEqual(["Putni nalozi"])
  })
})
