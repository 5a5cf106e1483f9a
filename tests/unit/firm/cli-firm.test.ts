import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, expect, it } from "vitest"
import { DESKS_FILE } from "../../../src-main/export/bundle-format"
import { PUBLIC_KEY_FILE, SIGNING_DIR } from "../../../src-main/export/signing-keys"
import { BundleReader } from "../../../src-main/export/verify/bundle-reader"
import { cli } from "../cli/commands/cli-harness"
import { openDesk, recordRuns, type TestDesk } from "../../support/pg-desks"
import { describeWithPg, usePgCluster } from "./pg-harness"

// `fiskai firm init|sync|status|export` end to end: the firm's IT sets up the server, two desks
// sync, one desk's status counts what waits, and a compliance officer exports the firm's runs.

describeWithPg("fiskai firm", () => {
  const pg = usePgCluster()
  let a: TestDesk
  let b: TestDesk
  const db = (desk: TestDesk) => join(desk.dir, "fiskai.sqlite")

  beforeAll(() => {
    a = openDesk("ured_a")
    b = openDesk("ured_b")
  })
  afterAll(() => {
    a.close()
    b.close()
  })

  it("init applies the schema once and adds the desks; again it only says all is in place", async () => {
    const admin = pg.current().url(pg.current().adminUser)
    const first = await cli("firm", "init", "--url", admin, "--desk", "ured_a", "--desk", "ured_b")
    expect(first.err).toBe("")
    expect(first.code).toBe(0)
    expect(first.out).toContain("primijenjena shema 1")
    expect(first.out).toContain("Stol ured_a dodan")
    const again = await cli("firm", "init", "--url", admin, "--desk", "ured_a", "--locale", "en")
    expect(again.out).toContain("is up to date")
    expect(again.out).toContain("Desk ured_a already exists")
  })

  it("status counts what waits, sync sends it, and the URL is remembered without a password", async () => {
    await recordRuns(a, 3)
    await recordRuns(b, 2)
    const before = await cli("firm", "status", "--db", db(a), "--locale", "en")
    expect(before.out).toContain("State: not connected to a firm")
    expect(before.out).toContain("Waiting to go up: 3 runs")

    const url = pg.current().url("ured_a").replace("ured_a@", "ured_a:tajna@")
    const synced = await cli("firm", "sync", "--url", url, "--db", db(a))
    expect(synced.err).toBe("")
    expect(synced.out).toContain("Stol ured_a: poslano 3 izračuna")
    expect(synced.out).not.toContain("tajna")
    expect(JSON.stringify(a.store.sqlite.prepare("SELECT * FROM firm_link").all())).not.toContain("tajna")

    expect((await cli("firm", "sync", "--url", pg.current().url("ured_b"), "--db", db(b))).code).toBe(0)
    // The second sync of desk A takes the URL it remembered.
    const down = await cli("firm", "sync", "--db", db(a), "--json")
    expect(JSON.parse(down.out)).toMatchObject({ desk: "ured_a", received: { traces: 2 } })
    const after = await cli("firm", "status", "--db", db(a), "--json")
    expect(JSON.parse(after.out)).toMatchObject({ state: "idle", waitingTotal: 0, fromOtherDesks: { traces: 2 } })
  })

  it("export writes every desk's runs, each with its checked chain", async () => {
    const out = join(a.dir, "firm.jsonl")
    const result = await cli("firm", "export", "--db", db(a), "--out", out, "--locale", "en")
    expect(result.err).toBe("")
    expect(result.out).toContain("Exported from the firm: 5 runs")
    const lines = readFileSync(out, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { desk: string; events: unknown[] })
    expect(lines.map((l) => l.desk).sort()).toEqual(["ured_a", "ured_a", "ured_a", "ured_b", "ured_b"])
    expect(lines.every((l) => l.events.length > 0)).toBe(true)
    const refused = await cli("firm", "export", "--db", db(a), "--out", out)
    expect(refused.code).toBe(1)
    expect(refused.err).toContain("već postoji")
  })

  it("export --signed writes an audit bundle that fiskai verify verifies, naming each run's desk", async () => {
    const out = join(a.dir, "firm.zip")
    const keyDir = join(a.dir, "keys")
    const result = await cli("firm", "export", "--signed", "--key-dir", keyDir, "--db", db(a), "--out", out, "--locale", "en")
    expect(result.err).toBe("")
    expect(result.out).toContain("Exported from the firm: 5 runs")

    const trusted = join(keyDir, SIGNING_DIR, PUBLIC_KEY_FILE)
    const verified = await cli("verify", out, "--trusted-key", trusted, "--json")
    const verdict = JSON.parse(verified.out) as { ok: boolean; signerTrusted: boolean; traces: { ok: boolean; replayOk: boolean | null }[] }
    expect(verdict).toMatchObject({ ok: true, signerTrusted: true })
    expect(verdict.traces).toHaveLength(5)
    expect(verified.code).toBe(0)

    const bundle = await BundleReader.open(out)
    try {
      const desks = (await bundle.readAll(DESKS_FILE, 1 << 20)).toString("utf8").trim().split("\n").map((l) => JSON.parse(l) as { desk: string; requestId: string })
      const local = (desk: TestDesk) => desk.store.sqlite.prepare("SELECT request_id FROM traces").pluck().all() as string[]
      expect(desks.filter((d) => d.desk === "ured_a").map((d) => d.requestId).sort()).toEqual(local(a).sort())
      expect(desks.filter((d) => d.desk === "ured_b").map((d) => d.requestId).sort()).toEqual(local(b).sort())
      const manifest = JSON.parse((await bundle.readAll("manifest.json", 1 << 20)).toString("utf8")) as { files: { path: string }[] }
      expect(manifest.files.map((f) => f.path)).toContain(DESKS_FILE)
    } finally {
      bundle.close()
    }

    const empty = join(a.dir, "nobody.zip")
    const none = await cli("firm", "export", "--signed", "--key-dir", keyDir, "--db", db(a), "--desk", "nobody", "--out", empty, "--locale", "en")
    expect(none.code).toBe(1)
    expect(none.err).toContain("no run of the firm matches; nothing was written")
    expect(existsSync(empty)).toBe(false)
  })

  it("refuses a remote server without TLS, in the user's language, before connecting", async () => {
    const hr = await cli("firm", "sync", "--url", "postgresql://ured_a@firm.example.test/fiskai", "--db", db(a))
    expect(hr.code).toBe(1)
    expect(hr.err).toContain("mora biti šifrirana (TLS)")
    const en = await cli("firm", "init", "--url", "postgresql://admin:pw@firm.example.test/fiskai?sslmode=disable", "--locale", "en")
    expect(en.err).toContain("must be encrypted (TLS)")
    expect(en.err).not.toContain("pw")
  })

  it("says when the firm cannot be reached, and the desk's status shows the failure", async () => {
    const gone = "postgresql://ured_a@localhost/postgres?host=/nonexistent-fiskai-socket"
    const result = await cli("firm", "sync", "--url", gone, "--db", db(b), "--locale", "en")
    expect(result.code).toBe(1)
    expect(result.err).toContain("cannot be reached")
    const status = await cli("firm", "status", "--db", db(b), "--json")
    expect(JSON.parse(status.out)).toMatchObject({ state: "failed" })
  })

  it("bad usage exits 2 with the reason", async () => {
    expect((await cli("firm")).code).toBe(2)
    const wrong = await cli("firm", "status", "--out", "x")
    expect(wrong.code).toBe(2)
    expect(wrong.err).toContain("--out does not belong to status")
  })
})
