import { existsSync, readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { authorityMix, findingLine, readGoldenConcepts } from "../../../src-main/cli/commands/pack"
import { STOP_WORDS } from "../../../src-main/engine/interpret/text-utils"
import { WEAK_WORDS } from "../../../src-main/knowledge/concept-matcher"
import { loadPackFile } from "../../../src-main/knowledge/loader"
import { lintPack } from "../../../src-main/knowledge/pack-lint"
import type { Predicate, Rule } from "../../../src-main/knowledge/pack-schema"
import { foldDiacritics } from "../../../src-main/knowledge/text"

// Content checks for the Croatian rule pack (hr-core 2.0): the pack lint finds nothing (every
// primary quote states its value, no overlaps, no orphans, no internal references, legal bases,
// every concept asked by a golden question), every citation traces back to the research notes,
// and the pack is large and official enough. Nothing here names a particular rule.

const PACK_PATH = fileURLToPath(new URL("../../../resources/packs/hr-core.json", import.meta.url))
const GOLDEN_DIR = fileURLToPath(new URL("../../golden", import.meta.url))
// shared/ sits beside the repository clone, locally and in CI.
const NOTES_PATHS = ["hr-tax-facts.md", "hr-tax-facts-2.md"].map((name) =>
  fileURLToPath(new URL(`../../../../shared/guide/${name}`, import.meta.url)),
)
const notesMissing = NOTES_PATHS.some((path) => !existsSync(path))

const { pack } = loadPackFile(PACK_PATH)

const overlaps = (a: Rule, b: Rule) =>
  a.effectiveFrom <= (b.effectiveUntil ?? "9999-12-31") && b.effectiveFrom <= (a.effectiveUntil ?? "9999-12-31")

/** The items a rule's appliesWhen names through query.item (`in` or `eq`, at any depth). */
function itemValues(predicate: Predicate | undefined): Array<string | number | boolean> {
  if (predicate === undefined) return []
  if ("in" in predicate) return predicate.in[0] === "query.item" ? predicate.in[1] : []
  if ("eq" in predicate) return predicate.eq[0] === "query.item" ? [predicate.eq[1]] : []
  if ("and" in predicate) return predicate.and.flatMap(itemValues)
  if ("or" in predicate) return predicate.or.flatMap(itemValues)
  return []
}

/** Evidence ids in the pack README's table of records found with the search tool (first column). */
function searchFoundEvidence(): Set<string> {
  const readme = readFileSync(fileURLToPath(new URL("../../../resources/packs/README.md", import.meta.url)), "utf8")
  return new Set([...readme.matchAll(/^\| `(ev-[^`]+)` \|/gm)].map((m) => m[1] ?? ""))
}

describe("hr-core rule pack", () => {
  it("loads as the versioned Croatian pack", () => {
    expect(pack.id).toBe("hr-core")
    expect(pack.version).toMatch(/^\d+\.\d+\.\d+$/)
    expect(pack.jurisdiction).toBe("HR")
  })

  it("passes the pack lint, with every concept expected by a golden question", () => {
    const findings = lintPack(pack, { goldenConcepts: readGoldenConcepts(GOLDEN_DIR) })
    expect(findings.map(findingLine)).toEqual([])
  })

  it.skipIf(notesMissing)(
    "quotes and urls appear verbatim in the research notes, or are listed in the pack README as found with the search tool (skipped when ../shared is absent)",
    () => {
      // The notes are markdown tables, where a literal "|" inside a cell is written "\|".
      const notes = NOTES_PATHS.map((path) => readFileSync(path, "utf8").replaceAll("\\|", "|")).join("\n")
      const listed = searchFoundEvidence()
      const fromNotes = pack.evidence.filter((e) => !listed.has(e.id))
      expect(fromNotes.filter((e) => !notes.includes(e.quote)).map((e) => e.id)).toEqual([])
      expect(fromNotes.filter((e) => !notes.includes(e.url)).map((e) => e.id)).toEqual([])
      // Every record the README lists exists, and was found no earlier than the notes were written.
      for (const id of listed) expect((pack.evidence.find((e) => e.id === id)?.fetchedAt ?? "") >= "2026-11-25", id).toBe(true)
    },
  )

  it("holds at least 150 rules over at least 60 concepts", () => {
    expect(pack.rules.length).toBeGreaterThanOrEqual(150)
    expect(new Set(pack.rules.map((r) => r.conceptSlug)).size).toBeGreaterThanOrEqual(60)
  })

  // Issue 18 asks for 40 %; the research notes and the stored pages give official sources for
  // about a quarter of the rules (resources/packs/README.md says what was searched). This ratchet
  // keeps what was reached from slipping while the rest is sought: 49 of 193 in pack 2.0.10, 48 of
  // 193 (24.9 %) since pack 2.0.13, which stopped counting zakon.hr's own "na snazi od" page header
  // as statute text (README, "zakon.hr"); 49 of 194 (25.3 %) since pack 2.0.17, whose rule on
  // associations and profit tax rests on Porezna uprava pages. Raise it again when a rule moves to an
  // official source.
  it("rests at least 25.2 % of its rules on law, regulation or official guidance, and never less", () => {
    expect(authorityMix(pack).officialShare).toBeGreaterThanOrEqual(0.252)
  })

  it("cites only http(s) urls", () => {
    for (const e of pack.evidence) expect(new URL(e.url).protocol, e.id).toMatch(/^https?:$/)
  })

  // The product's own marketing site is no source for the figures the product answers with: a
  // fact that only it states is a declared gap (pack 2.0.10 dropped the 2026 paušal contribution
  // amounts it alone stated).
  it("cites no page of the product's own site", () => {
    const ownSite = (url: string) => /(^|\.)fiskai[-.]/u.test(new URL(url).hostname)
    expect(pack.evidence.filter((e) => ownSite(e.url)).map((e) => e.id)).toEqual([])
    expect(pack.sources.filter((s) => s.homeUrl !== undefined && ownSite(s.homeUrl)).map((s) => s.id)).toEqual([])
  })

  it("gives every rule existing evidence and uses every evidence record", () => {
    const evidenceIds = new Set(pack.evidence.map((e) => e.id))
    for (const rule of pack.rules)
      for (const id of rule.evidenceIds) expect(evidenceIds.has(id), `${rule.id} -> ${id}`).toBe(true)
    const cited = new Set(pack.rules.flatMap((r) => r.evidenceIds))
    expect(pack.evidence.filter((e) => !cited.has(e.id)).map((e) => e.id)).toEqual([])
  })

  it("declares conflicts only between rules of one concept and valueKey that differ in value", () => {
    for (const conflict of pack.conflicts) {
      const found = conflict.ruleIds.map((id) => pack.rules.find((r) => r.id === id)).filter((r): r is Rule => r !== undefined)
      expect(found).toHaveLength(conflict.ruleIds.length)
      expect(new Set(found.map((r) => `${r.conceptSlug}/${r.valueKey}`)).size, conflict.id).toBe(1)
      expect(new Set(found.map((r) => JSON.stringify(r.value))).size, conflict.id).toBeGreaterThan(1)
    }
  })

  it("never lists one item under two rules of a family in force on the same day", () => {
    const clashes: string[] = []
    for (const [i, a] of pack.rules.entries())
      for (const b of pack.rules.slice(i + 1)) {
        if (a.conceptSlug !== b.conceptSlug || a.valueKey !== b.valueKey || !overlaps(a, b)) continue
        const shared = itemValues(a.appliesWhen).filter((item) => itemValues(b.appliesWhen).includes(item))
        if (shared.length > 0) clashes.push(`${a.id} / ${b.id}: ${shared.join(", ")}`)
      }
    expect(clashes).toEqual([])
  })

  it("uses only dimensions declared by the topic of the rule's concept", () => {
    for (const rule of pack.rules) {
      const topicId = pack.concepts.find((c) => c.slug === rule.conceptSlug)?.topic
      const declared = new Set(pack.topics.find((t) => t.id === topicId)?.dimensions.map((d) => d.dimension))
      for (const dimension of rule.dimensions) expect(declared.has(dimension), `${rule.id}: ${dimension}`).toBe(true)
    }
  })

  it("keeps keywords, item values and subject terms lower-case (matching folds diacritics itself)", () => {
    for (const concept of pack.concepts)
      for (const word of [...concept.keywords, ...concept.aliases]) expect(word, concept.slug).toBe(word.toLowerCase())
    for (const rule of pack.rules)
      for (const item of itemValues(rule.appliesWhen)) expect(String(item), rule.id).toMatch(/^[a-z_]+$/)
    for (const subject of pack.subjects ?? [])
      for (const term of subject.terms) expect(term, subject.id).toBe(term.toLowerCase())
  })

  it("keeps concept keywords to topic words: no stop word or modal verb", () => {
    // "moram" or "must" as a keyword pulled every "Kada moram…" question towards VAT registration.
    const offenders = pack.concepts.flatMap((c) =>
      c.keywords
        .filter((word) => STOP_WORDS.has(foldDiacritics(word)) || WEAK_WORDS.has(foldDiacritics(word)))
        .map((word) => `${c.slug}: ${word}`),
    )
    expect(offenders).toEqual([])
  })

  it("gives rules of one family that differ in value statements that differ too", () => {
    // Each branch of a CONDITIONAL_ANSWER reads its own rule's statement.
    for (const [i, a] of pack.rules.entries())
      for (const b of pack.rules.slice(i + 1)) {
        if (a.conceptSlug !== b.conceptSlug || a.valueKey !== b.valueKey) continue
        if (JSON.stringify(a.value) === JSON.stringify(b.value)) continue
        expect(a.statement.hr, `${a.id} / ${b.id}`).not.toBe(b.statement.hr)
        expect(a.statement.en, `${a.id} / ${b.id}`).not.toBe(b.statement.en)
      }
  })
})
