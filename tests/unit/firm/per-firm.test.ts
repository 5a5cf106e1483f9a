import { spawnSync } from "node:child_process"
import { copyFileSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, expect, it } from "vitest"
import { connectFirm, type FirmConnection } from "../../../src-main/firm/firm-db"
import { parseFirmUrl } from "../../../src-main/firm/firm-url"
import { firmStatus } from "../../../src-main/firm/status"
import { syncOnce } from "../../../src-main/firm/sync"
import { applyFirmMigrations, addDesk } from "../../../src-main/firm/server-schema"
import { openStore } from "../../../src-main/store/store"
import { findPgBinaries } from "../../support/pg-cluster"
import { adminClient, initFirm, openDesk, recordRuns, type TestDesk } from "../../support/pg-desks"
import { describeWithPg, usePgCluster } from "./pg-harness"

// What went up, and where down-sync stands, are kept per firm: a desk linked to another firm
// sends everything again there, and a backup restored on either side (the firm's server, or the
// desk's own database) leaves no item missing and none twice.

describeWithPg("marks and positions per firm", () => {
  const pg = usePgCluster()
  const work = mkdtempSync(join(tmpdir(), "fiskai-per-firm-"))
  let a: TestDesk
  let b: TestDesk

  /** The URL of `desk` on database `database` of the test cluster (each database is a firm). */
  const urlOf = (desk: string, database: string) => pg.current().url(desk).replace("/postgres?", `/${database}?`)

  async function adminOn(database: string): Promise<FirmConnection> {
    const admin = await adminClient(pg.current())
    if (database === "postgres") return admin
    await admin.end()
    const url = pg.current().url(pg.current().adminUser).replace("/postgres?", `/${database}?`)
    return connectFirm(parseFirmUrl(url))
  }

  /** A second firm on the same server: its own database with the schema, the same desk roles. */
  async function newFirm(database: string): Promise<void> {
    const admin = await adminClient(pg.current())
    await admin.query(`CREATE DATABASE ${database}`)
    await admin.end()
    const there = await adminOn(database)
    try {
      await applyFirmMigrations(there)
      for (const desk of ["desk_a", "desk_b"]) await addDesk(there, desk)
    } finally {
      await there.end()
    }
  }

  beforeAll(async () => {
    await initFirm(pg.current(), ["desk_a", "desk_b", "desk_c"])
    await newFirm("firm_two")
    a = openDesk("desk_a")
    b = openDesk("desk_b")
  })
  afterAll(() => {
    a.close()
    // The last test reopens B's database from its backup: that store is the one to close.
    b.store.close()
    b.close()
    rmSync(work, { recursive: true, force: true })
  })

  async function sync(desk: TestDesk, database: string) {
    const db = await connectFirm(parseFirmUrl(urlOf(desk.name, database)))
    try {
      return await syncOnce(db, desk.store.sqlite, { batchSize: 4 })
    } finally {
      await db.end()
    }
  }

  async function serverSet(database: string, desk: string): Promise<string[]> {
    const admin = await adminOn(database)
    try {
      const rows = await admin.query<{ id: string }>("SELECT request_id AS id FROM firm.traces WHERE desk = $1 ORDER BY 1", [desk])
      return rows.rows.map((r) => r.id)
    } finally {
      await admin.end()
    }
  }

  const localSet = (desk: TestDesk) =>
    desk.store.sqlite.prepare("SELECT request_id FROM traces WHERE status = 'complete' ORDER BY 1").pluck().all() as string[]
  const mirrorSet = (desk: TestDesk) => desk.store.sqlite.prepare("SELECT request_id FROM firm_traces ORDER BY 1").pluck().all() as string[]

  it("sends everything again to another firm, and nothing again on coming back to the first", async () => {
    await recordRuns(a, 6)
    expect((await sync(a, "postgres")).sent.trace).toBe(6)
    expect(firmStatus(a.store.sqlite).waiting.trace).toBe(0)

    const moved = await sync(a, "firm_two")
    expect(moved.sent.trace).toBe(6)
    expect(await serverSet("firm_two", "desk_a")).toEqual(localSet(a))

    await recordRuns(a, 2)
    const back = await sync(a, "postgres")
    expect(back.sent.trace).toBe(2)
    expect(back.alreadyThere.trace).toBe(0)
    expect(await serverSet("postgres", "desk_a")).toEqual(localSet(a))
    // The new firm still lacks the two runs made while linked to the first: they wait for it.
    expect((await sync(a, "firm_two")).sent.trace).toBe(2)

    // Another desk reads each firm's history from its own beginning.
    await sync(b, "postgres")
    expect(mirrorSet(b)).toEqual(localSet(a))
    const fresh = await sync(b, "firm_two")
    expect(fresh.received.traces).toBe(8)
    expect(mirrorSet(b)).toEqual(localSet(a))
  })

  it("sends again what a firm's server restored from a backup lost, and other desks read on without a gap", async () => {
    const bin = findPgBinaries()
    if (bin === null) throw new Error("no PostgreSQL binaries")
    const cluster = pg.current()
    const dump = join(work, "firm_two.sql")
    const client = (tool: string, args: string[]) => {
      const run = spawnSync(join(bin, tool), ["-h", cluster.socketDir, "-p", String(cluster.port), "-U", cluster.adminUser, ...args], { encoding: "utf8" })
      if (run.status !== 0) throw new Error(`${tool} failed: ${run.stderr}`)
    }
    client("pg_dump", ["-d", "firm_two", "-f", dump])

    const later = await recordRuns(a, 5)
    expect((await sync(a, "firm_two")).sent.trace).toBe(5)
    expect((await sync(b, "firm_two")).received.traces).toBe(5)

    // The firm's IT restores last night's dump: the five runs are gone from the server.
    const admin = await adminClient(cluster)
    await admin.query("DROP DATABASE firm_two WITH (FORCE)")
    await admin.query("CREATE DATABASE firm_two")
    await admin.end()
    client("psql", ["-v", "ON_ERROR_STOP=1", "-q", "-d", "firm_two", "-f", dump])
    const lost = await serverSet("firm_two", "desk_a")
    expect(lost).not.toContain(later[0])

    const again = await sync(a, "firm_two")
    expect(again.sent.trace).toBe(5)
    expect(await serverSet("firm_two", "desk_a")).toEqual(localSet(a))
    await recordRuns(a, 1)
    await sync(a, "firm_two")
    // Desk B's position named a row the restore took away: it reads from the start, keeps what it has.
    await sync(b, "firm_two")
    expect(mirrorSet(b)).toEqual(localSet(a))
    const events = b.store.sqlite.prepare("SELECT (SELECT count(*) FROM firm_events) = (SELECT sum(event_count) FROM firm_traces)").pluck().get()
    expect(events).toBe(1)

    // A restore from a file-level backup takes the server's transaction ids back too: desk B's
    // position is then past every row the server holds or will write for a while.
    b.store.sqlite.prepare("UPDATE firm_cursor SET tx = '900000000', row_id = 900000000 WHERE source = 'traces'").run()
    const newest = await recordRuns(a, 1)
    await sync(a, "firm_two")
    await sync(b, "firm_two")
    expect(mirrorSet(b)).toContain(newest[0])
    expect(mirrorSet(b)).toEqual(localSet(a))
  })

  it("takes up without error or gap after the desk's own database is restored from a backup", async () => {
    const backup = join(work, "desk_b.sqlite")
    await b.store.sqlite.backup(backup)
    await recordRuns(a, 3)
    await recordRuns(b, 2)
    await sync(a, "firm_two")
    await sync(b, "firm_two")

    const path = join(b.dir, "fiskai.sqlite")
    b.store.close()
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${path}${suffix}`, { force: true })
    copyFileSync(backup, path)
    b.store = openStore({ path })
    const restored = await sync(b, "firm_two")
    expect(restored.conflicts).toEqual([])
    expect(mirrorSet(b)).toEqual(localSet(a))
    expect(await serverSet("firm_two", "desk_b")).toEqual(expect.arrayContaining(localSet(b)))
  })

  it("takes over the marks and positions a desk kept before firm ids, and sends nothing again", async () => {
    // Last: its runs go to the first firm, which the tests above compare with desk A's.
    const desk = openDesk("desk_c")
    try {
      await recordRuns(desk, 3)
      await sync(desk, "postgres")
      // As a database upgraded by migration 0016 has them: under the firm id '', no firm seen yet.
      desk.store.sqlite.exec("UPDATE firm_sent SET firm_id = ''; UPDATE firm_cursor SET firm_id = ''; DELETE FROM firm_seen")
      expect(firmStatus(desk.store.sqlite).waiting.trace).toBe(0)
      const upgraded = await sync(desk, "postgres")
      expect(upgraded.sent.trace + upgraded.alreadyThere.trace).toBe(0)
      expect(desk.store.sqlite.prepare("SELECT count(*) FROM firm_sent WHERE firm_id = ''").pluck().get()).toBe(0)
    } finally {
      desk.close()
    }
  })
})
