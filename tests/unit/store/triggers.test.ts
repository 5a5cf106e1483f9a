import { beforeEach, describe, expect, test } from "vitest"
import type { RunService } from "../../../src-main/runs/run-service"
import type { Store } from "../../../src-main/store/store"
import { AS_OF, CLEAR_QUESTION, realService, VAGUE_QUESTION } from "./engine-fixtures"
import { openTestStore } from "./fixtures"

// The database itself refuses to rewrite history, whoever holds the connection.

let store: Store
let service: RunService

beforeEach(() => {
  store = openTestStore()
  service = realService(store)
})

const run = (sql: string, ...params: unknown[]) => () => store.sqlite.prepare(sql).run(...params)

describe("events are append-only", () => {
  test("an UPDATE of an event is rejected", async () => {
    const { requestId } = await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    expect(run("UPDATE events SET event_json = '{}' WHERE request_id = ? AND seq = 3", requestId)).toThrow(/append-only: UPDATE rejected/)
    expect(run("UPDATE events SET ts = 'x' WHERE request_id = ?", requestId)).toThrow(/append-only/)
  })

  test("a DELETE of an event is rejected", async () => {
    const { requestId, events } = await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    expect(run("DELETE FROM events WHERE request_id = ? AND seq = 0", requestId)).toThrow(/DELETE rejected outside an audited purge/)
    expect(store.sqlite.prepare("SELECT count(*) AS n FROM events WHERE request_id = ?").get(requestId)).toEqual({ n: events.length })
  })
})

describe("an event's key names its trace and its seq", () => {
  const insert = "INSERT INTO events (id, request_id, seq, stage, status, ts, event_json, prev_hash, hash) VALUES (?, ?, ?, 'ANSWER', 'complete', 'x', '{}', 'p', 'h')"
  const traceId = (requestId: string) => store.sqlite.prepare("SELECT id FROM traces WHERE request_id = ?").pluck().get(requestId) as number

  test("an event filed under another trace's key range is rejected", async () => {
    const a = await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    const b = await service.ask({ question: VAGUE_QUESTION, asOfDate: AS_OF })
    expect(run(insert, traceId(b.requestId) * 2 ** 20 + 500, a.requestId, 500)).toThrow(/key must be its trace's id/)
  })

  test("a key whose low bits are not the event's seq is rejected", async () => {
    const a = await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    expect(run(insert, traceId(a.requestId) * 2 ** 20 + 501, a.requestId, 500)).toThrow(/CHECK constraint failed: events_key_holds_seq/)
    expect(run(insert, traceId(a.requestId) * 2 ** 20, a.requestId, 2 ** 20)).toThrow(/CHECK constraint failed: events_key_holds_seq/)
  })
})

describe("a trace's frozen context", () => {
  test.each([
    ["question", "'another question'"],
    ["as_of_date", "'1999-01-01'"],
    ["request_json", "'{}'"],
    ["client_id", "'someone-else'"],
    ["pack_hash", "'0000'"],
    ["created_at", "'2000-01-01'"],
    ["user_context_snapshot", "'{}'"],
    ["evaluation_context", "'{}'"],
    ["locale", "'hr'"],
  ])("cannot change %s", async (column, value) => {
    const { requestId } = await service.ask({ question: VAGUE_QUESTION, asOfDate: AS_OF, locale: "en" })
    expect(run(`UPDATE traces SET ${column} = ${value} WHERE request_id = ?`, requestId)).toThrow(/frozen context of a trace cannot change/)
  })

  test("the context resolved by the run is set once, then frozen", async () => {
    const { requestId } = await service.ask({ question: VAGUE_QUESTION, asOfDate: AS_OF })
    const row = store.sqlite.prepare("SELECT evaluation_context AS ctx, status FROM traces WHERE request_id = ?").get(requestId) as { ctx: string; status: string }
    expect(row.status).toBe("awaiting_input")
    expect(JSON.parse(row.ctx)).toMatchObject({ asOf: expect.any(String) })
    expect(run("UPDATE traces SET evaluation_context = NULL WHERE request_id = ?", requestId)).toThrow(/frozen/)
    // Status and summary columns of a live run may still move.
    expect(run("UPDATE traces SET status = 'interrupted' WHERE request_id = ?", requestId)).not.toThrow()
  })

  test("a complete trace is sealed", async () => {
    const { requestId } = await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    expect(run("UPDATE traces SET confidence = 1 WHERE request_id = ?", requestId)).toThrow(/sealed/)
    expect(run("UPDATE traces SET status = 'running' WHERE request_id = ?", requestId)).toThrow(/sealed/)
  })

  test("a trace cannot be deleted outside a purge", async () => {
    const { requestId } = await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    expect(run("DELETE FROM traces WHERE request_id = ?", requestId)).toThrow(/DELETE rejected outside an audited purge/)
  })
})

describe("other audit tables", () => {
  test("rule pack snapshots and the purge audit cannot be rewritten", async () => {
    await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    expect(run("UPDATE rule_pack_snapshots SET canonical_json = '{}'")).toThrow(/immutable/)
    expect(run("DELETE FROM rule_pack_snapshots")).toThrow(/immutable/)
    service.purgeOlderThan("2999-01-01")
    expect(run("UPDATE purge_audit SET trace_count = 0")).toThrow(/append-only/)
    expect(run("DELETE FROM purge_audit")).toThrow(/append-only/)
    expect(run("DELETE FROM purged_traces")).toThrow(/append-only/)
  })

  test("no foreign key cascades: a trace with events cannot vanish through its parent", () => {
    const fks = store.sqlite.prepare("SELECT * FROM pragma_foreign_key_list('events') UNION ALL SELECT * FROM pragma_foreign_key_list('traces')").all() as { on_delete: string }[]
    expect(fks.length).toBeGreaterThan(0)
    for (const fk of fks) expect(fk.on_delete).toBe("NO ACTION")
  })
})
