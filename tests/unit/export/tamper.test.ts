import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { BundleProblem, BundleVerdict } from "../../../src-shared/export"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import { runExportJob } from "../../../src-main/export/export-job"
import { verifyBundle } from "../../../src-main/export/verify/verify-bundle"
import { editLines, foreignKey, get, readEntries, rehash, replace, resign, text, writeEntries, type Entries } from "./bundle-files"
import { buildFixtureDb, type ExportFixture } from "./fixtures"

// Every kind of change to a bundle is caught, and reported where it was made.

let fixture: ExportFixture
let bundle: string
let original: Entries
let counter = 0

beforeAll(async () => {
  fixture = await buildFixtureDb()
  bundle = join(fixture.dir, "audit.zip")
  await runExportJob({ dbPath: fixture.dbPath, selection: {}, outPath: bundle, userDataDir: fixture.keyDir })
  original = await readEntries(bundle)
})
afterAll(() => fixture.cleanup())

async function verifyEdited(entries: Entries, trustedKeyPem?: string): Promise<BundleVerdict> {
  const path = join(fixture.dir, `tampered-${(counter += 1)}.zip`)
  await writeEntries(path, entries)
  return verifyBundle(path, { engine: buildAnswerWithReasoning, ...(trustedKeyPem === undefined ? {} : { trustedKeyPem }) })
}

function allProblems(verdict: BundleVerdict): BundleProblem[] {
  return [...verdict.problems, ...verdict.traces.flatMap((t) => t.problems)]
}

type ProblemMatch = Partial<Omit<BundleProblem, "message">> & { message: RegExp }

function expectProblem(verdict: BundleVerdict, match: ProblemMatch) {
  const { message, ...rest } = match
  expect(verdict.ok).toBe(false)
  expect(allProblems(verdict)).toContainEqual(expect.objectContaining({ ...rest, message: expect.stringMatching(message) }))
}

/** Line index (0-based) in events.jsonl of a trace's event. */
function eventLine(entries: Entries, requestId: string, seq: number): number {
  return text(entries, "events.jsonl")
    .split("\n")
    .findIndex((l) => l.includes(`"requestId":"${requestId}"`) && l.includes(`"seq":${seq},`))
}

describe("the re-zipped but unchanged bundle", () => {
  it("still verifies (the checks are about content, not the ZIP's bytes)", async () => {
    expect((await verifyEdited(original)).ok).toBe(true)
  })
})

describe("events.jsonl", () => {
  it("an edited byte names the file, the trace and the event", async () => {
    const id = fixture.ids.answer
    const at = eventLine(original, id, 4)
    const edited = editLines(original, "events.jsonl", (lines) => lines.map((l, i) => (i === at ? l.replace('"v":1', '"v":2') : l)))
    const verdict = await verifyEdited(edited)
    expectProblem(verdict, { file: "events.jsonl", message: /events\.jsonl was modified/ })
    expectProblem(verdict, { file: "events.jsonl", requestId: id, seq: 4, line: at + 1, message: /event seq 4 was altered/ })
    expect(verdict.traces.filter((t) => !t.ok).map((t) => t.requestId)).toEqual([id])
  })

  it("an edited timestamp, which replay cannot see, is caught by the chain", async () => {
    const id = fixture.ids.refusal
    const at = eventLine(original, id, 1)
    const edited = editLines(original, "events.jsonl", (lines) => lines.map((l, i) => (i === at ? l.replace(/"ts":"[^"]+"/, '"ts":"2020-01-01T00:00:00.000Z"') : l)))
    const verdict = await verifyEdited(edited)
    expectProblem(verdict, { requestId: id, seq: 1, message: /event seq 1 was altered/ })
    expect(verdict.traces.find((t) => t.requestId === id)?.replayOk).toBe(true)
  })

  it("a deleted line is a missing event", async () => {
    const id = fixture.ids.qualified
    const at = eventLine(original, id, 3)
    const verdict = await verifyEdited(editLines(original, "events.jsonl", (lines) => lines.filter((_, i) => i !== at)))
    expectProblem(verdict, { requestId: id, seq: 3, message: /event seq 3 is missing/ })
  })

  it("two reordered events are named", async () => {
    const id = fixture.ids.conditional
    const a = eventLine(original, id, 5)
    const verdict = await verifyEdited(
      editLines(original, "events.jsonl", (lines) => lines.map((l, i) => (i === a ? (lines[a + 1] ?? l) : i === a + 1 ? (lines[a] ?? l) : l))),
    )
    expectProblem(verdict, { requestId: id, seq: 6, message: /event seq 6 is out of chain order: found at position 5/ })
    expectProblem(verdict, { requestId: id, seq: 5, message: /event seq 5 is out of chain order: found at position 6/ })
  })

  it("an added trace is reported as such", async () => {
    const id = fixture.ids.refusal
    const copied = text(original, "events.jsonl")
      .split("\n")
      .filter((l) => l.includes(`"requestId":"${id}"`))
      .map((l) => l.replaceAll(id, "forged-trace"))
    const verdict = await verifyEdited(editLines(original, "events.jsonl", (lines) => [...lines, ...copied]))
    expectProblem(verdict, { file: "events.jsonl", requestId: "forged-trace", message: /manifest does not list \(an added trace\)/ })
  })
})

describe("traces.csv", () => {
  it("an edited byte in a row is named by line and column", async () => {
    const csv = text(original, "traces.csv")
    const edited = replace(original, "traces.csv", csv.replace(",REFUSAL,", ",ANSWER,"))
    const verdict = await verifyEdited(edited)
    expectProblem(verdict, { file: "traces.csv", message: /traces\.csv was modified/ })
    expectProblem(verdict, { file: "traces.csv", requestId: fixture.ids.refusal, message: /column outcome says "ANSWER" but the events say "REFUSAL"/ })
  })

  it("a deleted row leaves its trace without a row", async () => {
    const verdict = await verifyEdited(editLines(original, "traces.csv", (lines) => lines.filter((l) => !l.startsWith(fixture.ids.error)), "\r\n"))
    expectProblem(verdict, { requestId: fixture.ids.error, message: /traces\.csv has no row for this trace/ })
  })

  it("two swapped rows are out of order", async () => {
    const verdict = await verifyEdited(editLines(original, "traces.csv", (lines) => [lines[0] ?? "", lines[2] ?? "", lines[1] ?? "", ...lines.slice(3)], "\r\n"))
    expectProblem(verdict, { file: "traces.csv", line: 3, message: /out of the manifest's order/ })
  })
})

describe("traces.jsonl, report.html, rule packs", () => {
  it("an edited request is caught by replay", async () => {
    const id = fixture.ids.answer
    const edited = editLines(original, "traces.jsonl", (lines) => lines.map((l) => (l.includes(`"requestId":"${id}"}`) ? l.replace("65.000", "55.000") : l)))
    const verdict = await verifyEdited(edited)
    expectProblem(verdict, { file: "traces.jsonl", message: /traces\.jsonl was modified/ })
    expectProblem(verdict, { requestId: id, file: "events.jsonl", message: /^replay: event seq \d+ .* differs from the replay/ })
    expectProblem(verdict, { requestId: id, file: "traces.csv", message: /column question says/ })
  })

  it("an edited byte in the report is a hash mismatch", async () => {
    const html = text(original, "report.html")
    const verdict = await verifyEdited(replace(original, "report.html", html.replace("Odbijeno", "Odgovor")))
    expectProblem(verdict, { file: "report.html", message: /report\.html was modified/ })
  })

  it("an edited rule pack fails its hash and its canonical identity", async () => {
    const name = `rule-packs/${fixture.pack.hash}.json`
    const verdict = await verifyEdited(replace(original, name, text(original, name).replace(`"value":25`, `"value":26`)))
    expectProblem(verdict, { file: name, message: /was modified/ })
    expectProblem(verdict, { file: name, message: /canonical hash is [0-9a-f]{64}, not the/ })
  })

  it("a removed and an added file are named", async () => {
    const verdict = await verifyEdited([...original.filter(([n]) => n !== "report.html"), ["notes.txt", Buffer.from("hi")]])
    expectProblem(verdict, { file: "report.html", message: /listed in the manifest but missing/ })
    expectProblem(verdict, { file: "notes.txt", message: /not in the manifest \(an added file\)/ })
  })
})

describe("manifest and signature", () => {
  it("an edited manifest breaks the signature", async () => {
    const manifest = text(original, "manifest.json").replace(/"firmName":"[^"]*"/, '"firmName":"Someone else"')
    const verdict = await verifyEdited(replace(original, "manifest.json", manifest))
    expect(verdict.signatureOk).toBe(false)
    expectProblem(verdict, { file: "manifest.sig", message: /signature does not match/ })
  })

  it("a bundle signed by another key fails against the trusted key", async () => {
    const trusted = readFileSync(join(fixture.keyDir, "signing", "bundle-signing-key.pub.pem"), "utf8")
    const forged = resign(original, foreignKey())
    const untrusted = await verifyEdited(forged)
    expect(untrusted.signatureOk).toBe(true)
    expect(untrusted.fingerprint).not.toBe((await verifyEdited(original)).fingerprint)
    const verdict = await verifyEdited(forged, trusted)
    expect(verdict.trustedKeyMatches).toBe(false)
    expectProblem(verdict, { file: "manifest.sig", message: /signed with key .* not with the trusted key/ })
    expect((await verifyEdited(original, trusted)).ok).toBe(true)
  })

  it("a re-signed manifest with altered content fails the hash checks", async () => {
    const verdict = await verifyEdited(
      resign(original, foreignKey(), (m) => {
        const files = m.files as Array<{ path: string; sha256: string }>
        const csv = files.find((f) => f.path === "traces.csv")
        if (csv) csv.sha256 = "0".repeat(64)
      }),
    )
    expect(verdict.signatureOk).toBe(true)
    expectProblem(verdict, { file: "traces.csv", message: /traces\.csv was modified/ })
  })

  it("a forger who fixes up every hash is still caught by chain and replay", async () => {
    const id = fixture.ids.answer
    const at = eventLine(original, id, 4)
    const events = editLines(original, "events.jsonl", (lines) => lines.map((l, i) => (i === at ? l.replace('"v":1', '"v":2') : l)))
    const verdict = await verifyEdited(resign(events, foreignKey(), (m) => rehash(m, "events.jsonl", get(events, "events.jsonl"))))
    expect(verdict.problems).toEqual([])
    expectProblem(verdict, { requestId: id, seq: 4, message: /event seq 4 was altered/ })
  })

  it("a byte flipped inside the ZIP itself is reported, not crashed on", async () => {
    const path = join(fixture.dir, "flipped.zip")
    const bytes = Buffer.from(readFileSync(bundle))
    const at = bytes.indexOf(Buffer.from("events.jsonl")) + 200
    bytes[at] = (bytes[at] ?? 0) ^ 0xff
    writeFileSync(path, bytes)
    const verdict = await verifyBundle(path, { engine: buildAnswerWithReasoning })
    expect(verdict.ok).toBe(false)
    // yauzl checks sizes but not CRCs: a flipped bit either breaks the inflate (cannot be read)
    // or inflates to other bytes (hash mismatch); both name the file.
    expect(verdict.problems).toContainEqual(
      expect.objectContaining({ file: "events.jsonl", message: expect.stringMatching(/events\.jsonl (cannot be read|was modified)/) }),
    )
  })
})
