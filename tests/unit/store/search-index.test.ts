import { afterEach, describe, expect, test } from "vitest"
import type { SearchIndexOptions } from "../../../src-main/store/search-index"
import { traceStats } from "../../../src-main/store/stats"
import { openStore, type Store } from "../../../src-main/store/store"
import { tempDbPath } from "./fixtures"
import { AS_OF, CLEAR_QUESTION, realService, VAGUE_QUESTION } from "./engine-fixtures"

// The search index is filled in batches off the run's path (search-index.ts). What a user must
// never notice: a search that misses a finished run, or a queue lost to a crash or left behind
// by a purge.

const stores: Store[] = []

// Stores left open by a failing assertion are closed here (their idle timers are unref'd anyway).
afterEach(() => {
  for (const store of stores.splice(0)) store.close()
})

function open(path = tempDbPath(), searchIndex: SearchIndexOptions = { idleMs: 60_000 }): Store {
  const store = openStore({ path, searchIndex })
  stores.push(store)
  return store
}

function indexed(store: Store): number {
  return store.sqlite.prepare("SELECT count(*) FROM traces_fts_docsize").pluck().get() as number
}

function queued(store: Store): number[] {
  return store.sqlite.prepare("SELECT trace_id FROM traces_search_pending ORDER BY trace_id").pluck().all() as number[]
}

function traceId(store: Store, requestId: string): number {
  return store.sqlite.prepare("SELECT id FROM traces WHERE request_id = ?").pluck().get(requestId) as number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe("the search index", () => {
  test("a finished run is queued, not tokenized, in its own commit; the next search indexes it and finds it", async () => {
    const store = open()
    const service = realService(store)
    const run = await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    expect(indexed(store)).toBe(0)
    expect(queued(store)).toEqual([traceId(store, run.requestId)])

    expect(service.list({ search: "promet PDV" }).items.map((t) => t.requestId)).toEqual([run.requestId])
    expect(indexed(store)).toBe(1)
    expect(queued(store)).toEqual([])
  })

  test("dashboard figures for a search see runs that finished a moment ago", async () => {
    const store = open()
    const service = realService(store)
    await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    await service.ask({ question: "Kolika je opća stopa PDV-a?", asOfDate: AS_OF })
    expect(store.searchIndex.catchUp()).toBe(2)
    await service.ask({ question: "Kolika je opća stopa PDV-a?", asOfDate: AS_OF })
    expect(service.stats().total).toBe(3)
    expect(store.sqlite.prepare("SELECT count(*) FROM traces_search_pending").pluck().get()).toBe(1)
    // A search in the dashboard's figures catches up before it counts.
    expect(traceStats(store, { search: "stopa" }).total).toBe(2)
    expect(queued(store)).toEqual([])
  })

  test("after a batch of runs the queue is emptied without waiting for a search", async () => {
    const store = open(tempDbPath(), { batchSize: 3, idleMs: 60_000 })
    const service = realService(store)
    await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    expect(queued(store)).toHaveLength(2)
    await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    expect(queued(store)).toEqual([])
    expect(indexed(store)).toBe(3)
  })

  test("once the store is idle the queue is emptied", async () => {
    const store = open(tempDbPath(), { batchSize: 1000, idleMs: 20 })
    const service = realService(store)
    await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    expect(queued(store)).toHaveLength(1)
    await sleep(120)
    expect(queued(store)).toEqual([])
    expect(indexed(store)).toBe(1)
  })

  test("the queue outlives the process: a run finished just before a crash is found after reopening", async () => {
    const path = tempDbPath()
    const first = open(path)
    const run = await realService(first).ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    // The process dies before any catch-up: close() only stops the idle timer.
    first.close()

    const reopened = open(path)
    expect(queued(reopened)).toHaveLength(1)
    expect(realService(reopened).list({ search: "promet" }).items.map((t) => t.requestId)).toEqual([run.requestId])
  })

  test("a run suspended at a clarification is found by its question, and after resuming by its answer too", async () => {
    const store = open()
    const service = realService(store)
    const suspended = await service.ask({ question: VAGUE_QUESTION, asOfDate: AS_OF })
    expect(suspended.status).toBe("awaiting_input")
    if (suspended.event.status !== "awaiting_input") throw new Error("not suspended")
    const option = suspended.event.data.options?.[0]?.value
    if (option === undefined) throw new Error("the clarification offers no option")
    expect(service.list({ search: VAGUE_QUESTION }).items.map((t) => t.requestId)).toEqual([suspended.requestId])

    const resumed = await service.resume(suspended.requestId, option)
    expect(resumed.status).toBe("complete")
    const answer = store.sqlite.prepare("SELECT answer_text FROM traces WHERE request_id = ?").pluck().get(suspended.requestId) as string
    const word = answer.split(/[^\p{L}]+/u).find((w) => w.length >= 6 && !VAGUE_QUESTION.includes(w.toLowerCase()))
    if (word === undefined) throw new Error(`no searchable word in the answer: ${answer}`)
    expect(queued(store)).toEqual([traceId(store, suspended.requestId)])
    expect(service.list({ search: word }).items.map((t) => t.requestId)).toContain(suspended.requestId)
    expect(indexed(store)).toBe(1)
  })

  test("a purge takes purged traces out of the queue, and a later catch-up does not bring them back", async () => {
    let day = "2025-01-10"
    const store = openStore({ path: tempDbPath(), clock: () => new Date(`${day}T09:00:00Z`), searchIndex: { idleMs: 60_000 } })
    stores.push(store)
    const service = realService(store)
    const old = await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    day = "2025-03-01"
    const recent = await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    expect(queued(store)).toHaveLength(2)

    expect(service.purgeOlderThan("2025-02-01")).toMatchObject({ traceCount: 1 })
    expect(queued(store)).toEqual([traceId(store, recent.requestId)])
    expect(service.list({ search: "promet" }).items.map((t) => t.requestId)).toEqual([recent.requestId])
    expect(service.get(old.requestId)).toBeNull()
    expect(indexed(store)).toBe(1)
  })

  test("a catch-up with nothing queued writes nothing", () => {
    const store = open()
    const changes = store.sqlite.prepare("SELECT total_changes()").pluck()
    const before = changes.get()
    expect(store.searchIndex.catchUp()).toBe(0)
    expect(changes.get()).toBe(before)
  })
})
