import { afterAll, beforeAll, expect, it } from "vitest"
import { connectFirm, type FirmConnection, type FirmDb } from "../../../src-main/firm/firm-db"
import { parseFirmUrl } from "../../../src-main/firm/firm-url"
import { syncOnce } from "../../../src-main/firm/sync"
import { FlagsRepository } from "../../../src-main/store/flags-repo"
import { adminClient, initFirm, openDesk, recordRuns, type TestDesk } from "../../support/pg-desks"
import { describeWithPg, usePgCluster } from "./pg-harness"

// Syncs cut at random points, 50 times: the server ends the desk's session (as a dropped network
// or a killed app would) before a chosen statement, mid-transaction, or right after it ran and
// before the desk heard back (a COMMIT whose answer was lost). Afterwards both sides hold the
// same sets, each item once.

/** mulberry32: a small seeded generator, so a failure can be run again exactly. */
function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

interface Cut {
  at: number
  after: boolean
}

/** The desk's connection, ended by the server at statement `cut.at` (before it, or after it ran). */
function cutting(conn: FirmConnection, admin: FirmDb, pid: number, cut: Cut): FirmDb {
  let n = 0
  const kill = () => admin.query("SELECT pg_terminate_backend($1, 5000)", [pid])
  return {
    query: async (text, values) => {
      n += 1
      if (n === cut.at && !cut.after) await kill()
      const result = await conn.query(text, values)
      if (n === cut.at && cut.after) {
        await kill()
        throw new Error("connection cut after the statement ran")
      }
      return result as never
    },
  }
}

describeWithPg("a sync cut at random points", () => {
  const pg = usePgCluster()
  let a: TestDesk
  let b: TestDesk
  let admin: FirmConnection

  beforeAll(async () => {
    await initFirm(pg.current(), ["desk_a", "desk_b"])
    a = openDesk("desk_a")
    b = openDesk("desk_b")
    admin = await adminClient(pg.current())
  })
  afterAll(async () => {
    await admin.end()
    a.close()
    b.close()
  })

  let lanesOpened = 0

  /** A connection of the desk's, cut at `cut` when one is given. */
  async function deskConnection(desk: TestDesk, cut: Cut | null): Promise<FirmConnection> {
    const conn = await connectFirm(parseFirmUrl(pg.current().url(desk.name)))
    if (cut === null) return conn
    const pid = Number((await conn.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]?.pid)
    return { ...cutting(conn, admin, pid, cut), end: () => conn.end() }
  }

  // Trace batches go over two connections (the second one, when a backlog waits, is cut at its own
  // statement too), so cuts land while another batch is in flight on the other connection.
  async function syncDesk(desk: TestDesk, cut: Cut | null): Promise<boolean> {
    const conn = await deskConnection(desk, cut)
    const laneCut = cut === null ? null : { at: 1 + ((cut.at * 7) % 5), after: !cut.after }
    try {
      const openLane = () => {
        lanesOpened += 1
        return deskConnection(desk, laneCut)
      }
      await syncOnce(conn, desk.store.sqlite, { batchSize: 4, openLane })
      return true
    } catch {
      return false
    } finally {
      await conn.end()
    }
  }

  function localSet(desk: TestDesk): string[] {
    return desk.store.sqlite.prepare("SELECT request_id || ' ' || chain_head FROM traces WHERE status = 'complete' ORDER BY 1").pluck().all() as string[]
  }
  function mirrorSet(desk: TestDesk): string[] {
    return desk.store.sqlite.prepare("SELECT request_id || ' ' || chain_head FROM firm_traces ORDER BY 1").pluck().all() as string[]
  }
  async function serverSet(name: string): Promise<string[]> {
    const rows = await admin.query<{ item: string }>("SELECT request_id || ' ' || chain_head AS item FROM firm.traces WHERE desk = $1 ORDER BY 1", [name])
    return rows.rows.map((r) => r.item)
  }

  it("ends with identical sets on both sides and nothing twice", async () => {
    const random = seeded(20261126)
    let cutShort = 0
    for (let round = 0; round < 50; round += 1) {
      const desk = random() < 0.5 ? a : b
      const runs = await recordRuns(desk, Math.floor(random() * 6), round)
      const first = runs[0]
      if (first !== undefined && random() < 0.3) new FlagsRepository(desk.store).create({ runId: first, kind: "unclear", note: `Round ${round}` })
      const cut = { at: 1 + Math.floor(random() * 24), after: random() < 0.5 }
      if (!(await syncDesk(desk, cut))) cutShort += 1
    }
    // The cuts really happened, mid-transaction and after commits alike.
    expect(cutShort).toBeGreaterThan(25)
    expect(lanesOpened).toBeGreaterThan(10)

    for (const desk of [a, b, a]) expect(await syncDesk(desk, null)).toBe(true)

    expect(await serverSet("desk_a")).toEqual(localSet(a))
    expect(await serverSet("desk_b")).toEqual(localSet(b))
    expect(mirrorSet(b)).toEqual(localSet(a))
    expect(mirrorSet(a)).toEqual(localSet(b))
    expect(localSet(a).length + localSet(b).length).toBeGreaterThan(60)

    const counts = await admin.query<{ traces: string; distinct_traces: string; events: string; expected_events: string; flags: string }>(
      `SELECT (SELECT count(*) FROM firm.traces) AS traces, (SELECT count(DISTINCT request_id) FROM firm.traces) AS distinct_traces,
              (SELECT count(*) FROM firm.events) AS events, (SELECT sum(event_count) FROM firm.traces) AS expected_events,
              (SELECT count(*) FROM firm.flags) AS flags`,
    )
    const row = counts.rows[0]
    expect(row?.traces).toBe(row?.distinct_traces)
    expect(row?.events).toBe(row?.expected_events)
    const localFlags = (desk: TestDesk) => Number(desk.store.sqlite.prepare("SELECT count(*) FROM flags").pluck().get())
    expect(Number(row?.flags)).toBe(localFlags(a) + localFlags(b))
    const mirroredEvents = (desk: TestDesk) =>
      desk.store.sqlite.prepare("SELECT (SELECT count(*) FROM firm_events) = (SELECT sum(event_count) FROM firm_traces)").pluck().get()
    expect(mirroredEvents(a)).toBe(1)
    expect(mirroredEvents(b)).toBe(1)
  })
})
