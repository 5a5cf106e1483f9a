import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, expect, it } from "vitest"
import { createServices, type Services } from "../../../src-main/composition/services"
import { connectFirm } from "../../../src-main/firm/firm-db"
import { parseFirmUrl } from "../../../src-main/firm/firm-url"
import { syncOnce } from "../../../src-main/firm/sync"
import { createHandlers } from "../../../src-main/handlers/index"
import { createDispatcher } from "../../../src-main/ipc/dispatcher"
import { FlagsRepository } from "../../../src-main/store/flags-repo"
import { PackVersionsRepository } from "../../../src-main/store/pack-versions-repo"
import type { FirmFlagQueue } from "../../../src-shared/firm"
import type { FlagQueueItem } from "../../../src-shared/flags"
import type { IpcResult } from "../../../src-shared/ipc/channel"
import type { ChannelKey } from "../../../src-shared/ipc/channels"
import { initFirm, openDesk, QUESTIONS, recordRuns, type TestDesk } from "../../support/pg-desks"
import { failure, value } from "../../support/ipc-result"
import { describeWithPg, usePgCluster } from "../firm/pg-harness"

// firm.flags (issue 25) through the real handler table and dispatcher, over real services on a
// real SQLite file and a real PostgreSQL: desk A raises and decides flags with its people, desk B
// links and syncs, and B's window gets A's flags with desk, question, persons and decision, read
// from what came down; none of them enters B's own queue or can be decided there.

describeWithPg("firm.flags: other desks' flags for the window", () => {
  const pg = usePgCluster()
  const dir = mkdtempSync(join(tmpdir(), "fiskai-firm-flags-handler-"))
  let a: TestDesk
  let b: Services
  let runs: string[]
  const ids = { decided: "", open: "" }

  const call = <T>(key: ChannelKey, input: unknown): Promise<IpcResult<T>> =>
    createDispatcher(createHandlers(b), { isTrustedCaller: () => true })(key, input, {
      transport: "websocket",
      url: null,
    }) as Promise<IpcResult<T>>

  beforeAll(async () => {
    await initFirm(pg.current(), ["desk_a", "desk_b"])
    a = openDesk("desk_a")
    runs = await recordRuns(a, 2)
    const profiles = new PackVersionsRepository(a.store)
    for (const [id, displayName] of [
      ["p-ana", "Ana Horvat"],
      ["p-marko", "Marko Kovač"],
    ] as const)
      profiles.insertProfile({ id, displayName, createdAt: "2026-11-27T00:00:00.000Z" })
    const flags = new FlagsRepository(a.store)
    const wrong = flags.create({
      runId: runs[0] ?? "",
      kind: "wrong",
      note: "Prag nije točan.",
      profileId: "p-ana",
    })
    ids.decided = flags.decide({
      id: wrong.id,
      decision: "confirmed",
      note: "pravilo vat.threshold",
      profileId: "p-marko",
    }).id
    ids.open = flags.create({
      runId: runs[1] ?? "",
      kind: "unclear",
      note: "Nejasna stopa.",
      profileId: "p-ana",
    }).id
    const db = await connectFirm(parseFirmUrl(pg.current().url("desk_a")))
    try {
      await syncOnce(db, a.store.sqlite, { store: a.store })
    } finally {
      await db.end()
    }
    b = createServices({
      dbPath: join(dir, "fiskai.sqlite"),
      settingsOverrides: { deliberatePauseMs: 0 },
      onBackgroundError: () => {},
    })
  })
  afterAll(async () => {
    await b.close()
    a.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it("says the desk is not linked, and lists nothing, before it is", async () => {
    expect(await value<FirmFlagQueue>(call("firm.flags", {}))).toEqual({ linked: false, items: [] })
  })

  it("lists the other desk's open flag with its desk, question and who raised it; all adds the decided one", async () => {
    await value(call("firm.link", { url: pg.current().url("desk_b") }))
    await value(call("firm.syncNow", {}))
    const open = await value<FirmFlagQueue>(call("firm.flags", {}))
    expect(open.linked).toBe(true)
    expect(open.items).toHaveLength(1)
    const [only] = open.items
    expect(only?.desk).toBe("desk_a")
    expect(only?.item.flag).toMatchObject({
      id: ids.open,
      kind: "unclear",
      note: "Nejasna stopa.",
      status: "open",
      decision: null,
    })
    expect(only?.item.flag.raisedBy).toEqual({ id: "p-ana", name: "Ana Horvat" })
    expect(only?.item.run.question).toBe(QUESTIONS[1])
    expect(only?.item.run.clientName).toBeNull()

    const all = await value<FirmFlagQueue>(call("firm.flags", { status: "all" }))
    const decided = all.items.find((row) => row.item.flag.id === ids.decided)
    expect(all.items).toHaveLength(2)
    expect(decided?.item.flag).toMatchObject({ kind: "wrong", status: "confirmed", note: "Prag nije točan." })
    expect(decided?.item.flag.decision).toMatchObject({
      note: "pravilo vat.threshold",
      decidedBy: { id: "p-marko", name: "Marko Kovač" },
    })
    expect(decided?.item.run.question).toBe(QUESTIONS[0])
    expect(decided?.item.run.headline).not.toBeNull()
  })

  it("keeps them out of the desk's own queue, and they cannot be decided here", async () => {
    expect(await value<FlagQueueItem[]>(call("flags.list", { status: "all" }))).toEqual([])
    const refused = await failure(
      call("flags.decide", { id: ids.open, decision: "rejected", note: "Ne ovdje." }),
    )
    expect(refused.code).toBe("NOT_FOUND")
    const still = await value<FirmFlagQueue>(call("firm.flags", {}))
    expect(still.items.map((row) => row.item.flag.status)).toEqual(["open"])
  })

  it("refuses a filter it does not know, naming the field", async () => {
    const bad = await failure(call("firm.flags", { status: "closed" }))
    expect(bad.code).toBe("BAD_INPUT")
    expect(bad.issues?.[0]?.path).toBe("status")
  })

  it("still shows what came down after unlinking, saying the desk is no longer linked", async () => {
    await value(call("firm.unlink", {}))
    const after = await value<FirmFlagQueue>(call("firm.flags", { status: "all" }))
    expect(after.linked).toBe(false)
    expect(after.items.map((row) => row.item.flag.id).sort()).toEqual([ids.decided, ids.open].sort())
  })
})
