import { existsSync, readFileSync } from "node:fs"
import { userInfo } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import { runExportJob } from "../../../src-main/export/export-job"
import { verifySignature } from "../../../src-main/export/signing-keys"
import { verifyBundle } from "../../../src-main/export/verify/verify-bundle"
import { Manifest } from "../../../src-main/export/bundle-format"
import { readEntries, get, text } from "./bundle-files"
import { buildFixtureDb, FIRM_NAME, type ExportFixture } from "./fixtures"

let fixture: ExportFixture
let bundle: string

beforeAll(async () => {
  fixture = await buildFixtureDb()
  bundle = join(fixture.dir, "audit.zip")
  await runExportJob({ dbPath: fixture.dbPath, selection: {}, outPath: bundle, userDataDir: fixture.keyDir })
})
afterAll(() => fixture.cleanup())

const verify = (path: string, trustedKeyPem?: string) =>
  verifyBundle(path, { engine: buildAnswerWithReasoning, ...(trustedKeyPem === undefined ? {} : { trustedKeyPem }) })

describe("an exported bundle", () => {
  it("verifies: signature, files, chains, CSV and replay of every trace", async () => {
    const verdict = await verify(bundle)
    expect(verdict.problems).toEqual([])
    expect(verdict.traces.filter((t) => !t.ok)).toEqual([])
    expect(verdict.ok).toBe(true)
    expect(verdict.signatureOk).toBe(true)
    expect(verdict.traces.map((t) => t.outcome).sort()).toEqual(
      ["ANSWER", "ANSWER", "ANSWER", "ANSWER", "ANSWER", "CONDITIONAL_ANSWER", "ERROR", "QUALIFIED_ANSWER", "REFUSAL"].sort(),
    )
  })

  it("holds exactly the documented files, with a signed manifest naming who exported what", async () => {
    const entries = await readEntries(bundle)
    const names = entries.map(([n]) => n)
    expect(names.slice(0, 4)).toEqual(["events.jsonl", "traces.jsonl", "traces.csv", "report.html"])
    expect(names.slice(-2)).toEqual(["manifest.json", "manifest.sig"])
    expect(names.filter((n) => n.startsWith("rule-packs/"))).toEqual([`rule-packs/${fixture.pack.hash}.json`])
    expect(text(entries, `rule-packs/${fixture.pack.hash}.json`)).toBe(fixture.pack.canonicalJson)

    const manifestBytes = get(entries, "manifest.json")
    const manifest = Manifest.parse(JSON.parse(manifestBytes.toString("utf8")))
    expect(manifest.exportedBy).toEqual({ osUser: userInfo().username, firmName: FIRM_NAME })
    expect(manifest.app.version).toBe(JSON.parse(readFileSync("package.json", "utf8")).version)
    expect(manifest.traces).toHaveLength(9)
    expect(manifest.files.map((f) => f.path)).not.toContain("manifest.json")
    expect(verifySignature(manifestBytes, get(entries, "manifest.sig"), manifest.signing.publicKeyPem)).toBe(true)
    expect(manifest.signing.fingerprint).toMatch(/^([0-9a-f]{4} ){15}[0-9a-f]{4}$/)
    const key = readFileSync(join(fixture.keyDir, "signing", "bundle-signing-key.pub.pem"), "utf8")
    expect(manifest.signing.publicKeyPem).toBe(key)
  })

  it("writes events.jsonl as canonical JSON in chain order, trace by trace", async () => {
    const lines = text(await readEntries(bundle), "events.jsonl").trimEnd().split("\n")
    const events = lines.map((l) => JSON.parse(l) as { requestId: string; seq: number })
    const byTrace = new Map<string, number[]>()
    for (const e of events) byTrace.set(e.requestId, [...(byTrace.get(e.requestId) ?? []), e.seq])
    for (const seqs of byTrace.values()) expect(seqs).toEqual(seqs.map((_, i) => i))
    // Contiguous: a trace's events are never interleaved with another's.
    const order = events.map((e) => e.requestId).filter((id, i, all) => i === 0 || all[i - 1] !== id)
    expect(order).toHaveLength(byTrace.size)
  })

  it("writes traces.csv for Excel: BOM, CRLF, quoted markup, Croatian letters intact", async () => {
    const csv = get(await readEntries(bundle), "traces.csv")
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const body = csv.toString("utf8")
    expect(body.split("\r\n")).toHaveLength(11) // header, 9 rows, "" after the last CRLF
    expect(body.replaceAll("\r\n", "")).not.toContain("\n")
    expect(body).toContain(`"Koja je stopa PDV-a? <script>alert(""x"")</script>`)
    expect(body).toContain("'ČĆŽŠĐ'")
    expect(body).toContain("Koliki je limit za paušalni obrt za taksiste?")
    expect(body).toMatch(/,2025-06-01,/)
  })

  it("writes a self-contained report with every question escaped", async () => {
    const html = text(await readEntries(bundle), "report.html")
    expect(html).not.toMatch(/<script/i)
    expect(html).not.toMatch(/<img/i)
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;")
    expect(html).not.toMatch(/<[^>]*\s(src|href)\s*=/i)
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'`)
    expect(html).toContain(FIRM_NAME.replace("&", "&amp;"))
    expect(html.match(/<section class="trace/g)).toHaveLength(9)
    expect(html).toContain("HIPOTETSKI SCENARIJ")
  })
})

describe("selections", () => {
  it("exports one trace, and brings a hypothetical's base along", async () => {
    const out = join(fixture.dir, "one.zip")
    const result = await runExportJob({ dbPath: fixture.dbPath, selection: { traceIds: [fixture.ids.hypothetical] }, outPath: out, userDataDir: fixture.keyDir })
    expect(result.traceCount).toBe(2)
    const manifest = Manifest.parse(JSON.parse(text(await readEntries(out), "manifest.json")))
    expect(manifest.traces.map((t) => [t.requestId, t.role])).toEqual([
      [fixture.ids.hypothetical, "selected"],
      [fixture.ids.base, "base"],
    ])
    expect(manifest.selection).toEqual({ traceIds: [fixture.ids.hypothetical] })
    expect((await verify(out)).ok).toBe(true)
  })

  it("filters by outcome", async () => {
    const out = join(fixture.dir, "refusals.zip")
    const result = await runExportJob({ dbPath: fixture.dbPath, selection: { outcome: "REFUSAL" }, outPath: out, userDataDir: fixture.keyDir })
    expect(result.traceCount).toBe(1)
    const manifest = Manifest.parse(JSON.parse(text(await readEntries(out), "manifest.json")))
    expect(manifest.traces.map((t) => t.requestId)).toEqual([fixture.ids.refusal])
  })

  it("writes under a long file name (its temporary files' names do not grow with it)", async () => {
    const out = join(fixture.dir, `${"račun-".repeat(30)}${"x".repeat(10)}.zip`)
    expect(Buffer.byteLength(out.slice(fixture.dir.length + 1))).toBeGreaterThan(220)
    const result = await runExportJob({ dbPath: fixture.dbPath, selection: { outcome: "REFUSAL" }, outPath: out, userDataDir: fixture.keyDir })
    expect(result.traceCount).toBe(1)
    expect(existsSync(out)).toBe(true)
  })

  it("refuses an empty selection and writes nothing", async () => {
    const out = join(fixture.dir, "empty.zip")
    await expect(
      runExportJob({ dbPath: fixture.dbPath, selection: { since: "2030-01-01" }, outPath: out, userDataDir: fixture.keyDir }),
    ).rejects.toThrow(/selection is empty/)
    expect(existsSync(out)).toBe(false)
  })

  it("names an unknown trace id and an unknown scenario", async () => {
    const out = join(fixture.dir, "unknown.zip")
    await expect(
      runExportJob({ dbPath: fixture.dbPath, selection: { traceIds: ["no-such-trace"] }, outPath: out, userDataDir: fixture.keyDir }),
    ).rejects.toThrow(/no such trace: no-such-trace/)
    await expect(
      runExportJob({ dbPath: fixture.dbPath, selection: { scenarioId: "s-1" }, outPath: out, userDataDir: fixture.keyDir }),
    ).rejects.toThrow(/no such scenario: s-1/)
    expect(existsSync(out)).toBe(false)
  })
})
