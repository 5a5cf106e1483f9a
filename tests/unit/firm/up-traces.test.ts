import { afterAll, beforeAll, expect, it } from "vitest"
import { connectFirm, type FirmConnection } from "../../../src-main/firm/firm-db"
import { parseFirmUrl } from "../../../src-main/firm/firm-url"
import { LocalOutbox } from "../../../src-main/firm/local-outbox"
import { SEPARATOR, type TraceBatch } from "../../../src-main/firm/outbox-batch"
import { syncOnce } from "../../../src-main/firm/sync"
import { INSERT_TRACE_BATCH, traceBatchValues } from "../../../src-main/firm/up-traces"
import { adminClient, initFirm, openDesk, recordRuns, type TestDesk } from "../../support/pg-desks"
import { describeWithPg, usePgCluster } from "./pg-harness"

// Traces go up as packed batches (outbox-batch.ts), each one statement at the server
// (up-traces.ts). What must hold: the packed events are each trace's chain in order, batches
// follow one another without gaps or repeats, and one broken chain refuses its whole batch.

/** The statement's parameters for `batch`, with its packed event texts replaced. */
function withEventTexts(batch: TraceBatch, eventJson: string): unknown[] {
  return traceBatchValues({ ...batch, events: { ...batch.events, eventJson } })
}

describeWithPg("traces going up in packed batches", () => {
  const pg = usePgCluster()
  let desk: TestDesk
  let db: FirmConnection
  let admin: FirmConnection

  beforeAll(async () => {
    await initFirm(pg.current(), ["desk_p"])
    desk = openDesk("desk_p")
    db = await connectFirm(parseFirmUrl(pg.current().url("desk_p")))
    admin = await adminClient(pg.current())
  })
  afterAll(async () => {
    await Promise.all([db.end(), admin.end()])
    desk.close()
  })

  it("packs each trace's events in chain order, the same as reading them one by one", async () => {
    await recordRuns(desk, 5)
    const outbox = new LocalOutbox(desk.store.sqlite)
    const oneByOne = outbox.pendingTraces(0, 5)
    const batch = outbox.nextTraceBatch(0, 5)
    expect(batch?.traces.map((t) => t.requestId)).toEqual(oneByOne.map((p) => p.trace.requestId))
    const events = oneByOne.flatMap((p) => p.events.map((e) => ({ ...e, requestId: p.trace.requestId })))
    expect(batch?.events.count).toBe(events.length)
    expect(batch?.events.eventJson.split(SEPARATOR)).toEqual(events.map((e) => e.eventJson))
    expect(batch?.events.requestIds.split(SEPARATOR)).toEqual(events.map((e) => e.requestId))
    expect(batch?.events.seqs.split(SEPARATOR).map(Number)).toEqual(events.map((e) => e.seq))
    expect(batch?.events.hashes.split(SEPARATOR)).toEqual(events.map((e) => e.hash))
    expect(batch?.lastRowId).toBe(oneByOne.at(-1)?.rowId)
  })

  it("takes the next batch after the last row of the one before, and none when nothing waits", () => {
    const outbox = new LocalOutbox(desk.store.sqlite)
    const first = outbox.nextTraceBatch(0, 3)
    const second = outbox.nextTraceBatch(first?.lastRowId ?? 0, 3)
    expect(first?.traces).toHaveLength(3)
    expect(second?.traces).toHaveLength(2)
    expect(outbox.nextTraceBatch(second?.lastRowId ?? 0, 3)).toBeNull()
  })

  it("refuses the whole batch when one trace's event was altered, and keeps nothing of it", async () => {
    const batch = new LocalOutbox(desk.store.sqlite).nextTraceBatch(0, 5)
    if (batch === null) throw new Error("no batch")
    const texts = batch.events.eventJson.split(SEPARATOR)
    texts[texts.length - 2] = (texts[texts.length - 2] ?? "").replace("}", ',"forged":true}')
    await expect(db.query(INSERT_TRACE_BATCH, withEventTexts(batch, texts.join(SEPARATOR)))).rejects.toThrow(
      /refused at event \d+: its hash is not sha256/,
    )
    const kept = await admin.query<{ n: string }>("SELECT (SELECT count(*) FROM firm.traces) + (SELECT count(*) FROM firm.events) AS n")
    expect(kept.rows[0]?.n).toBe("0")
  })

  it("refuses a batch whose packed strings do not line up (an event text holding the separator)", async () => {
    const batch = new LocalOutbox(desk.store.sqlite).nextTraceBatch(0, 5)
    if (batch === null) throw new Error("no batch")
    const shifted = batch.events.eventJson.replace("}", `}${SEPARATOR}`)
    await expect(db.query(INSERT_TRACE_BATCH, withEventTexts(batch, shifted))).rejects.toThrow()
    const kept = await admin.query<{ n: string }>("SELECT count(*) AS n FROM firm.traces")
    expect(kept.rows[0]?.n).toBe("0")
  })

  it("sends every trace once over several batches, and a second sync sends nothing", async () => {
    await recordRuns(desk, 7)
    const first = await syncOnce(db, desk.store.sqlite, { batchSize: 4 })
    const again = await syncOnce(db, desk.store.sqlite, { batchSize: 4 })
    expect(first.sent.trace).toBe(12)
    expect(again.sent.trace + again.alreadyThere.trace).toBe(0)
    const stored = await admin.query<{ traces: string; events: string; expected: string }>(
      "SELECT count(*) AS traces, (SELECT count(*) FROM firm.events) AS events, sum(event_count) AS expected FROM firm.traces",
    )
    expect(stored.rows[0]).toEqual({ traces: "12", events: stored.rows[0]?.expected, expected: stored.rows[0]?.expected })
  })

  /** The desk's connection, counting its batch statements and how many are at the server at once. */
  function counted(conn: FirmConnection, tally: { batches: number; atOnce: number; max: number }, failFirst = false, delayMs = 0): FirmConnection {
    return {
      ...conn,
      query: async (text, values) => {
        if (text !== INSERT_TRACE_BATCH) return conn.query(text, values)
        tally.batches += 1
        if (failFirst && tally.batches === 1) throw new Error("the second connection broke")
        tally.atOnce += 1
        tally.max = Math.max(tally.max, tally.atOnce)
        try {
          if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))
          return await conn.query(text, values)
        } finally {
          tally.atOnce -= 1
        }
      },
    }
  }

  it("sends a backlog over two connections at once, each trace once, and ends the second one", async () => {
    await recordRuns(desk, 30)
    const tally = { batches: 0, atOnce: 0, max: 0 }
    let ended = 0
    const openLane = async () => {
      const lane = await connectFirm(parseFirmUrl(pg.current().url("desk_p")))
      return { ...counted(lane, tally), end: () => lane.end().then(() => void (ended += 1)) }
    }
    // The first connection's batches take a while: the second one is open before the backlog is gone.
    const report = await syncOnce(counted(db, tally, false, 100), desk.store.sqlite, { batchSize: 3, openLane })
    expect(report.sent.trace).toBe(30)
    expect(tally.batches).toBe(10)
    expect(tally.max).toBe(2)
    expect(ended).toBe(1)
    const stored = await admin.query<{ traces: string; distinct: string; events: string; expected: string }>(
      "SELECT count(*) AS traces, count(DISTINCT request_id) AS distinct, (SELECT count(*) FROM firm.events) AS events, sum(event_count) AS expected FROM firm.traces",
    )
    expect(stored.rows[0]?.traces).toBe("42")
    expect(stored.rows[0]?.distinct).toBe("42")
    expect(stored.rows[0]?.events).toBe(stored.rows[0]?.expected)
  })

  it("stops at the first connection that fails, keeps what committed, and the next sync sends the rest", async () => {
    await recordRuns(desk, 12)
    const openLane = async () => {
      const lane = await connectFirm(parseFirmUrl(pg.current().url("desk_p")))
      return { ...counted(lane, { batches: 0, atOnce: 0, max: 0 }, true), end: () => lane.end() }
    }
    // The first connection's batches take a while, so the second one surely gets a batch to fail on.
    const slow: FirmConnection = {
      ...db,
      query: async (text, values) => {
        if (text === INSERT_TRACE_BATCH) await new Promise((resolve) => setTimeout(resolve, 300))
        return db.query(text, values)
      },
    }
    await expect(syncOnce(slow, desk.store.sqlite, { batchSize: 3, openLane })).rejects.toThrow(/the second connection broke/)
    const after = new LocalOutbox(desk.store.sqlite).waiting().trace
    expect(after).toBeGreaterThan(0)
    expect(after).toBeLessThan(12)
    const rest = await syncOnce(db, desk.store.sqlite, { batchSize: 3 })
    expect(rest.sent.trace).toBe(after)
    const stored = await admin.query<{ traces: string }>("SELECT count(*) AS traces FROM firm.traces")
    expect(stored.rows[0]?.traces).toBe("54")
  })
})
