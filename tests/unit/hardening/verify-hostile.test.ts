import { execFile } from "node:child_process"
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { BundleProblem, BundleVerdict } from "../../../src-shared/export"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import { runExportJob } from "../../../src-main/export/export-job"
import { verifyBundle } from "../../../src-main/export/verify/verify-bundle"
import { verifyBundleInWorker } from "../../../src-main/export/verify/verify-runner"
import { foreignKey, get, readEntries, writeEntries, type Entries, type ForeignKey } from "../export/bundle-files"
import { buildFixtureDb, type ExportFixture } from "../export/fixtures"
import { runCliInProcess, STACK_FRAME } from "./support/cli-run"
import { filler, repeated, resignedManifest, writeHostileZip } from "./support/hostile-bundles"
import { REPO_ROOT } from "./support/run-checks"

// Hostile audit bundles (issue 20, items 2 and 5): small files that inflate to hundreds of
// megabytes or a gigabyte, lines without end, findings without end, nesting without end, and a
// bundle re-signed with someone else's key. Each ends in a verdict that says what is wrong, in
// bounded memory (measured in a process of its own), never in a crash or a stack trace; and a
// bundle is VERIFIED only when a trusted key vouches for its signer.

const MiB = 1024 * 1024
/** Peak resident memory allowed for `fiskai verify` on any of these bundles (tsx itself included). */
const MEMORY_LIMIT_MB = 200

let fixture: ExportFixture
let original: Entries
let firmKeyPath: string
let forger: ForeignKey
let lastTraceId: string

beforeAll(async () => {
  fixture = await buildFixtureDb()
  const bundle = join(fixture.dir, "audit.zip")
  await runExportJob({ dbPath: fixture.dbPath, selection: {}, outPath: bundle, userDataDir: fixture.keyDir })
  original = await readEntries(bundle)
  firmKeyPath = join(fixture.keyDir, "signing", "bundle-signing-key.pub.pem")
  forger = foreignKey()
  const manifest = JSON.parse(get(original, "manifest.json").toString("utf8")) as { traces: Array<{ requestId: string }> }
  lastTraceId = manifest.traces.at(-1)?.requestId ?? ""
}, 60_000)
afterAll(() => fixture.cleanup())

const without = (...names: string[]): Entries => original.filter(([name]) => !names.includes(name))

/** A bundle whose events.jsonl is the real one followed by `extra`, re-signed by the forger with every hash fixed up. */
async function withEvents(name: string, extra: () => Iterable<Buffer>): Promise<{ path: string; zipBytes: number }> {
  const path = join(fixture.dir, name)
  const events = get(original, "events.jsonl")
  const { zipBytes } = await writeHostileZip(
    path,
    without("events.jsonl", "manifest.json", "manifest.sig"),
    [
      {
        name: "events.jsonl",
        chunks: function* () {
          yield events
          yield* extra()
        },
      },
    ],
    (digests) => resignedManifest(get(original, "manifest.json"), forger, digests),
  )
  return { path, zipBytes }
}

interface ChildOutcome {
  code: number
  stdout: string
  stderr: string
  maxRssMb: number
}

/** `fiskai verify ARGS…` in a child process (tsx), with its peak memory; fails on a crash or timeout. */
function verifyInChild(args: string[], timeoutMs = 90_000): Promise<ChildOutcome> {
  const tsx = join(REPO_ROOT, "node_modules", ".bin", "tsx")
  const script = join(REPO_ROOT, "tests", "unit", "hardening", "support", "verify-child.ts")
  return new Promise((resolve, reject) => {
    execFile(tsx, [script, ...args], { cwd: REPO_ROOT, timeout: timeoutMs, maxBuffer: 64 * MiB, env: { ...process.env, NO_COLOR: "1" } }, (error, stdout, stderr) => {
      const line = stdout.trim().split("\n").at(-1) ?? ""
      let parsed: (ChildOutcome & { crashed?: string }) | null = null
      try {
        parsed = JSON.parse(line) as ChildOutcome & { crashed?: string }
      } catch {
        // below
      }
      if (parsed === null) reject(new Error(`fiskai verify did not finish (${error?.message ?? "no output"}): ${stderr.slice(-2000)}`))
      else if (parsed.crashed !== undefined) reject(new Error(`fiskai verify crashed: ${parsed.crashed}`))
      else resolve(parsed)
    })
  })
}

const allProblems = (verdict: BundleVerdict): BundleProblem[] => [...verdict.problems, ...verdict.traces.flatMap((t) => t.problems)]

describe("verify under hostile bundles", () => {
  it("1 GiB of events in a small ZIP (a zip bomb) ends in a clear finding, under 200 MB", async () => {
    const line = Buffer.from(`{"pad":"${"A".repeat(64 * 1024)}","requestId":"${lastTraceId}","seq":0}\n`)
    const { path, zipBytes } = await withEvents("events-bomb.zip", () => repeated(line, Math.ceil(1024 * MiB / line.length)))
    try {
      expect(zipBytes).toBeLessThan(16 * MiB)
      const run = await verifyInChild([path, "--json"])
      console.info(`[verify-hostile] 1 GiB events bomb (${(zipBytes / MiB).toFixed(1)} MiB ZIP): peak RSS ${run.maxRssMb.toFixed(0)} MB`)
      expect(run.maxRssMb).toBeLessThan(MEMORY_LIMIT_MB)
      expect(run.stderr).toBe("")
      expect(run.code).toBe(1)
      const verdict = JSON.parse(run.stdout) as BundleVerdict
      expect(verdict).toMatchObject({ ok: false, signatureOk: true, signerTrusted: false })
      const trace = verdict.traces.find((t) => t.requestId === lastTraceId)
      expect(trace?.problems).toContainEqual(
        expect.objectContaining({
          file: "events.jsonl",
          message: expect.stringMatching(/^this trace's events are over the verifier's limit of 10000 events or 4 MiB for one trace \(\d+ lines, 1\.0 GiB\): not checked$/),
        }),
      )
      // The other traces are still checked, and still hold.
      expect(verdict.traces.filter((t) => t.requestId !== lastTraceId).every((t) => t.ok)).toBe(true)
    } finally {
      rmSync(path, { force: true })
    }
  }, 120_000)

  it("a 300 MiB line is refused in linear time and bounded memory, and named with its trace", async () => {
    const { path } = await withEvents("long-line.zip", () => filler(300 * MiB))
    try {
      const run = await verifyInChild([path])
      expect(run.code).toBe(1)
      expect(run.stdout).not.toMatch(STACK_FRAME)
      expect(run.stdout).toMatch(/^FAIL \S+ .*\n {5}events\.jsonl:\d+, trace \S+: the line is 300 MiB long, over the verifier's limit of 1 MiB a line: not read; this trace's chain, table row and replay were not checked$/m)
      expect(run.stdout).toMatch(/^NOT VERIFIED/m)
      expect(run.maxRssMb).toBeLessThan(MEMORY_LIMIT_MB)
    } finally {
      rmSync(path, { force: true })
    }
  }, 120_000)

  it("a 400 MiB manifest is refused before it is read, and nothing else is read", async () => {
    const path = join(fixture.dir, "big-manifest.zip")
    const { zipBytes } = await writeHostileZip(path, without("manifest.json"), [
      {
        name: "manifest.json",
        chunks: function* () {
          yield Buffer.from('{"pad":"')
          yield* filler(400 * MiB)
          yield Buffer.from('"}')
        },
      },
    ])
    try {
      expect(zipBytes).toBeLessThan(16 * MiB)
      const run = await verifyInChild([path, "--json"])
      expect(run.code).toBe(1)
      const verdict = JSON.parse(run.stdout) as BundleVerdict
      expect(verdict.problems).toEqual([
        {
          file: "manifest.json",
          requestId: null,
          seq: null,
          line: null,
          message: "manifest.json is 400 MiB, over the verifier's limit of 32 MiB (about 110,000 traces): it was not read, nor anything else",
        },
      ])
      expect(verdict.traces).toEqual([])
      expect(run.maxRssMb).toBeLessThan(MEMORY_LIMIT_MB)
    } finally {
      rmSync(path, { force: true })
    }
  }, 120_000)

  it("a finding per line is listed up to a limit and the rest counted (200,000 stray records)", async () => {
    const stray = Buffer.from('{"requestId":"stray-a"}\n{"requestId":"stray-b"}\n')
    const { path } = await withEvents("stray-records.zip", () => repeated(stray, 100_000))
    try {
      const verdict = await verifyBundle(path, { engine: buildAnswerWithReasoning })
      expect(verdict.ok).toBe(false)
      expect(verdict.problems.length).toBeLessThanOrEqual(1001)
      expect(verdict.problems).toContainEqual(
        expect.objectContaining({ file: "events.jsonl", message: "a record of trace stray-a, which the manifest does not list (an added trace)" }),
      )
      expect(verdict.problems.at(-1)?.message).toMatch(/^\d+ more findings are not listed$/)
    } finally {
      rmSync(path, { force: true })
    }
  }, 60_000)

  it("a finding quotes at most a bounded part of what it found (trace ids of 512 KiB)", async () => {
    const huge = (tag: string) => Buffer.from(`{"requestId":"${tag.repeat(512 * 1024)}"}\n`)
    const { path } = await withEvents("huge-ids.zip", () => Array.from({ length: 40 }, (_, i) => huge(i % 2 === 0 ? "a" : "b")))
    try {
      const verdict = await verifyBundle(path, { engine: buildAnswerWithReasoning })
      const strays = verdict.problems.filter((p) => p.message.startsWith("a record of trace aaaa"))
      expect(strays).toHaveLength(20)
      for (const p of strays) {
        expect(p.message.length).toBeLessThan(1100)
        expect(p.message).toMatch(/… \(\d+ characters\)$/)
        expect(p.requestId?.length).toBeLessThan(300)
      }
    } finally {
      rmSync(path, { force: true })
    }
  }, 60_000)

  it("a line nested 100,000 deep is a finding, not a stack overflow", async () => {
    const depth = 100_000
    const { path } = await withEvents("deep.zip", () => [Buffer.from(`${"[".repeat(depth)}${"]".repeat(depth)}\n`)])
    try {
      const verdict = await verifyBundle(path, { engine: buildAnswerWithReasoning })
      expect(verdict.ok).toBe(false)
      expect(verdict.traces.find((t) => t.requestId === lastTraceId)?.problems).toContainEqual(
        expect.objectContaining({ file: "events.jsonl", message: expect.stringMatching(/^the line nests arrays or objects more than 64 deep: not read; /) }),
      )
    } finally {
      rmSync(path, { force: true })
    }
  }, 60_000)

  it("a ZIP of thousands of entries is refused from its directory", async () => {
    const path = join(fixture.dir, "many-entries.zip")
    const padding: Entries = Array.from({ length: 5000 }, (_, i) => [`extra/${i}.txt`, Buffer.from("x")])
    await writeEntries(path, [...original, ...padding])
    try {
      const verdict = await verifyBundle(path, { engine: buildAnswerWithReasoning })
      expect(verdict.problems).toEqual([
        expect.objectContaining({
          file: null,
          message: `the ZIP holds ${original.length + padding.length} entries, more than the verifier's limit of 1000 (a bundle holds a handful): not read`,
        }),
      ])
    } finally {
      rmSync(path, { force: true })
    }
  }, 60_000)

  it("in the app, verification runs on a worker thread and a hostile bundle ends there in a verdict", async () => {
    const { path } = await withEvents("worker-long-line.zip", () => filler(300 * MiB))
    try {
      const verdict = await verifyBundleInWorker({ path })
      expect(verdict).toMatchObject({ ok: false, signatureOk: true, signerTrusted: false })
      expect(allProblems(verdict)).toContainEqual(expect.objectContaining({ message: expect.stringMatching(/^the line is 300 MiB long/) }))
    } finally {
      rmSync(path, { force: true })
    }
  }, 120_000)
})

describe("a bundle re-signed with another key", () => {
  let forged: string
  let forgerKeyPath: string
  beforeAll(async () => {
    forged = join(fixture.dir, "re-signed.zip")
    const entries = without("manifest.json", "manifest.sig")
    await writeEntries(forged, [...entries, ...resignedManifest(get(original, "manifest.json"), forger, new Map())])
    forgerKeyPath = join(fixture.dir, "forger.pub.pem")
    writeFileSync(forgerKeyPath, forger.publicKeyPem)
  })

  it("without --trusted-key: every check holds, but it is 'signature valid, signer not trusted' and exit 4, never VERIFIED", async () => {
    const run = await runCliInProcess(["verify", forged])
    expect(run.code).toBe(4)
    expect(run.stdout).toMatch(/^signature: valid, signer not trusted$/m)
    expect(run.stdout).toMatch(/^SIGNATURE VALID, SIGNER NOT TRUSTED: 9 traces, every check holds, but /m)
    expect(run.stdout).not.toMatch(/^VERIFIED/m)
    const json = await runCliInProcess(["verify", forged, "--json"])
    expect(json.code).toBe(4)
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: true, signatureOk: true, signerTrusted: false, trustedKeyMatches: null })
  })

  it("with the firm's key as --trusted-key it fails (exit 1); the firm's own bundle verifies (exit 0)", async () => {
    const run = await runCliInProcess(["verify", forged, "--trusted-key", firmKeyPath])
    expect(run.code).toBe(1)
    expect(run.stdout).toMatch(/^trusted key: DOES NOT MATCH$/m)
    expect(run.stdout).toMatch(/^NOT VERIFIED/m)
    const genuine = join(fixture.dir, "genuine.zip")
    await writeEntries(genuine, original)
    const ok = await runCliInProcess(["verify", genuine, "--trusted-key", firmKeyPath, "--json"])
    expect(ok.code).toBe(0)
    expect(JSON.parse(ok.stdout)).toMatchObject({ ok: true, signerTrusted: true, trustedKeyMatches: true })
    // The forger's key vouches for the forger's bundle: the trusted key is what the auditor decides on.
    expect((await runCliInProcess(["verify", forged, "--trusted-key", forgerKeyPath])).code).toBe(0)
  })

  it("a --trusted-key file that is no key (an endless /dev/zero) is refused without reading it all (exit 2)", async () => {
    if (!existsSync("/dev/zero")) return
    const run = await runCliInProcess(["verify", forged, "--trusted-key", "/dev/zero"])
    expect(run.code).toBe(2)
    expect(run.stderr).toBe("cannot read the trusted key /dev/zero: it is larger than 64 KiB, so not a public key\n")
  })

  it("a bundle the installation signed itself counts as trusted in the app without a required key; another signer does not", async () => {
    const ownKeyPem = readFileSync(firmKeyPath, "utf8")
    const genuine = join(fixture.dir, "genuine-app.zip")
    await writeEntries(genuine, original)
    expect(await verifyBundle(genuine, { engine: buildAnswerWithReasoning, ownKeyPem })).toMatchObject({ ok: true, signerTrusted: true, trustedKeyMatches: null })
    expect(await verifyBundle(forged, { engine: buildAnswerWithReasoning, ownKeyPem })).toMatchObject({ ok: true, signerTrusted: false, trustedKeyMatches: null })
  })
})
