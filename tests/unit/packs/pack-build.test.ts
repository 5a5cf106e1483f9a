import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { afterEach, describe, expect, it } from "vitest"
import { findingKeys, nextPack } from "../../../src-main/packs/apply-changes"
import { lintDraft } from "../../../src-main/packs/draft-lint"
import { seedBundledPack } from "../../../src-main/packs/bundled-seed"
import { lintDraftOffThread, PackBuildError } from "../../../src-main/packs/pack-build"
import { publishedPack } from "../../../src-main/packs/published-pack"
import { PackRefusal } from "../../../src-main/packs/refusals"
import { RuleChanges } from "../../../src-main/packs/rule-changes"
import { tempDir } from "../store/fixtures"
import { basePack, closeOpenedStores, openPackStore, ruleOf } from "./fixtures"

// A publication built on a worker thread (issue 19, "a publish does not block asking"): the same
// version an in-thread build makes; the build's refusals come back as the same refusals; a thread
// that fails, or a version published while it built, leaves nothing written.

afterEach(closeOpenedStores)

function setup() {
  const store = openPackStore()
  const base = basePack("2.0.0")
  seedBundledPack(store, base)
  const changes = new RuleChanges(store)
  const ana = changes.createProfile("Ana Anić").id
  const ivo = changes.createProfile("Ivo Ivić").id
  /** An approved edit of `ruleId` by Ana, reviewed by Ivo. */
  const approved = (ruleId: string, change: Record<string, unknown>) => {
    const proposed = changes.propose({
      author: ana,
      kind: "edit",
      ruleId,
      rule: ruleOf(base, ruleId, change),
      note: "test",
    })
    changes.submit(proposed.id, ana)
    changes.approve(proposed.id, ivo)
    return proposed.id
  }
  const rows = (table: string) => store.sqlite.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all()
  const snapshot = () => ({
    changes: rows("rule_changes"),
    audit: rows("rule_change_audit"),
    versions: rows("pack_versions"),
  })
  return { store, base, changes, ana, ivo, approved, snapshot }
}

async function refusalOf(work: Promise<unknown>): Promise<string> {
  try {
    await work
  } catch (error) {
    if (error instanceof PackRefusal) return error.code
    throw error
  }
  return "allowed"
}

describe("a publication built on a worker thread", () => {
  it("publishes the version an in-thread build would, and the app reads it back", async () => {
    const { store, base, changes, ivo, approved } = setup()
    const id = approved("vat.return.deadline", { effectiveFrom: "2021-01-01" })
    const inThread = nextPack(
      base,
      [
        {
          kind: "edit",
          ruleId: "vat.return.deadline",
          rule: ruleOf(base, "vat.return.deadline", { effectiveFrom: "2021-01-01" }),
          evidence: [],
        },
      ],
      {
        version: "2.0.1",
        publishedAt: "2026-03-02",
      },
    )
    const version = await changes.publishOffThread({ actor: ivo, changeIds: [id] })
    expect(version).toMatchObject({ seq: 2, version: "2.0.1", origin: "local", publisherName: "Ivo Ivić" })
    expect(version.contentHash).toBe(inThread.hash)
    expect(publishedPack(store)?.pack.rules.find((r) => r.id === "vat.return.deadline")?.effectiveFrom).toBe(
      "2021-01-01",
    )
    expect(changes.get(id)).toMatchObject({ status: "PUBLISHED", publishedVersionSeq: 2 })
  })

  it("builds a second publication on the version it just built as an in-thread build would (the thread keeps it)", async () => {
    const { store, changes, ivo, approved } = setup()
    const first = approved("vat.return.deadline", { effectiveFrom: "2021-01-01" })
    const second = approved("vat.threshold.new", { effectiveFrom: "2025-02-01" })
    await changes.publishOffThread({ actor: ivo, changeIds: [first] })
    const published = publishedPack(store)
    if (published === null) throw new Error("nothing published")
    const change = changes.get(second)
    const inThread = nextPack(published, [{ kind: "edit", ruleId: change.ruleId, rule: change.rule, evidence: [] }], {
      version: "2.0.2",
      publishedAt: "2026-03-02",
    })
    const version = await changes.publishOffThread({ actor: ivo, changeIds: [second] })
    expect(version).toMatchObject({ seq: 3, version: "2.0.2" })
    expect(version.contentHash).toBe(inThread.hash)
    expect(publishedPack(store)?.pack.rules.find((r) => r.id === "vat.threshold.new")?.effectiveFrom).toBe("2025-02-01")
  })

  it("refuses what the build refuses, with the same refusal, and writes nothing", async () => {
    const { changes, ivo, approved, snapshot } = setup()
    const first = approved("vat.return.deadline", { effectiveFrom: "2021-01-01" })
    const second = approved("vat.return.deadline", { effectiveFrom: "2022-01-01" })
    const before = snapshot()
    expect(await refusalOf(changes.publishOffThread({ actor: ivo, changeIds: [first, second] }))).toBe(
      "same-rule-twice",
    )
    expect(snapshot()).toEqual(before)
  })

  it("writes nothing when the build thread fails, and the same changes publish afterwards", async () => {
    const { changes, ivo, approved, snapshot } = setup()
    const id = approved("vat.return.deadline", { effectiveFrom: "2021-01-01" })
    const broken = join(tempDir(), "broken-worker.mjs")
    writeFileSync(broken, 'throw new Error("the build thread broke")\n')
    const before = snapshot()
    await expect(
      changes.publishOffThread({ actor: ivo, changeIds: [id] }, { url: pathToFileURL(broken), execArgv: [] }),
    ).rejects.toThrow(PackBuildError)
    expect(snapshot()).toEqual(before)
    expect(changes.get(id)).toMatchObject({ status: "IN_REVIEW", approvedBy: ivo })
    expect((await changes.publishOffThread({ actor: ivo, changeIds: [id] })).version).toBe("2.0.1")
  })

  it("refuses a publication whose base moved while it was built", async () => {
    const { store, changes, ivo, approved, snapshot } = setup()
    const slow = approved("vat.return.deadline", { effectiveFrom: "2021-01-01" })
    const fast = approved("vat.threshold.new", { effectiveFrom: "2025-02-01" })
    const building = changes.publishOffThread({ actor: ivo, changeIds: [slow] })
    // Another publication lands while the thread builds on 2.0.0.
    changes.publish({ actor: ivo, changeIds: [fast] })
    const before = snapshot()
    expect(await refusalOf(building)).toBe("changed-meanwhile")
    expect(snapshot()).toEqual(before)
    expect(publishedPack(store)?.version).toBe("2.0.1")
    expect(changes.get(slow).status).toBe("IN_REVIEW")
  })
})

describe("a draft's live pack check on the build thread", () => {
  it("reports what an in-thread check reports: the findings a draft adds, or why it would not load, in the asked language", async () => {
    const base = basePack("2.0.0")
    const rule = ruleOf(base, "vat.return.deadline", {})
    const wrongValue = { kind: "edit" as const, ruleId: "vat.return.deadline", rule: { ...rule, value: { type: "percentage" as const, value: 12 } }, evidence: [] }
    const drafts = [
      wrongValue,
      { kind: "edit" as const, ruleId: "vat.return.deadline", rule: { ...rule, effectiveFrom: "2026-13-01" }, evidence: [] },
      { kind: "retire" as const, ruleId: "no.such.rule", rule: null, evidence: [] },
    ]
    for (const edit of drafts)
      for (const locale of ["hr", "en"] as const) {
        const offThread = await lintDraftOffThread({ baseJson: base.canonicalJson, baseHash: base.hash, edit, locale })
        expect(offThread).toEqual(lintDraft(base, findingKeys(base.pack), edit, locale))
      }
    const found = await lintDraftOffThread({ baseJson: base.canonicalJson, baseHash: base.hash, edit: wrongValue, locale: "hr" })
    expect(found.problem === null && found.findings.length > 0).toBe(true)
  })

  it("fails, rather than checking against another pack, when the base does not match its hash", async () => {
    const base = basePack("2.0.0")
    const edit = { kind: "retire" as const, ruleId: "vat.return.deadline", rule: null, evidence: [] }
    await expect(lintDraftOffThread({ baseJson: base.canonicalJson, baseHash: "0".repeat(64), edit, locale: "en" })).rejects.toThrow(PackBuildError)
  })
})
