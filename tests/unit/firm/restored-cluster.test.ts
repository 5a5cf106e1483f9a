import { spawnSync } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, expect, it } from "vitest"
import { syncReportText } from "../../../src-main/cli/commands/firm-text"
import { checkChain } from "../../../src-main/firm/down-sync"
import { connectFirm, type FirmConnection } from "../../../src-main/firm/firm-db"
import { firmTracePages } from "../../../src-main/firm/firm-export"
import { parseFirmUrl } from "../../../src-main/firm/firm-url"
import { syncOnce } from "../../../src-main/firm/sync"
import { FlagsRepository } from "../../../src-main/store/flags-repo"
import { findPgBinaries, startPgCluster, type PgCluster } from "../../support/pg-cluster"
import { adminClient, initFirm, openDesk, recordRuns, type TestDesk } from "../../support/pg-desks"
import { describeWithPg, usePgCluster } from "./pg-harness"

// The firm's IT loses its server and restores last night's pg_dump into a new cluster. Nobody runs
// `fiskai firm init`: the firm's id is the same, but the server is another. Each desk notices on
// its next sync, sends again what the server lost (and only that), and reads the firm's history
// again; the server ends with every run exactly once, every chain checks, and the other desk has
// every run, those written after the restore included (the new cluster's transaction ids run
// below the old ones that desk's position was taken at).

describeWithPg("a firm's server restored into a new cluster", () => {
  const pg = usePgCluster()
  const work = mkdtempSync(join(tmpdir(), "fiskai-restored-"))
  let replacement: PgCluster | null = null
  let a: TestDesk
  let b: TestDesk
  let aAgain: TestDesk

  beforeAll(async () => {
    await initFirm(pg.current(), ["desk_a", "desk_b"])
    a = openDesk("desk_a")
    b = openDesk("desk_b")
    // desk_a's role from a second installation (a colleague's laptop set up for the same desk).
    aAgain = openDesk("desk_a")
  })
  afterAll(async () => {
    for (const desk of [a, b, aAgain]) desk.close()
    await replacement?.stop()
    rmSync(work, { recursive: true, force: true })
  })

  const server = () => replacement ?? pg.current()

  async function sync(desk: TestDesk) {
    const db = await connectFirm(parseFirmUrl(server().url(desk.name)))
    try {
      return await syncOnce(db, desk.store.sqlite, { batchSize: 3 })
    } finally {
      await db.end()
    }
  }

  function tool(cluster: PgCluster, name: string, args: string[]): void {
    const bin = findPgBinaries()
    if (bin === null) throw new Error("no PostgreSQL binaries")
    const run = spawnSync(join(bin, name), ["-h", cluster.socketDir, "-p", String(cluster.port), "-U", cluster.adminUser, ...args], { encoding: "utf8" })
    if (run.status !== 0) throw new Error(`${name} failed: ${run.stderr}`)
  }

  async function asAdmin<T>(cluster: PgCluster, use: (admin: FirmConnection) => Promise<T>): Promise<T> {
    const admin = await adminClient(cluster)
    try {
      return await use(admin)
    } finally {
      await admin.end()
    }
  }

  const localRuns = (desk: TestDesk) =>
    desk.store.sqlite.prepare("SELECT request_id FROM traces WHERE status = 'complete' ORDER BY 1").pluck().all() as string[]
  const mirrored = (desk: TestDesk) => desk.store.sqlite.prepare("SELECT request_id FROM firm_traces ORDER BY 1").pluck().all() as string[]

  it("notices on the next sync, sends again exactly what was lost, and every desk ends with everything", async () => {
    // The old server has run for a while: its transaction ids are well ahead of a new cluster's.
    await asAdmin(pg.current(), async (admin) => {
      for (let i = 0; i < 5000; i += 1) await admin.query("SELECT pg_current_xact_id()")
    })
    await recordRuns(a, 4)
    const flags = new FlagsRepository(a.store)
    flags.create({ runId: localRuns(a)[0] ?? "", kind: "wrong", note: "Prije kopije." })
    expect((await sync(a)).serverRestored).toBe(false)
    await sync(b)
    const dump = join(work, "firm.sql")
    tool(pg.current(), "pg_dump", ["-d", "postgres", "-f", dump])

    // After last night's dump: three more runs and a flag went up, and desk B took them.
    await recordRuns(a, 3)
    flags.create({ runId: localRuns(a)[1] ?? "", kind: "unclear", note: "Poslije kopije." })
    await sync(a)
    await sync(b)
    expect(mirrored(b)).toEqual(localRuns(a))

    // The server is lost. A new cluster, the desks' roles, last night's dump: nothing else.
    replacement = await startPgCluster()
    await asAdmin(replacement, async (admin) => {
      await admin.query("CREATE ROLE fiskai_desk NOLOGIN")
      for (const desk of ["desk_a", "desk_b", "desk_c"]) await admin.query(`CREATE ROLE ${desk} LOGIN IN ROLE fiskai_desk`)
    })
    tool(replacement, "psql", ["-v", "ON_ERROR_STOP=1", "-q", "-d", "postgres", "-f", dump])
    // What makes this restore hard: the restored rows' transaction ids are ahead of the new cluster's.
    const ahead = await asAdmin(replacement, async (admin) => {
      const row = await admin.query<{ ahead: boolean }>("SELECT max(tx) > pg_current_xact_id() AS ahead FROM firm.traces")
      return row.rows[0]?.ahead
    })
    expect(ahead).toBe(true)

    // The other installation of desk_a sends three runs first: desk_a's rows at the firm now
    // number as many as desk A's marks, so counting alone would find nothing lost.
    await recordRuns(aAgain, 3)
    expect((await sync(aAgain)).sent.trace).toBe(3)

    const back = await sync(a)
    expect(back.serverRestored).toBe(true)
    expect(syncReportText(back, "en")).toMatch(/^The firm's server was restored or replaced since the last sync/)
    expect(syncReportText(back, "hr")).toMatch(/^Poslužitelj ureda obnovljen je ili zamijenjen/)
    expect(back.sent.trace).toBe(3)
    expect(back.sent.flag).toBe(1)
    expect((await sync(a)).serverRestored).toBe(false)

    const everyRun = [...localRuns(a), ...localRuns(aAgain)].sort()
    const atFirm = await asAdmin(server(), async (admin) => {
      const rows = await admin.query<{ id: string }>("SELECT request_id AS id FROM firm.traces ORDER BY 1")
      let checked = 0
      for await (const page of firmTracePages(admin, {}))
        for (const item of page) {
          checkChain(item)
          checked += 1
        }
      const flagsThere = await admin.query<{ n: string }>("SELECT count(*) AS n FROM firm.flags")
      return { ids: rows.rows.map((r) => r.id), checked, flags: Number(flagsThere.rows[0]?.n) }
    })
    expect(atFirm.ids).toEqual(everyRun)
    expect(atFirm.checked).toBe(everyRun.length)
    expect(atFirm.flags).toBe(2)

    // Desk B's position was taken on the old server; the new one writes below it.
    expect((await sync(b)).serverRestored).toBe(true)
    expect(mirrored(b)).toEqual(everyRun)
    const later = await recordRuns(a, 1)
    await sync(a)
    await sync(b)
    expect(mirrored(b)).toContain(later[0])
    expect(mirrored(b)).toEqual([...everyRun, ...later].sort())
    const whole = b.store.sqlite.prepare("SELECT (SELECT count(*) FROM firm_events) = (SELECT sum(event_count) FROM firm_traces)").pluck().get()
    expect(whole).toBe(1)

    // A desk linked after the restore reads the restored rows at once, though their transaction
    // ids are still ahead of every one the new cluster has given.
    const c = openDesk("desk_c")
    try {
      await sync(c)
      expect(mirrored(c)).toEqual([...everyRun, ...later].sort())
      expect(c.store.sqlite.prepare("SELECT count(*) FROM firm_flags").pluck().get()).toBe(2)
      const again = await sync(c)
      expect(again.received.traces).toBe(0)
    } finally {
      c.close()
    }
  })
})
