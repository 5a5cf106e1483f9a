import { describe, expect, test } from "vitest"
import { openStore } from "../../../src-main/store/store"
import { tempDbPath } from "./fixtures"
import { AS_OF, CLEAR_QUESTION, realService } from "./engine-fixtures"

// Runs on a settable clock: each phase of a test happens on a day of its own.

function history() {
  let now = Date.parse("2025-01-10T09:00:00Z")
  const store = openStore({ path: tempDbPath(), clock: () => new Date(now) })
  const service = realService(store)
  return { store, service, setDay: (iso: string) => (now = Date.parse(`${iso}T09:00:00Z`)) }
}

describe("purgeOlderThan", () => {
  test("removes only older traces, records what went, and leaves every remaining chain intact", async () => {
    const { store, service, setDay } = history()
    const old1 = await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    const old2 = await service.ask({ question: "asdf qwer", asOfDate: AS_OF })
    setDay("2025-03-01")
    const recent = await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })

    const headsBefore = [old1, old2].map((r) => ({ requestId: r.requestId, chainHead: service.get(r.requestId)?.trace.chainHead, eventCount: r.events.length }))
    const result = service.purgeOlderThan("2025-02-01")
    expect(result).toMatchObject({ traceCount: 2, eventCount: old1.events.length + old2.events.length, keptCount: 0 })
    expect(service.get(old1.requestId)).toBeNull()
    expect(service.list().items.map((t) => t.requestId)).toEqual([recent.requestId])
    expect(await service.verify(recent.requestId)).toMatchObject({ ok: true })
    expect(store.sqlite.prepare("SELECT count(*) AS n FROM events WHERE request_id IN (?, ?)").get(old1.requestId, old2.requestId)).toEqual({ n: 0 })

    const audit = store.sqlite.prepare("SELECT older_than AS olderThan, trace_count AS traces, event_count AS events FROM purge_audit").all()
    expect(audit).toEqual([{ olderThan: "2025-02-01", traces: 2, events: old1.events.length + old2.events.length }])
    const purged = store.sqlite.prepare("SELECT request_id AS requestId, chain_head AS chainHead, event_count AS eventCount FROM purged_traces ORDER BY created_at").all()
    // Each purged trace is recorded with the chain head that proved it.
    expect(purged).toEqual(expect.arrayContaining(headsBefore))
    expect(purged).toHaveLength(2)
    store.close()
  })

  test("a trace that another record refers to by foreign key (a saved scenario, say) is kept", async () => {
    const { store, service, setDay } = history()
    const referenced = await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    const unreferenced = await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    setDay("2025-03-01")
    // A table this module has never heard of, as a later feature might add.
    store.sqlite.exec("CREATE TABLE bookmarks (id INTEGER PRIMARY KEY, trace_id TEXT NOT NULL REFERENCES traces(request_id))")
    store.sqlite.prepare("INSERT INTO bookmarks (trace_id) VALUES (?)").run(referenced.requestId)
    expect(service.purgeOlderThan("2025-02-01")).toMatchObject({ traceCount: 1, keptCount: 1 })
    expect(service.get(referenced.requestId)).not.toBeNull()
    expect(service.get(unreferenced.requestId)).toBeNull()
    store.close()
  })

  test("nothing old enough: nothing happens and no audit record is written", async () => {
    const { store, service } = history()
    await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    expect(service.purgeOlderThan("2024-01-01")).toEqual({ purgeId: null, traceCount: 0, eventCount: 0, keptCount: 0 })
    expect(store.sqlite.prepare("SELECT count(*) AS n FROM purge_audit").get()).toEqual({ n: 0 })
    store.close()
  })

  test("a base that a newer counterfactual refers to is kept; an old counterfactual of a newer base goes alone", async () => {
    const { store, service, setDay } = history()
    const oldBase = await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    const oldCounterfactualOfOld = await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF }, { counterfactualOf: oldBase.requestId })
    setDay("2025-03-01")
    const newCounterfactual = await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF }, { counterfactualOf: oldBase.requestId })
    const newBase = await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    setDay("2025-01-20")
    const oldCounterfactualOfNew = await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF }, { counterfactualOf: newBase.requestId })

    const result = service.purgeOlderThan("2025-02-01")
    expect(result).toMatchObject({ traceCount: 2, keptCount: 1 })
    expect(service.get(oldBase.requestId)).not.toBeNull()
    expect(service.get(oldCounterfactualOfOld.requestId)).toBeNull()
    expect(service.get(oldCounterfactualOfNew.requestId)).toBeNull()
    for (const kept of [oldBase, newCounterfactual, newBase]) expect(await service.verify(kept.requestId)).toMatchObject({ ok: true })
    store.close()
  })
})
