import { existsSync, readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { STOP_WORDS } from "../../../src-main/engine/interpret/text-utils"
import { WEAK_WORDS } from "../../../src-main/knowledge/concept-matcher"
import { loadPackFile } from "../../../src-main/knowledge/loader"
import { foldDiacritics } from "../../../src-main/knowledge/text"
import type { Predicate, Rule } from "../../../src-main/knowledge/pack-schema"

// Content checks for the Croatian rule pack: every citation traces back to the research notes,
// rule families with history never overlap or leave gaps, and conflicts are well formed.

const PACK_PATH = fileURLToPath(new URL("../../../resources/packs/hr-core.json", import.meta.url))
// shared/ sits beside the repository clone, locally and in CI.
const NOTES_PATH = fileURLToPath(new URL("../../../../shared/guide/hr-tax-facts.md", import.meta.url))
const notesMissing = !existsSync(NOTES_PATH)

const { pack } = loadPackFile(PACK_PATH)

/** Rules of one family: same concept and valueKey. */
function family(conceptSlug: string, valueKey: string): Rule[] {
  return pack.rules.filter((r) => r.conceptSlug === conceptSlug && r.valueKey === valueKey)
}

function inForce(rule: Rule, date: string): boolean {
  return rule.effectiveFrom <= date && (rule.effectiveUntil === null || date <= rule.effectiveUntil)
}

function* daysBetween(first: string, last: string): Generator<string> {
  const day = new Date(`${first}T00:00:00Z`)
  const end = new Date(`${last}T00:00:00Z`)
  while (day <= end) {
    yield day.toISOString().slice(0, 10)
    day.setUTCDate(day.getUTCDate() + 1)
  }
}

/** The values an `in` predicate on query.item accepts, or [] for rules that do not read the item. */
function itemValues(predicate: Predicate | undefined): Array<string | number> {
  if (predicate && "in" in predicate && predicate.in[0] === "query.item") return predicate.in[1]
  return []
}

describe("hr-core rule pack", () => {
  it("loads as the versioned Croatian pack", () => {
    expect(pack.id).toBe("hr-core")
    expect(pack.version).toBe("1.0.1")
    expect(pack.jurisdiction).toBe("HR")
  })

  it.skipIf(notesMissing)(
    "quotes and urls appear verbatim in the research notes (skipped when ../shared is absent)",
    () => {
      // The notes are a markdown table, where a literal "|" inside a cell is written "\|".
      const notes = readFileSync(NOTES_PATH, "utf8").replaceAll("\\|", "|")
      const notQuoted = pack.evidence.filter((e) => !notes.includes(e.quote)).map((e) => e.id)
      const notListed = pack.evidence.filter((e) => !notes.includes(e.url)).map((e) => e.id)
      expect(notQuoted).toEqual([])
      expect(notListed).toEqual([])
    },
  )

  it("cites only http(s) urls", () => {
    for (const e of pack.evidence) expect(new URL(e.url).protocol, e.id).toMatch(/^https?:$/)
  })

  it("records 2026-03-05 as the retrieval lower bound for every quote", () => {
    expect(new Set(pack.evidence.map((e) => e.fetchedAt))).toEqual(new Set(["2026-03-05"]))
  })

  it("gives every rule existing evidence and uses every evidence record", () => {
    const evidenceIds = new Set(pack.evidence.map((e) => e.id))
    for (const rule of pack.rules)
      for (const id of rule.evidenceIds) expect(evidenceIds.has(id), `${rule.id} -> ${id}`).toBe(true)
    const cited = new Set(pack.rules.flatMap((r) => r.evidenceIds))
    expect(pack.evidence.filter((e) => !cited.has(e.id)).map((e) => e.id)).toEqual([])
  })

  it.each([
    ["pdv-prag-registracije", "registration-threshold"],
    ["pausalni-obrt-limit", "receipts-limit"],
    ["doprinos-zdravstveno", "health-rate"],
  ])("has exactly one %s / %s rule in force on every day of 2018-2027", (concept, valueKey) => {
    const rules = family(concept, valueKey)
    const badDays: string[] = []
    for (const day of daysBetween("2018-01-01", "2027-12-31"))
      if (rules.filter((r) => inForce(r, day)).length !== 1) badDays.push(day)
    expect(badDays).toEqual([])
  })

  it("follows the VAT threshold chain HRK 300,000 -> EUR 39,816.84 -> 40,000 -> 60,000", () => {
    const valueOn = (day: string) =>
      family("pdv-prag-registracije", "registration-threshold").find((r) => inForce(r, day))?.value
    expect(valueOn("2020-06-30")).toEqual({ type: "currency", value: 300000, currency: "HRK" })
    expect(valueOn("2023-06-30")).toEqual({ type: "currency", value: 39816.84, currency: "EUR" })
    expect(valueOn("2024-06-30")).toEqual({ type: "currency", value: 40000, currency: "EUR" })
    expect(valueOn("2026-06-30")).toEqual({ type: "currency", value: 60000, currency: "EUR" })
  })

  it("declares conflicts only between rules of one concept and valueKey, at equal authority and start date", () => {
    expect(pack.conflicts.length).toBeGreaterThan(0)
    for (const conflict of pack.conflicts) {
      const rules = conflict.ruleIds.map((id) => pack.rules.find((r) => r.id === id))
      const found = rules.filter((r): r is Rule => r !== undefined)
      expect(found).toHaveLength(conflict.ruleIds.length)
      expect(new Set(found.map((r) => `${r.conceptSlug}/${r.valueKey}`)).size, conflict.id).toBe(1)
      expect(new Set(found.map((r) => r.authority)).size, conflict.id).toBe(1)
      expect(new Set(found.map((r) => r.effectiveFrom)).size, conflict.id).toBe(1)
      expect(new Set(found.map((r) => JSON.stringify(r.value))).size, conflict.id).toBeGreaterThan(1)
    }
  })

  it("leaves no undeclared overlap: same-family rules in force together are told apart by appliesWhen", () => {
    const declared = new Set(pack.conflicts.map((c) => [...c.ruleIds].sort().join("+")))
    const overlaps = (a: Rule, b: Rule) =>
      a.effectiveFrom <= (b.effectiveUntil ?? "9999-12-31") &&
      b.effectiveFrom <= (a.effectiveUntil ?? "9999-12-31")
    for (const [i, a] of pack.rules.entries())
      for (const b of pack.rules.slice(i + 1)) {
        if (a.conceptSlug !== b.conceptSlug || a.valueKey !== b.valueKey || !overlaps(a, b)) continue
        if (declared.has([a.id, b.id].sort().join("+"))) continue
        expect(a.appliesWhen !== undefined && b.appliesWhen !== undefined, `${a.id} / ${b.id}`).toBe(true)
        expect(JSON.stringify(a.appliesWhen), `${a.id} / ${b.id}`).not.toBe(JSON.stringify(b.appliesWhen))
      }
  })

  it("never lists one item under two item-rate rules in force on the same day", () => {
    const itemRules = family("pdv-stopa-proizvoda", "item-rate")
    for (const day of ["2022-04-01", "2025-06-30", "2026-03-31", "2026-04-01", "2027-03-31"]) {
      const items = itemRules.filter((r) => inForce(r, day)).flatMap((r) => itemValues(r.appliesWhen))
      expect(items.length, day).toBeGreaterThan(0)
      expect(new Set(items).size, day).toBe(items.length)
    }
  })

  it("uses only dimensions declared by the topic of the rule's concept", () => {
    for (const rule of pack.rules) {
      const topicId = pack.concepts.find((c) => c.slug === rule.conceptSlug)?.topic
      const declared = new Set(pack.topics.find((t) => t.id === topicId)?.dimensions.map((d) => d.dimension))
      for (const dimension of rule.dimensions)
        expect(declared.has(dimension), `${rule.id}: ${dimension}`).toBe(true)
    }
  })

  it("marks the proposed 5 % energy extension as PROPOSED and everything else as ENACTED", () => {
    const proposed = pack.rules.filter((r) => r.certainty === "PROPOSED").map((r) => r.id)
    expect(proposed).toEqual(["pdv.stavka.energenti-5-prijedlog-2026"])
  })

  it("keeps item values and keywords lower-case, and item values free of diacritics", () => {
    for (const concept of pack.concepts)
      for (const word of [...concept.keywords, ...concept.aliases])
        expect(word, concept.slug).toBe(word.toLowerCase())
    for (const rule of pack.rules)
      for (const item of itemValues(rule.appliesWhen)) expect(String(item), rule.id).toMatch(/^[a-z_]+$/)
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

  it("states each corporate income tax rate with its own value and revenue condition only", () => {
    const statement = (id: string) => pack.rules.find((r) => r.id === id)?.statement
    const lower = statement("dobit.stopa.10")
    const standard = statement("dobit.stopa.18")
    expect(lower?.hr).toMatch(/10 %/)
    expect(lower?.en).toMatch(/10 %/)
    expect(`${lower?.hr} ${lower?.en}`).not.toMatch(/18 %/)
    expect(lower?.hr).toContain("manjima od 1 milijun eura")
    expect(lower?.en).toContain("lower than EUR 1 million")
    expect(standard?.hr).toMatch(/18 %/)
    expect(standard?.en).toMatch(/18 %/)
    expect(`${standard?.hr} ${standard?.en}`).not.toMatch(/10 %/)
  })
})
