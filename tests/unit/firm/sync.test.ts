import { afterAll, beforeAll, expect, it } from "vitest"
import { parseFirmUrl } from "../../../src-main/firm/firm-url"
import { connectFirm } from "../../../src-main/firm/firm-db"
import { syncOnce } from "../../../src-main/firm/sync"
import { firmHistoryPage } from "../../../src-main/firm/firm-history"
import { BackgroundSync } from "../../../src-main/firm/background-sync"
import { saveFirmUrl } from "../../../src-main/firm/firm-link"
import type { FirmStatus } from "../../../src-main/firm/contract"
import { FlagsRepository } from "../../../src-main/store/flags-repo"
import { adminClient, initFirm, openDesk, recordRuns, type TestDesk } from "../../support/pg-desks"
import { describeWithPg, usePgCluster } from "./pg-harness"

// Two desks, each with its own SQLite store, share their work through one real PostgreSQL.

describeWithPg("firm sync between two desks", () => {
  const pg = usePgCluster()
  let a: TestDesk
  let b: TestDesk

  beforeAll(async () => {
    await initFirm(pg.current(), ["desk_a", "desk_b"])
    a = openDesk("desk_a")
    b = openDesk("desk_b")
  })
  afterAll(() => {
    a.close()
    b.close()
  })

  async function sync(desk: TestDesk) {
    const db = await connectFirm(parseFirmUrl(pg.current().url(desk.name)))
    try {
      return await syncOnce(db, desk.store.sqlite)
    } finally {
      await db.end()
    }
  }

  function mirrored(desk: TestDesk): string[] {
    return (desk.store.sqlite.prepare("SELECT request_id FROM firm_traces ORDER BY request_id").pluck().all() as string[])
  }

  it("sends each desk's finished runs, flags and reviews, and brings the other desk's down", async () => {
    const fromA = await recordRuns(a, 12)
    const fromB = await recordRuns(b, 7, 1)
    const flags = new FlagsRepository(a.store)
    const flag = flags.create({ runId: fromA[0] ?? "", kind: "wrong", note: "Stopa nije točna." })
    flags.decide({ id: flag.id, decision: "confirmed", note: "rule vat.rate: update" })

    const first = await sync(a)
    expect(first.desk).toBe("desk_a")
    expect(first.sent).toMatchObject({ trace: 12, flag: 1, review: 1 })
    const second = await sync(b)
    expect(second.sent.trace).toBe(7)
    expect(second.received).toMatchObject({ traces: 12, flags: 1, reviews: 1 })
    const third = await sync(a)
    expect(third.received.traces).toBe(7)
    expect(third.sent.trace).toBe(0)

    expect(mirrored(b)).toEqual([...fromA].sort())
    expect(mirrored(a)).toEqual([...fromB].sort())
    const row = b.store.sqlite.prepare("SELECT desk, chain_head FROM firm_traces WHERE request_id = ?").get(fromA[3]) as { desk: string; chain_head: string }
    const own = a.store.sqlite.prepare("SELECT chain_head FROM traces WHERE request_id = ?").pluck().get(fromA[3])
    expect(row).toEqual({ desk: "desk_a", chain_head: own })
    const events = b.store.sqlite.prepare("SELECT count(*) FROM firm_events WHERE request_id = ?").pluck().get(fromA[3])
    const ownEvents = a.store.sqlite.prepare("SELECT event_count FROM traces WHERE request_id = ?").pluck().get(fromA[3])
    expect(events).toBe(ownEvents)
  })

  it("sends nothing twice: a second sync finds nothing waiting", async () => {
    const again = await sync(a)
    expect(again.sent).toEqual({ trace: 0, flag: 0, review: 0, scenario: 0, pack: 0 })
    expect(again.received.traces).toBe(0)
    const admin = await adminClient(pg.current())
    const dupes = await admin.query<{ n: string }>("SELECT count(*) - count(DISTINCT request_id) AS n FROM firm.traces")
    await admin.end()
    expect(Number(dupes.rows[0]?.n)).toBe(0)
  })

  it("finds an item already at the firm after a sync whose marks were lost, and counts it as there", async () => {
    a.store.sqlite.prepare("DELETE FROM firm_sent WHERE kind = 'trace'").run()
    const resumed = await sync(a)
    expect(resumed.sent.trace).toBe(0)
    expect(resumed.alreadyThere.trace).toBe(12)
    expect(resumed.conflicts).toEqual([])
  })

  it("lists the whole firm's runs newest first, page by page, each naming its desk", async () => {
    const db = await connectFirm(parseFirmUrl(pg.current().url("desk_b")))
    try {
      const seen: string[] = []
      let cursor: string | undefined
      do {
        const page = await firmHistoryPage(db, { limit: 5, ...(cursor === undefined ? {} : { cursor }) })
        seen.push(...page.items.map((item) => `${item.desk} ${item.requestId}`))
        cursor = page.nextCursor ?? undefined
      } while (cursor !== undefined)
      expect(seen).toHaveLength(19)
      expect(new Set(seen).size).toBe(19)
      expect(seen.filter((s) => s.startsWith("desk_a "))).toHaveLength(12)
      const onlyB = await firmHistoryPage(db, { desk: "desk_b", limit: 50 })
      expect(onlyB.items.map((i) => i.desk)).toEqual(Array(7).fill("desk_b"))
      expect(onlyB.nextCursor).toBeNull()
      const times = onlyB.items.map((i) => i.createdAt)
      expect(times).toEqual([...times].sort().reverse())
    } finally {
      await db.end()
    }
  })

  it("syncs in the background: the status counts what waits, then shows it gone, and a lost server leaves the desk offline", async () => {
    const url = parseFirmUrl(pg.current().url("desk_a"))
    saveFirmUrl(a.store.sqlite, url.redacted, new Date().toISOString())
    const seen: FirmStatus[] = []
    const background = new BackgroundSync({ sqlite: a.store.sqlite, connect: () => connectFirm(url), intervalMs: 60_000, onChange: (s) => seen.push(s) })
    await recordRuns(a, 3)
    expect(background.status()).toMatchObject({ state: "idle", waiting: { trace: 3 }, waitingTotal: 3 })
    const report = await background.syncNow()
    expect(report?.sent.trace).toBe(3)
    expect(background.status()).toMatchObject({ state: "idle", waitingTotal: 0, lastError: null })
    expect(seen.at(-1)?.waitingTotal).toBe(0)

    const gone = parseFirmUrl("postgresql://desk_a@localhost/postgres?host=/nonexistent-fiskai-socket")
    const offline = new BackgroundSync({ sqlite: a.store.sqlite, connect: () => connectFirm(gone), intervalMs: 60_000 })
    await recordRuns(a, 1)
    expect(await offline.syncNow()).toBeNull()
    expect(offline.status()).toMatchObject({ state: "offline", waitingTotal: 1 })
    expect(offline.status().lastError).toContain("cannot be reached")
    await offline.stop()
    await background.stop()
  })
})
