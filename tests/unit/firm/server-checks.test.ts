import { afterAll, beforeAll, expect, it } from "vitest"
import { connectFirm, inTransaction, type FirmConnection } from "../../../src-main/firm/firm-db"
import { parseFirmUrl } from "../../../src-main/firm/firm-url"
import { LocalOutbox, type PendingTrace } from "../../../src-main/firm/local-outbox"
import { syncOnce } from "../../../src-main/firm/sync"
import { loadPack, type LoadedPack } from "../../../src-main/knowledge/loader"
import { appendVersion } from "../../../src-main/packs/versions"
import { PackVersionsRepository } from "../../../src-main/store/pack-versions-repo"
import { chainHash } from "../../../src-main/trace/hash-chain"
import { adminClient, initFirm, openDesk, recordRuns, type TestDesk } from "../../support/pg-desks"
import { describeWithPg, usePgCluster } from "./pg-harness"

// What the firm's server itself refuses, whatever a desk's software does: forged chains, rows in
// another desk's name, any change to what was written, a pack version published twice.

const INSERT_TRACE = `INSERT INTO firm.traces (request_id, created_at, question, as_of_date, request_json, pack_id, pack_version, pack_hash, chain_head, event_count)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`
const INSERT_EVENTS = `INSERT INTO firm.events (request_id, seq, event_json, prev_hash, hash)
  SELECT * FROM unnest($1::text[], $2::int4[], $3::text[], $4::text[], $5::text[])`

describeWithPg("the firm server's own checks", () => {
  const pg = usePgCluster()
  let desk: TestDesk
  let deskA: FirmConnection
  let deskB: FirmConnection
  let admin: FirmConnection

  beforeAll(async () => {
    await initFirm(pg.current(), ["desk_a", "desk_b"])
    desk = openDesk("desk_a")
    deskA = await connectFirm(parseFirmUrl(pg.current().url("desk_a")))
    deskB = await connectFirm(parseFirmUrl(pg.current().url("desk_b")))
    admin = await adminClient(pg.current())
  })
  afterAll(async () => {
    await Promise.all([deskA.end(), deskB.end(), admin.end()])
    desk.close()
  })

  /** A real finished run of this desk, not yet sent. */
  async function realRun(): Promise<PendingTrace> {
    const [id] = await recordRuns(desk, 1)
    const run = new LocalOutbox(desk.store.sqlite).pendingTraces(0, 1000).find((p) => p.trace.requestId === id)
    if (run === undefined) throw new Error("the recorded run is not pending")
    return run
  }

  /** Inserts a trace and its events straight with SQL, as a desk holding the credentials could. */
  async function insertDirectly(db: FirmConnection, run: PendingTrace): Promise<void> {
    const t = run.trace
    await inTransaction(db, async () => {
      await db.query(INSERT_TRACE, [t.requestId, t.createdAt, t.question, t.asOfDate, t.requestJson, t.packId, t.packVersion, t.packHash, t.chainHead, t.eventCount])
      const e = run.events
      await db.query(INSERT_EVENTS, [e.map(() => t.requestId), e.map((x) => x.seq), e.map((x) => x.eventJson), e.map((x) => x.prevHash), e.map((x) => x.hash)])
    })
  }

  it("accepts a true chain written directly with SQL", async () => {
    const run = await realRun()
    await insertDirectly(deskA, run)
    const stored = await admin.query<{ desk: string }>("SELECT desk FROM firm.traces WHERE request_id = $1", [run.trace.requestId])
    expect(stored.rows).toEqual([{ desk: "desk_a" }])
  })

  it("refuses a trace with an event altered after hashing", async () => {
    const run = await realRun()
    const tampered = run.events.map((e, i) => (i === 1 ? { ...e, eventJson: e.eventJson.replace("}", ',"forged":true}') } : e))
    await expect(insertDirectly(deskA, { ...run, events: tampered })).rejects.toThrow(/refused at event 1: its hash is not sha256/)
    const none = await admin.query("SELECT 1 FROM firm.traces WHERE request_id = $1", [run.trace.requestId])
    expect(none.rows).toHaveLength(0)
  })

  it("refuses a forged chain even when every hash is recomputed, if it does not end at the trace's head", async () => {
    const run = await realRun()
    let prev = "0".repeat(64)
    const rehashed = run.events.map((e) => {
      const eventJson = e.seq === 2 ? e.eventJson.replace("}", ',"forged":true}') : e.eventJson
      const hash = chainHash(prev, eventJson)
      const out = { ...e, eventJson, prevHash: prev, hash }
      prev = hash
      return out
    })
    await expect(insertDirectly(deskA, { ...run, events: rehashed })).rejects.toThrow(/the last hash is not the trace's chain head/)
  })

  it("refuses an event appended to a trace that is already stored, and a trace without events", async () => {
    const run = await realRun()
    await insertDirectly(deskA, run)
    const last = run.events.at(-1)
    if (last === undefined) throw new Error("no events")
    const json = last.eventJson.replace(`"seq":${last.seq}`, `"seq":${last.seq + 1}`)
    const extra = { seq: last.seq + 1, eventJson: json, prevHash: last.hash, hash: chainHash(last.hash, json) }
    await expect(
      deskA.query(INSERT_EVENTS, [[run.trace.requestId], [extra.seq], [extra.eventJson], [extra.prevHash], [extra.hash]]),
    ).rejects.toThrow(/refused at event/)
    const lonely = await realRun()
    const t = lonely.trace
    await expect(
      inTransaction(deskA, () => deskA.query(INSERT_TRACE, [t.requestId, t.createdAt, t.question, t.asOfDate, t.requestJson, t.packId, t.packVersion, t.packHash, t.chainHead, t.eventCount])),
    ).rejects.toThrow(/arrived without its \d+ events/)
  })

  it("refuses a row written in another desk's name", async () => {
    await expect(
      deskA.query("INSERT INTO firm.flags (desk, flag_id, run_id, kind, note, created_at) VALUES ('desk_b', 'f-x', 'r', 'wrong', 'n', '2026-01-01')"),
    ).rejects.toThrow(/row-level security/)
  })

  it("lets no desk update or delete anything, its own rows included, and not the owner either", async () => {
    for (const sql of [
      "UPDATE firm.traces SET question = 'changed' WHERE desk = 'desk_a'",
      "DELETE FROM firm.traces WHERE desk = 'desk_a'",
      "UPDATE firm.events SET event_json = '{}'",
      "DELETE FROM firm.events",
      "TRUNCATE firm.traces CASCADE",
    ])
      await expect(deskA.query(sql), sql).rejects.toThrow(/permission denied/)
    await expect(admin.query("UPDATE firm.traces SET question = 'changed'")).rejects.toThrow(/append-only: UPDATE refused/)
    await expect(admin.query("DELETE FROM firm.events")).rejects.toThrow(/append-only: DELETE refused/)
    await expect(admin.query("TRUNCATE firm.traces CASCADE")).rejects.toThrow(/append-only: TRUNCATE refused/)
    const count = await admin.query<{ n: string }>("SELECT count(*) AS n FROM firm.traces WHERE question = 'changed'")
    expect(count.rows[0]?.n).toBe("0")
  })

  it("refuses the same pack version published at two desks at once: the database decides, not the app", async () => {
    const insert = "INSERT INTO firm.pack_versions (pack_id, version, content_hash, prev_hash, hash, published_at, publisher_name, canonical_json) VALUES ('p', '3.0.0', $1, $1, $1, '2026-01-01', $2, '{}')"
    await deskA.query("BEGIN")
    await deskB.query("BEGIN")
    await deskA.query(insert, ["a".repeat(64), "Ured A"])
    const second = deskB.query(insert, ["b".repeat(64), "Ured B"])
    await deskA.query("COMMIT")
    await expect(second).rejects.toThrow(/pack_versions_one_publisher/)
    await deskB.query("ROLLBACK")
  })

  it("records a pack version another desk published first as a conflict, and keeps the first", async () => {
    const deskB2 = openDesk("desk_b")
    try {
      publishLocally(desk, fixturePack("5.0.0", "Prvi"), "Ured A")
      publishLocally(deskB2, fixturePack("5.0.0", "Drugi"), "Ured B")
      const first = await syncWith("desk_a", desk)
      expect(first.sent.pack).toBe(1)
      const second = await syncWith("desk_b", deskB2)
      expect(second.sent.pack).toBe(0)
      expect(second.conflicts).toEqual([{ kind: "pack", id: "fixture-pack@5.0.0", reason: "version already published at desk desk_a" }])
      // Desk A's version comes down to desk B, named by the desk that published it.
      const mirrored = deskB2.store.sqlite.prepare("SELECT desk, publisher_name AS publisher FROM firm_pack_versions WHERE pack_id = 'fixture-pack'").all()
      expect(mirrored).toEqual([{ desk: "desk_a", publisher: "Ured A" }])
      const kept = await admin.query<{ desk: string }>("SELECT desk FROM firm.pack_versions WHERE pack_id = 'fixture-pack'")
      expect(kept.rows).toEqual([{ desk: "desk_a" }])
    } finally {
      deskB2.close()
    }
  })

  async function syncWith(role: string, at: TestDesk) {
    const db = await connectFirm(parseFirmUrl(pg.current().url(role)))
    try {
      return await syncOnce(db, at.store.sqlite)
    } finally {
      await db.end()
    }
  }
})

function publishLocally(desk: TestDesk, pack: LoadedPack, publisherName: string): void {
  const repo = new PackVersionsRepository(desk.store)
  repo.transaction(() => appendVersion(repo, pack, { origin: "local", publishedBy: null, publisherName, signer: null }))
}

function fixturePack(version: string, title: string): LoadedPack {
  return loadPack({
    id: "fixture-pack",
    version,
    jurisdiction: "HR",
    publishedAt: "2025-01-01",
    sources: [{ id: "src-a", name: "Fixture Source", authority: "LAW" }],
    evidence: [{ id: "ev-a", sourceId: "src-a", url: "https://example.test/fixture", title: "Fixture evidence", quote: "Fixture quote.", fetchedAt: "2025-01-01", language: "en" }],
    topics: [{ id: "topic-a", nameHr: "Tema", nameEn: "Topic" }],
    concepts: [{ slug: "fixture", nameHr: "Fiks", nameEn: "Fixture", keywords: ["fixture"], topic: "topic-a" }],
    rules: [
      { id: "rule.a", conceptSlug: "fixture", valueKey: "k", titleHr: title, titleEn: "Rule", authority: "LAW", effectiveFrom: "2020-01-01", effectiveUntil: null, value: { type: "boolean", value: true }, statement: { hr: "Izjava.", en: "Statement." }, kind: "fact", evidenceIds: ["ev-a"], status: "PUBLISHED" },
    ],
  })
}
