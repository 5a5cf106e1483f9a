import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { BundleProblem, BundleVerdict } from "../../../src-shared/export"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import { writeBundle } from "../../../src-main/export/bundle-writer"
import { runExportJob } from "../../../src-main/export/export-job"
import { FlagRecord } from "../../../src-main/export/flag-records"
import { loadOrCreateSigningKeys } from "../../../src-main/export/signing-keys"
import { openTraceSource, type BundleSource } from "../../../src-main/export/trace-source"
import { verifyBundle } from "../../../src-main/export/verify/verify-bundle"
import { seedBundledPack } from "../../../src-main/packs/bundled-seed"
import { RuleChanges } from "../../../src-main/packs/rule-changes"
import { FlagsRepository } from "../../../src-main/store/flags-repo"
import { openStore } from "../../../src-main/store/store"
import { canonicalJson } from "../../../src-main/util/canonical-json"
import {
  editLines,
  foreignKey,
  readEntries,
  rehash,
  resign,
  text,
  writeEntries,
  type Entries,
} from "./bundle-files"
import { buildFixtureDb, type ExportFixture } from "./fixtures"

// The exported runs' flags and their decisions in the signed audit bundle (format version 3):
// written as flags.jsonl beside the traces, covered by the signed manifest, each naming who raised
// it and who decided it; a changed flag record fails verification and says what it means; a
// version 2 bundle (records without persons) and a version 1 bundle (no flags) still verify.

let fixture: ExportFixture
let bundle: string
let original: Entries
let changeId: string
let counter = 0

beforeAll(async () => {
  fixture = await buildFixtureDb()
  const store = openStore({ path: fixture.dbPath, clock: () => new Date("2025-06-03T10:00:00.000Z") })
  try {
    seedBundledPack(store, fixture.pack)
    const rules = new RuleChanges(store)
    const ana = rules.createProfile("Ana Anić").id
    const ivo = rules.createProfile("Ivo Ivić").id
    const rule = fixture.pack.pack.rules[0]
    if (rule === undefined) throw new Error("the shipped pack has no rules")
    const change = rules.propose({
      author: ana,
      kind: "edit",
      ruleId: rule.id,
      rule: { ...rule, titleEn: `${rule.titleEn} (test)` },
      note: "prag",
    })
    rules.submit(change.id, ana)
    rules.approve(change.id, ivo)
    changeId = change.id
    const flags = new FlagsRepository(store)
    flags.create({ runId: fixture.ids.answer, kind: "unclear", note: "Za koju godinu?", profileId: ana })
    const wrong = flags.create({ runId: fixture.ids.qualified, kind: "wrong", note: "Stopa je drugačija.", profileId: ana })
    flags.decide({
      id: wrong.id,
      decision: "confirmed",
      note: "Pravilo treba ispraviti.",
      ruleChangeId: change.id,
      profileId: ivo,
    })
    const rejected = flags.create({
      runId: fixture.ids.refusal,
      kind: "wrong",
      note: "Trebalo je odgovoriti.",
    })
    flags.decide({ id: rejected.id, decision: "rejected", note: "Pitanje je izvan hrvatskog prava." })
  } finally {
    store.close()
  }
  bundle = join(fixture.dir, "audit.zip")
  await runExportJob({ dbPath: fixture.dbPath, selection: {}, outPath: bundle, userDataDir: fixture.keyDir })
  original = await readEntries(bundle)
})
afterAll(() => fixture.cleanup())

async function verifyEdited(entries: Entries, trustedKeyPem?: string): Promise<BundleVerdict> {
  const path = join(fixture.dir, `edited-${(counter += 1)}.zip`)
  await writeEntries(path, entries)
  return verifyBundle(path, {
    engine: buildAnswerWithReasoning,
    ...(trustedKeyPem === undefined ? {} : { trustedKeyPem }),
  })
}

const problems = (verdict: BundleVerdict): BundleProblem[] => [
  ...verdict.problems,
  ...verdict.traces.flatMap((t) => t.problems),
]

function records(entries: Entries): FlagRecord[] {
  return text(entries, "flags.jsonl")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => FlagRecord.parse(JSON.parse(line)))
}

describe("flags in the audit bundle", () => {
  it("carries each exported run's flags and decisions, with the linked rule change, named in the signed manifest", async () => {
    const manifest = JSON.parse(text(original, "manifest.json")) as {
      formatVersion: number
      flags: unknown
      files: { path: string }[]
    }
    expect(manifest.formatVersion).toBe(3)
    expect(manifest.flags).toEqual({ file: "flags.jsonl", count: 3 })
    expect(manifest.files.map((f) => f.path)).toContain("flags.jsonl")
    const byRun = new Map(records(original).map((r) => [r.runId, r]))
    expect(byRun.get(fixture.ids.answer)).toMatchObject({
      kind: "unclear",
      note: "Za koju godinu?",
      raisedByName: "Ana Anić",
      decision: null,
    })
    expect(byRun.get(fixture.ids.qualified)).toMatchObject({
      kind: "wrong",
      note: "Stopa je drugačija.",
      reportedAt: "2025-06-03T10:00:00.000Z",
      raisedByName: "Ana Anić",
      decision: {
        decision: "confirmed",
        note: "Pravilo treba ispraviti.",
        decidedByName: "Ivo Ivić",
        ruleChange: {
          id: changeId,
          kind: "edit",
          status: "IN_REVIEW",
          authorName: "Ana Anić",
          approvedByName: "Ivo Ivić",
        },
      },
    })
    // Raised and decided with no profile chosen: nobody is named.
    expect(byRun.get(fixture.ids.refusal)).toMatchObject({ raisedByName: null })
    expect(byRun.get(fixture.ids.refusal)?.decision).toMatchObject({ decision: "rejected", ruleChange: null, decidedByName: null })
    const verdict = await verifyBundle(bundle, { engine: buildAnswerWithReasoning })
    expect(problems(verdict)).toEqual([])
    expect(verdict.ok).toBe(true)
  })

  it("an edited flag record fails verification, saying the reports and decisions are not the ones signed", async () => {
    const edited = editLines(original, "flags.jsonl", (lines) =>
      lines.map((l) => l.replace("Pitanje je izvan hrvatskog prava.", "Odgovor je bio točan.")),
    )
    const verdict = await verifyEdited(edited)
    expect(verdict.ok).toBe(false)
    expect(problems(verdict)).toContainEqual(
      expect.objectContaining({
        file: "flags.jsonl",
        message: expect.stringMatching(
          /flags\.jsonl was modified after it was signed: its flag records \(what users reported and what reviewers decided\)/,
        ),
      }),
    )
  })

  it("a deleted flags file fails verification", async () => {
    const withoutFile = original.filter(([name]) => name !== "flags.jsonl")
    expect(problems(await verifyEdited(withoutFile))).toContainEqual(
      expect.objectContaining({
        file: "flags.jsonl",
        message: expect.stringMatching(/missing from the bundle/),
      }),
    )
  })

  it("re-signed by someone else, a record about a run outside the bundle and a miscount are named line by line", async () => {
    const forger = foreignKey()
    const lines = text(original, "flags.jsonl")
      .split("\n")
      .filter((l) => l !== "")
    const outsider = JSON.stringify({
      ...(JSON.parse(lines[0] ?? "{}") as object),
      runId: "not-in-this-bundle",
    })
    const forged = editLines(original, "flags.jsonl", () => [outsider, ""])
    const data = Buffer.from(text(forged, "flags.jsonl"))
    const verdict = await verifyEdited(
      resign(forged, forger, (manifest) => rehash(manifest, "flags.jsonl", data)),
    )
    expect(verdict.signatureOk).toBe(true)
    expect(verdict.ok).toBe(false)
    const messages = problems(verdict).map((p) => p.message)
    expect(messages).toContainEqual(
      expect.stringMatching(
        /^flags\.jsonl line 1: flag .* is about run not-in-this-bundle, which is not a trace of this bundle$/,
      ),
    )
    expect(messages).toContainEqual("flags.jsonl holds 1 flag records, the manifest says 3")
  })

  it("a version 2 bundle, whose flag records name no person, still verifies; the same records under version 3 do not", async () => {
    const signer = foreignKey()
    const asVersion2 = (record: FlagRecord) => {
      const { raisedByName: _raised, decision, ...rest } = record
      if (decision === null) return canonicalJson({ ...rest, decision })
      const { decidedByName: _decided, ...decided } = decision
      return canonicalJson({ ...rest, decision: decided })
    }
    const version2Lines = records(original).map(asVersion2)
    const edited = editLines(original, "flags.jsonl", () => [...version2Lines, ""])
    const data = Buffer.from(text(edited, "flags.jsonl"))
    const signedAs = (formatVersion: number) =>
      resign(edited, signer, (manifest) => {
        manifest.formatVersion = formatVersion
        rehash(manifest, "flags.jsonl", data)
      })
    const version2 = await verifyEdited(signedAs(2), signer.publicKeyPem)
    expect(problems(version2)).toEqual([])
    expect(version2.ok).toBe(true)
    const claimed3 = await verifyEdited(signedAs(3), signer.publicKeyPem)
    expect(claimed3.ok).toBe(false)
    expect(problems(claimed3).map((p) => p.message)).toContainEqual(
      expect.stringMatching(/^flags\.jsonl line 1: not a flag record at raisedByName/),
    )
  })

  it("a version 1 bundle, written by a source without flags, has no flags file and still verifies", async () => {
    const out = join(fixture.dir, "version-1.zip")
    const source = openTraceSource(fixture.dbPath, {})
    const withoutFlags: BundleSource = {
      count: source.count,
      batches: (size) => source.batches(size),
      trace: (id) => source.trace(id),
      packSnapshots: () => source.packSnapshots(),
      close: () => source.close(),
    }
    try {
      await writeBundle({
        source: withoutFlags,
        outPath: out,
        selection: {},
        keys: loadOrCreateSigningKeys(fixture.keyDir),
        appVersion: "test",
        exportedBy: { osUser: "test", firmName: "Test" },
        exportedAt: new Date("2025-06-04T10:00:00.000Z"),
      })
    } finally {
      withoutFlags.close()
    }
    const entries = await readEntries(out)
    expect(entries.map(([name]) => name)).not.toContain("flags.jsonl")
    expect(JSON.parse(text(entries, "manifest.json"))).toMatchObject({ formatVersion: 1 })
    expect(JSON.parse(text(entries, "manifest.json"))).not.toHaveProperty("flags")
    const verdict = await verifyBundle(out, { engine: buildAnswerWithReasoning })
    expect(problems(verdict)).toEqual([])
    expect(verdict.ok).toBe(true)
  })
})
