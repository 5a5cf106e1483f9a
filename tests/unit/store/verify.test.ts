import { beforeEach, describe, expect, test } from "vitest"
import { eventKey } from "../../../src-main/store/event-keys"
import { chainHash, GENESIS_HASH } from "../../../src-main/trace/hash-chain"
import type { RunService } from "../../../src-main/runs/run-service"
import type { Store } from "../../../src-main/store/store"
import { canonicalJson } from "../../../src-main/util/canonical-json"
import { openTestStore } from "./fixtures"
import { AS_OF, CLEAR_QUESTION, realService, VAGUE_QUESTION } from "./engine-fixtures"

// Tampering needs the triggers out of the way first: exactly what someone editing the file would do.
// Rows are addressed by (request_id, seq) columns; moving a row also moves its key (trace id × 2^20
// + seq), which is what readers order by.

let store: Store
let service: RunService
let requestId: string
let eventCount: number

beforeEach(async () => {
  store = openTestStore()
  service = realService(store)
  const run = await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
  requestId = run.requestId
  eventCount = run.events.length
  store.sqlite.exec("DROP TRIGGER events_no_update; DROP TRIGGER events_no_delete; DROP TRIGGER events_keyed_by_trace; DROP TRIGGER traces_sealed_when_complete;")
})

/** The events-table key of this trace's event `seq`. */
const keyOf = (seq: number): number => {
  const traceId = store.sqlite.prepare("SELECT id FROM traces WHERE request_id = ?").pluck().get(requestId) as number
  return eventKey(traceId, seq)
}

interface Row {
  seq: number
  event_json: string
  prev_hash: string
  hash: string
}

const rows = (): Row[] =>
  store.sqlite.prepare("SELECT seq, event_json, prev_hash, hash FROM events WHERE request_id = ? ORDER BY seq").all(requestId) as Row[]

function editedJson(seq: number, edit: (event: Record<string, unknown>) => void): string {
  const row = rows()[seq]
  if (row === undefined) throw new Error(`no row ${seq}`)
  const event = JSON.parse(row.event_json) as Record<string, unknown>
  edit(event)
  return canonicalJson(event)
}

describe("verify", () => {
  test("an untouched run verifies: chain and replay", async () => {
    expect(await service.verify(requestId)).toEqual({ requestId, ok: true, chainOk: true, replayOk: true })
    const suspended = await service.ask({ question: VAGUE_QUESTION, asOfDate: AS_OF })
    expect(await service.verify(suspended.requestId)).toMatchObject({ ok: true })
  })

  test("a request edited to claim an earlier engine is still replayed: the chained events tell the version", async () => {
    store.sqlite.exec("DROP TRIGGER traces_frozen_context")
    const json = store.sqlite.prepare("SELECT request_json FROM traces WHERE request_id = ?").pluck().get(requestId) as string
    const { engineVersion: _recorded, ...older } = JSON.parse(json) as Record<string, unknown>
    store.sqlite.prepare("UPDATE traces SET request_json = ? WHERE request_id = ?").run(canonicalJson(older), requestId)
    expect(await service.verify(requestId)).toEqual({ requestId, ok: true, chainOk: true, replayOk: true })
  })

  test("an edited event row is found by its hash", async () => {
    const json = editedJson(5, (e) => (e.message = "edited"))
    store.sqlite.prepare("UPDATE events SET event_json = ? WHERE request_id = ? AND seq = 5").run(json, requestId)
    const result = await service.verify(requestId)
    expect(result).toMatchObject({ ok: false, chainOk: false, replayOk: false, firstProblem: { seq: 5 } })
    expect(result.firstProblem?.reason).toMatch(/seq 5 was changed/)
  })

  test("a deleted event row is found", async () => {
    store.sqlite.prepare("DELETE FROM events WHERE request_id = ? AND seq = 4").run(requestId)
    const result = await service.verify(requestId)
    expect(result).toMatchObject({ ok: false, chainOk: false, firstProblem: { seq: 4 } })
    expect(result.firstProblem?.reason).toMatch(/seq 4 is missing/)
  })

  test("a deleted last event is found by the trace's count and chain head", async () => {
    store.sqlite.prepare("DELETE FROM events WHERE request_id = ? AND seq = ?").run(requestId, eventCount - 1)
    const result = await service.verify(requestId)
    expect(result).toMatchObject({ ok: false, chainOk: false, firstProblem: { seq: eventCount - 1 } })
  })

  test("reordered event rows are found", async () => {
    // Events 6 and 7 trade places: each row's content moves to the other's key and seq.
    const [six, seven] = [rows()[6], rows()[7]]
    if (six === undefined || seven === undefined) throw new Error("too few rows")
    const put = store.sqlite.prepare("UPDATE events SET event_json = ?, prev_hash = ?, hash = ? WHERE request_id = ? AND seq = ?")
    store.sqlite.transaction(() => {
      put.run(seven.event_json, seven.prev_hash, seven.hash, requestId, 6)
      put.run(six.event_json, six.prev_hash, six.hash, requestId, 7)
    })()
    const result = await service.verify(requestId)
    expect(result).toMatchObject({ ok: false, chainOk: false, firstProblem: { seq: 6 } })
    expect(result.firstProblem?.reason).toMatch(/does not link/)
  })

  test("an inserted event row is found, even with a correctly computed hash", async () => {
    const before = rows()
    const at = 3
    const previous = before[at - 1]
    if (previous === undefined) throw new Error("no previous row")
    const shift = store.sqlite.prepare("UPDATE events SET id = id + 1, seq = seq + 1 WHERE request_id = ? AND seq = ?")
    for (let seq = eventCount - 1; seq >= at; seq--) shift.run(requestId, seq)
    const forged = editedJson(at - 1, (e) => {
      e.seq = at
      e.message = "inserted"
    })
    store.sqlite
      .prepare("INSERT INTO events (id, request_id, seq, stage, status, ts, event_json, prev_hash, hash) VALUES (?, ?, ?, 'SOURCES', 'progress', 'x', ?, ?, ?)")
      .run(keyOf(at), requestId, at, forged, previous.hash, chainHash(previous.hash, forged))
    const result = await service.verify(requestId)
    expect(result).toMatchObject({ ok: false, chainOk: false, firstProblem: { seq: at + 1 } })
  })

  test("an event appended after the end is found", async () => {
    const last = rows().at(-1)
    if (last === undefined) throw new Error("no rows")
    const forged = editedJson(eventCount - 1, (e) => (e.seq = eventCount))
    store.sqlite
      .prepare("INSERT INTO events (id, request_id, seq, stage, status, ts, event_json, prev_hash, hash) VALUES (?, ?, ?, 'ANSWER', 'complete', 'x', ?, ?, ?)")
      .run(keyOf(eventCount), requestId, eventCount, forged, last.hash, chainHash(last.hash, forged))
    const result = await service.verify(requestId)
    expect(result).toMatchObject({ ok: false, chainOk: false, firstProblem: { seq: eventCount } })
  })

  test("a consistently rewritten chain still fails the replay, at the rewritten event", async () => {
    const target = 8
    let prev = GENESIS_HASH
    const rewrite = store.sqlite.prepare("UPDATE events SET event_json = ?, prev_hash = ?, hash = ? WHERE request_id = ? AND seq = ?")
    for (const row of rows()) {
      const json = row.seq === target ? editedJson(target, (e) => (e.message = "rewritten")) : row.event_json
      const hash = chainHash(prev, json)
      rewrite.run(json, prev, hash, requestId, row.seq)
      prev = hash
    }
    store.sqlite.prepare("UPDATE traces SET chain_head = ? WHERE request_id = ?").run(prev, requestId)
    const result = await service.verify(requestId)
    expect(result).toMatchObject({ ok: false, chainOk: true, replayOk: false, firstProblem: { seq: target } })
    expect(result.firstProblem?.reason).toMatch(/differs from the replay at message/)
  })
})
