import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, expect, it } from "vitest"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import { loadOrCreateSigningKeys } from "../../../src-main/export/signing-keys"
import { verifyBundle } from "../../../src-main/export/verify/verify-bundle"
import { exportFirmBundle } from "../../../src-main/firm/firm-bundle"
import { connectFirm } from "../../../src-main/firm/firm-db"
import { readFirmFlags } from "../../../src-main/firm/firm-flags"
import { parseFirmUrl } from "../../../src-main/firm/firm-url"
import { addDesk, applyFirmMigrations, loadFirmMigrations } from "../../../src-main/firm/server-schema"
import { syncOnce } from "../../../src-main/firm/sync"
import { loadPack } from "../../../src-main/knowledge/loader"
import { packInForce } from "../../../src-main/packs/pack-in-force"
import { appendVersion, versionInfo } from "../../../src-main/packs/versions"
import { FlagsRepository } from "../../../src-main/store/flags-repo"
import { PackVersionsRepository } from "../../../src-main/store/pack-versions-repo"
import type { Flag } from "../../../src-shared/flags"
import { adminClient, corePack, initFirm, openDesk, recordRuns, type TestDesk } from "../../support/pg-desks"
import { cli } from "../cli/commands/cli-harness"
import { editLines, readEntries, text, writeEntries } from "../export/bundle-files"
import { describeWithPg, usePgCluster } from "./pg-harness"

// What a compliance officer sees of another desk's work: who raised a flag and who decided it, as
// the raising desk shows them; the firm-wide signed bundle carrying every desk's flags, signed
// like the desk bundle's; and a pack version that came from another desk saying so.

describeWithPg("flags with their persons, the firm bundle's flags, and where a pack came from", () => {
  const pg = usePgCluster()
  const work = mkdtempSync(join(tmpdir(), "fiskai-flag-persons-"))
  let a: TestDesk
  let b: TestDesk
  let runs: string[]
  const local: Flag[] = []

  async function sync(desk: TestDesk) {
    const db = await connectFirm(parseFirmUrl(pg.current().url(desk.name)))
    try {
      return await syncOnce(db, desk.store.sqlite, { store: desk.store })
    } finally {
      await db.end()
    }
  }

  function profile(desk: TestDesk, id: string, displayName: string): string {
    new PackVersionsRepository(desk.store).insertProfile({ id, displayName, createdAt: "2026-11-27T00:00:00.000Z" })
    return id
  }

  beforeAll(async () => {
    await initFirm(pg.current(), ["desk_a", "desk_b"])
    a = openDesk("desk_a")
    b = openDesk("desk_b")
    runs = await recordRuns(a, 3)
    const ana = profile(a, "p-ana", "Ana Horvat")
    const marko = profile(a, "p-marko", "Marko Kovač")
    const flags = new FlagsRepository(a.store)
    const decided = flags.create({ runId: runs[0] ?? "", kind: "wrong", note: "Stopa nije točna.", profileId: ana })
    local.push(flags.decide({ id: decided.id, decision: "confirmed", note: "rule vat.rate", profileId: marko }))
    local.push(flags.create({ runId: runs[1] ?? "", kind: "unclear", note: "Nejasno." }))
  })
  afterAll(() => {
    a.close()
    b.close()
    rmSync(work, { recursive: true, force: true })
  })

  it("shows another desk's flags with who raised and who decided them, as the raising desk shows them", async () => {
    expect((await sync(a)).sent.flag).toBe(2)
    await sync(b)
    const there = readFirmFlags(b.store.sqlite)
    expect(there.map((f) => f.desk)).toEqual(["desk_a", "desk_a"])
    const byId = new Map(there.map((f) => [f.flag.id, f.flag]))
    for (const flag of local) expect(byId.get(flag.id)).toEqual({ ...flag, ruleChangeId: null })
    expect(byId.get(local[0]?.id ?? "")?.raisedBy?.name).toBe("Ana Horvat")
    expect(byId.get(local[0]?.id ?? "")?.decision?.decidedBy?.name).toBe("Marko Kovač")
    expect(byId.get(local[1]?.id ?? "")?.raisedBy).toBeNull()
  })

  it("lists another desk's flags at the command line as `fiskai flags list` lists the desk's own", async () => {
    const db = join(b.dir, "fiskai.sqlite")
    const all = await cli("firm", "flags", "--all", "--db", db, "--locale", "en")
    expect(all.code).toBe(0)
    expect(all.out).toContain("Reports from other desks: 2")
    expect(all.out).toContain("Desk desk_a")
    expect(all.out).toContain("Raised by: Ana Horvat")
    expect(all.out).toMatch(/Decision \([^)]*Marko Kovač\): rule vat\.rate/)
    const open = await cli("firm", "flags", "--db", db, "--json")
    const items = JSON.parse(open.out) as { desk: string; item: { flag: Flag } }[]
    expect(items.map((i) => i.item.flag.id)).toEqual([local[1]?.id])
    expect((await cli("firm", "flags", "--out", "x", "--db", db)).code).toBe(2)
  })

  it("still takes a flag an older app sent without persons, naming nobody", async () => {
    // As an app from before the firm's schema 0005 inserts it: without the person columns.
    const db = await connectFirm(parseFirmUrl(pg.current().url("desk_a")))
    try {
      await db.query("INSERT INTO firm.flags (flag_id, run_id, kind, note, created_at) VALUES ('old-flag', $1, 'unclear', 'Stara prijava.', '2026-11-27T01:00:00.000Z')", [runs[2]])
    } finally {
      await db.end()
    }
    expect((await sync(b)).received.flags).toBe(1)
    const old = readFirmFlags(b.store.sqlite).find((f) => f.flag.id === "old-flag")
    expect(old?.flag).toMatchObject({ raisedBy: null, status: "open", decision: null })
    // The desk that sent the named flags sends nothing again (the firm's copies are the same items).
    const again = await sync(a)
    expect(again.sent.flag + again.sent.review + again.conflicts.length).toBe(0)
  })

  it("syncs flags up and down with a server from before schema 5, which has nowhere to keep persons", async () => {
    // Another firm's database on the same server, set up by an app that shipped four schema versions.
    const admin = await adminClient(pg.current())
    try {
      await admin.query("CREATE DATABASE old_firm")
    } finally {
      await admin.end()
    }
    const onOld = (user: string) => pg.current().url(user).replace("/postgres?", "/old_firm?")
    const old = await connectFirm(parseFirmUrl(onOld(pg.current().adminUser)))
    try {
      expect(await applyFirmMigrations(old, loadFirmMigrations().slice(0, 4))).toEqual([1, 2, 3, 4])
      for (const desk of ["desk_a", "desk_b"]) await addDesk(old, desk)
    } finally {
      await old.end()
    }
    const syncOld = async (desk: TestDesk) => {
      const db = await connectFirm(parseFirmUrl(onOld(desk.name)))
      try {
        return await syncOnce(db, desk.store.sqlite)
      } finally {
        await db.end()
      }
    }
    const sent = await syncOld(a)
    expect(sent.sent.flag).toBe(2)
    expect(sent.conflicts).toEqual([])
    expect((await syncOld(b)).received.flags).toBe(2)
    const named = readFirmFlags(b.store.sqlite).find((f) => f.flag.id === local[0]?.id)
    // Desk B already holds the flag from the first firm, with its persons: kept as it is.
    expect(named?.flag.raisedBy?.name).toBe("Ana Horvat")
    const again = await syncOld(a)
    expect(again.sent.flag + again.alreadyThere.flag + again.conflicts.length).toBe(0)
  })

  it("puts every desk's flags, with desk and persons, into the firm's signed bundle, and an edited one fails verification", async () => {
    const admin = await adminClient(pg.current())
    const keys = loadOrCreateSigningKeys(join(work, "keys"))
    const out = join(work, "firm.zip")
    try {
      // Desk A's database holds the rule pack its runs were answered with.
      await exportFirmBundle(admin, { outPath: out, filter: {}, keys, deskDbPath: join(a.dir, "fiskai.sqlite"), workDir: work })
    } finally {
      await admin.end()
    }
    const good = await verifyBundle(out, { engine: buildAnswerWithReasoning, trustedKeyPem: keys.publicKeyPem })
    expect(good.problems).toEqual([])
    expect(good.ok).toBe(true)

    const entries = await readEntries(out)
    const records = text(entries, "flags.jsonl").trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(records).toHaveLength(3)
    const decided = records.find((r) => r.id === local[0]?.id)
    expect(decided).toMatchObject({ desk: "desk_a", raisedByName: "Ana Horvat", runId: runs[0] })
    expect(decided?.decision).toMatchObject({ decision: "confirmed", decidedByName: "Marko Kovač", ruleChange: null })

    const edited = join(work, "edited.zip")
    await writeEntries(edited, editLines(entries, "flags.jsonl", (lines) => lines.map((l) => l.replace("Marko Kovač", "Netko drugi"))))
    const bad = await verifyBundle(edited, { engine: buildAnswerWithReasoning, trustedKeyPem: keys.publicKeyPem })
    expect(bad.ok).toBe(false)
    expect(bad.problems).toContainEqual(expect.objectContaining({ file: "flags.jsonl", message: expect.stringMatching(/flags\.jsonl was modified/) }))
  })

  it("records a pack version that came from another desk as from the firm, naming the desk", async () => {
    packInForce(a.store, corePack())
    packInForce(b.store, corePack())
    const repo = new PackVersionsRepository(a.store)
    const next = loadPack({ ...corePack().pack, version: "9.1.0" })
    repo.transaction(() => appendVersion(repo, next, { origin: "local", publishedBy: null, publisherName: "Ana Horvat", signer: null }))
    await sync(a)
    await sync(b)
    const atB = new PackVersionsRepository(b.store).latestVersion(corePack().id)
    if (atB === null) throw new Error("desk B has no version of the pack")
    expect(versionInfo(atB)).toMatchObject({ version: "9.1.0", origin: "firm", originDesk: "desk_a", publisherName: "Ana Horvat" })
    const atA = repo.latestVersion(corePack().id)
    if (atA === null) throw new Error("desk A has no version of the pack")
    expect(versionInfo(atA)).toMatchObject({ origin: "local", originDesk: null })
    // Its history says so (the pack commands speak Croatian).
    const db = join(b.dir, "fiskai.sqlite")
    const listed = await cli("pack", "list", "--db", db)
    expect(listed.err).toBe("")
    expect(listed.out).toMatch(/9\.1\.0 .*Ana Horvat \(iz ureda, sa stola desk_a\)/)
    expect((await cli("pack", "show", "9.1.0", "--db", db)).out).toContain("publisher: Ana Horvat (iz ureda, sa stola desk_a)")
    // Desk B does not send it back up as its own.
    expect((await sync(b)).sent.pack).toBe(0)
  })
})
