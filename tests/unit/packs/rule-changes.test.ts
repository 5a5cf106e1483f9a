import { afterEach, describe, expect, it } from "vitest"
import { seedBundledPack } from "../../../src-main/packs/bundled-seed"
import { chainProblem } from "../../../src-main/packs/pack-chain"
import { publishedPack } from "../../../src-main/packs/published-pack"
import { versionChain } from "../../../src-main/packs/versions"
import { PackRefusal } from "../../../src-main/packs/refusals"
import { RuleChanges } from "../../../src-main/packs/rule-changes"
import { PackVersionsRepository } from "../../../src-main/store/pack-versions-repo"
import { basePack, closeOpenedStores, openPackStore, ruleOf } from "./fixtures"

// Rule changes on a real database file: authored by one profile, reviewed and published by
// another, as the next chained pack version; a published rule is never edited but superseded;
// every move is audited with its profile; a refused move writes nothing.

afterEach(closeOpenedStores)

function setup() {
  const store = openPackStore()
  const base = basePack("2.0.0")
  seedBundledPack(store, base)
  const changes = new RuleChanges(store)
  const ana = changes.createProfile("Ana Anić").id
  const ivo = changes.createProfile("  Ivo Ivić ").id
  return { store, base, changes, ana, ivo }
}

function refusalOf(work: () => unknown): string {
  try {
    work()
  } catch (error) {
    if (error instanceof PackRefusal) return error.code
    throw error
  }
  return "allowed"
}

/** Tables a refused move must leave as they were. */
function snapshot(store: ReturnType<typeof openPackStore>) {
  const all = (table: string) => store.sqlite.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all()
  return { changes: all("rule_changes"), audit: all("rule_change_audit"), versions: all("pack_versions") }
}

describe("rule changes", () => {
  it("go from a draft to the next pack version: reviewed by another profile, linted, hashed, chained", () => {
    const { store, base, changes, ana, ivo } = setup()
    const edited = ruleOf(base, "vat.return.deadline", { effectiveFrom: "2021-01-01" })
    const change = changes.propose({ author: ana, kind: "edit", ruleId: "vat.return.deadline", rule: edited, note: "rok od 2021." })
    expect(change).toMatchObject({ status: "DRAFT", authorId: ana, baseVersionSeq: 1, approvedBy: null })
    changes.submit(change.id, ana)
    changes.approve(change.id, ivo)
    const version = changes.publish({ actor: ivo, changeIds: [change.id] })
    expect(version).toMatchObject({ seq: 2, version: "2.0.1", origin: "local", publishedBy: ivo, publisherName: "Ivo Ivić" })
    const pack = publishedPack(store)
    expect(pack?.version).toBe("2.0.1")
    expect(pack?.hash).toBe(version.contentHash)
    expect(pack?.pack.rules.find((r) => r.id === "vat.return.deadline")?.effectiveFrom).toBe("2021-01-01")
    expect(pack?.pack.publishedAt).toBe(version.publishedAt.slice(0, 10))
    expect(changes.get(change.id)).toMatchObject({ status: "PUBLISHED", approvedBy: ivo, publishedVersionSeq: 2 })
    expect(changes.auditTrail(change.id).map((e) => [e.action, e.profileId])).toEqual([
      ["created", ana],
      ["submit", ana],
      ["approve", ivo],
      ["published", ivo],
    ])
    expect(chainProblem(versionChain(new PackVersionsRepository(store), "lint-test-pack"))).toBeNull()
  })

  it("add and retire rules, several changes in one publication, at a version given", () => {
    const { store, base, changes, ana, ivo } = setup()
    const added = ruleOf(base, "vat.return.deadline", { id: "vat.return.annual", valueKey: "annual" })
    const add = changes.propose({ author: ana, kind: "add", ruleId: "vat.return.annual", rule: added, note: "godišnja" })
    const retire = changes.propose({ author: ana, kind: "retire", ruleId: "vat.threshold.start", note: "nepotrebno" })
    for (const id of [add.id, retire.id]) {
      changes.submit(id, ana)
      changes.approve(id, ivo)
    }
    const version = changes.publish({ actor: ivo, changeIds: [add.id, retire.id], version: "2.1.0" })
    expect(version.version).toBe("2.1.0")
    const ids = publishedPack(store)?.pack.rules.map((r) => r.id)
    expect(ids).toContain("vat.return.annual")
    expect(ids).not.toContain("vat.threshold.start")
  })

  it("refuses publication without review, by the author, or of a draft, and writes nothing", () => {
    const { store, base, changes, ana, ivo } = setup()
    const rule = ruleOf(base, "vat.return.deadline", { effectiveFrom: "2021-01-01" })
    const change = changes.propose({ author: ana, kind: "edit", ruleId: "vat.return.deadline", rule, note: "x" })
    const before = snapshot(store)
    expect(refusalOf(() => changes.publish({ actor: ivo, changeIds: [change.id] }))).toBe("not-in-review")
    changes.submit(change.id, ana)
    expect(refusalOf(() => changes.publish({ actor: ivo, changeIds: [change.id] }))).toBe("not-approved")
    expect(refusalOf(() => changes.approve(change.id, ana))).toBe("self-review")
    changes.approve(change.id, ivo)
    expect(refusalOf(() => changes.publish({ actor: ana, changeIds: [change.id] }))).toBe("self-review")
    expect(snapshot(store).versions).toEqual(before.versions)
    expect(publishedPack(store)?.version).toBe("2.0.0")
  })

  it("never edits a published rule: a new change supersedes it and retires the old one", () => {
    const { store, base, changes, ana, ivo } = setup()
    const first = changes.propose({
      author: ana,
      kind: "edit",
      ruleId: "vat.return.deadline",
      rule: ruleOf(base, "vat.return.deadline", { effectiveFrom: "2021-01-01" }),
      note: "prva",
    })
    changes.submit(first.id, ana)
    changes.approve(first.id, ivo)
    changes.publish({ actor: ivo, changeIds: [first.id] })
    const before = snapshot(store)
    expect(refusalOf(() => changes.edit(first.id, ana, { note: "ispravak" }))).toBe("published-immutable")
    expect(snapshot(store)).toEqual(before)
    expect(() => store.sqlite.prepare("UPDATE rule_changes SET rule_json = '{}' WHERE id = ?").run(first.id)).toThrow(/UPDATE rejected/)
    const second = changes.propose({
      author: ivo,
      kind: "edit",
      ruleId: "vat.return.deadline",
      rule: ruleOf(base, "vat.return.deadline", { effectiveFrom: "2022-01-01" }),
      note: "druga",
    })
    changes.submit(second.id, ivo)
    changes.approve(second.id, ana)
    changes.publish({ actor: ana, changeIds: [second.id] })
    expect(changes.get(first.id)).toMatchObject({ status: "RETIRED", supersededBy: second.id, publishedVersionSeq: 2 })
    expect(changes.auditTrail(first.id).at(-1)).toMatchObject({ action: "superseded", profileId: ana, detail: { by: second.id } })
    expect(refusalOf(() => changes.submit(first.id, ana))).toBe("retired-final")
    expect(() => store.sqlite.prepare("UPDATE rule_changes SET status = 'PUBLISHED' WHERE id = ?").run(first.id)).toThrow(/retired is final/)
    expect(publishedPack(store)?.version).toBe("2.0.2")
  })

  it("refuses a rule the pack schema or the pack lint would not take, saying why", () => {
    const { store, base, changes, ana } = setup()
    const before = snapshot(store)
    const badValue = ruleOf(base, "vat.threshold.new", { value: { type: "currency", value: 45000, currency: "EUR" } })
    try {
      changes.propose({ author: ana, kind: "edit", ruleId: "vat.threshold.new", rule: badValue, note: "x" })
      expect.unreachable()
    } catch (error) {
      if (!(error instanceof PackRefusal)) throw error
      expect(error.code).toBe("lint")
      expect(error.text("en")).toBe(
        "The pack check (fiskai pack check) reports new findings: QUOTE_VALUE rule vat.threshold.new: primary quote (e-prag-new) does not contain EUR 45000",
      )
      expect(error.text("hr")).toMatch(/^Provjera paketa \(fiskai pack check\) javlja nove nalaze: QUOTE_VALUE/)
    }
    const noDate = ruleOf(base, "vat.return.deadline", { effectiveFrom: "soon" })
    expect(refusalOf(() => changes.propose({ author: ana, kind: "edit", ruleId: "vat.return.deadline", rule: noDate, note: "x" }))).toBe("rule-invalid")
    const unknownConcept = ruleOf(base, "vat.return.deadline", { conceptSlug: "nowhere" })
    expect(refusalOf(() => changes.propose({ author: ana, kind: "edit", ruleId: "vat.return.deadline", rule: unknownConcept, note: "x" }))).toBe("pack-invalid")
    expect(refusalOf(() => changes.propose({ author: ana, kind: "add", ruleId: "vat.return.deadline", rule: ruleOf(base, "vat.return.deadline"), note: "x" }))).toBe("rule-exists")
    expect(refusalOf(() => changes.propose({ author: ana, kind: "retire", ruleId: "no.such.rule", note: "x" }))).toBe("rule-missing")
    expect(refusalOf(() => changes.propose({ author: "nobody", kind: "retire", ruleId: "vat.threshold.start", note: "x" }))).toBe("unknown-profile")
    expect(snapshot(store)).toEqual(before)
  })

  it("sends a change back for changes, and the author edits and resubmits it", () => {
    const { changes, base, ana, ivo } = setup()
    const change = changes.propose({ author: ana, kind: "retire", ruleId: "vat.threshold.start", note: "x" })
    changes.submit(change.id, ana)
    expect(changes.requestChanges(change.id, ivo, "zašto?")).toMatchObject({ status: "DRAFT", approvedBy: null })
    expect(changes.edit(change.id, ana, { note: "pravilo je zastarjelo" }).note).toBe("pravilo je zastarjelo")
    expect(refusalOf(() => changes.edit(change.id, ivo, { note: "moje" }))).toBe("not-author")
    expect(changes.submit(change.id, ana).status).toBe("IN_REVIEW")
    expect(changes.auditTrail(change.id).map((e) => e.action)).toEqual(["created", "submit", "request-changes", "edit", "submit"])
    expect(changes.auditTrail(change.id)[2]?.detail).toEqual({ note: "zašto?" })
    expect(base.version).toBe("2.0.0")
  })

  it("brings new evidence with a rule, and drops evidence only a retired rule cited", () => {
    const { store, base, changes, ana, ivo } = setup()
    const evidence = {
      id: "e-annual",
      sourceId: "s-guide",
      url: "https://example.org/e-annual",
      title: "Synthetic page e-annual",
      quote: "SYNTHETIC: godišnja prijava se podnosi do 30. travnja.",
      fetchedAt: "2026-01-01",
      language: "hr",
    }
    const annual = ruleOf(base, "vat.return.deadline", {
      id: "vat.return.annual",
      valueKey: "annual",
      value: { type: "deadline", text: { hr: "do 30. travnja", en: "by 30 April" } },
      evidenceIds: ["e-annual"],
    })
    const add = changes.propose({ author: ana, kind: "add", ruleId: "vat.return.annual", rule: { ...annual, value: ruleOf(base, "vat.return.deadline").value, evidenceIds: ["e-rok"] }, note: "x" }).id
    expect(refusalOf(() => changes.submit(add, ivo))).toBe("not-author")
    changes.edit(add, ana, { rule: annual, evidence: [evidence] })
    expect(changes.get(add).evidence).toEqual([evidence])
    const retire = changes.propose({ author: ana, kind: "retire", ruleId: "vat.threshold.start", note: "x" }).id
    for (const id of [add, retire]) {
      changes.submit(id, ana)
      changes.approve(id, ivo)
    }
    changes.publish({ actor: ivo, changeIds: [add, retire] })
    const evidenceIds = publishedPack(store)?.pack.evidence.map((e) => e.id)
    expect(evidenceIds).toContain("e-annual")
    expect(evidenceIds).not.toContain("e-start")
  })

  it("keeps the audit append-only", () => {
    const { store, changes, ana } = setup()
    changes.propose({ author: ana, kind: "retire", ruleId: "vat.threshold.start", note: "x" })
    expect(() => store.sqlite.prepare("UPDATE rule_change_audit SET action = 'x'").run()).toThrow(/append-only/)
    expect(() => store.sqlite.prepare("DELETE FROM rule_change_audit").run()).toThrow(/append-only/)
    expect(() => store.sqlite.prepare("DELETE FROM rule_changes").run()).toThrow(/kept/)
  })
})
