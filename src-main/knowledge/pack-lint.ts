import { EntityType, ObrtSubtype, VatStatus } from "../../src-shared/context"
import { Authority } from "../../src-shared/events/stages"
import { officialCitation } from "./official-citation"
import type { Concept, Rule, RulePack } from "./pack-schema"
import { quoteStatesValue } from "./quote-value"
import { foldDiacritics } from "./text"
import { citedSources } from "./verification"

// The pack lint (`fiskai pack check`): content problems the schema and the loader's reference
// checks cannot see. Every check is a small function returning findings; lintPack runs them all.
// Pure: the caller reads the pack and the golden questions.

export interface Finding {
  /** What is wrong, e.g. QUOTE_VALUE. */
  code: string
  /** Which record, e.g. "rule pdv.stopa.kruh". */
  where: string
  message: string
}

export interface LintOptions {
  /** Concepts named by golden questions; when given, every concept must be among them. */
  goldenConcepts?: ReadonlySet<string>
}

export function lintPack(pack: RulePack, options: LintOptions = {}): Finding[] {
  return [
    ...checkQuotedValues(pack),
    ...checkAuthority(pack),
    ...checkOfficialFirst(pack),
    ...checkConfirmedSources(pack),
    ...checkOverlaps(pack),
    ...checkOrphans(pack),
    ...checkSubjects(pack),
    ...checkInternalReferences(pack),
    ...checkCroatianText(pack),
    ...checkFormat2(pack),
    ...(options.goldenConcepts ? checkGoldenReach(pack, options.goldenConcepts) : []),
  ]
}

/** The concepts golden cases name, in expect.primaryConcept or expect.concepts. */
export function goldenConceptsOf(cases: readonly unknown[]): Set<string> {
  const found = new Set<string>()
  for (const c of cases) {
    const expect = (c as { expect?: { primaryConcept?: unknown; concepts?: unknown } } | null)?.expect
    if (typeof expect?.primaryConcept === "string") found.add(expect.primaryConcept)
    if (Array.isArray(expect?.concepts)) for (const slug of expect.concepts) if (typeof slug === "string") found.add(slug)
  }
  return found
}

const ruleAt = (rule: Rule) => `rule ${rule.id}`

// ---- The primary quote states the value ------------------------------------------------------

function describeValue(rule: Rule): string {
  const v = rule.value
  if (v.type === "percentage") return `${v.value} %`
  if (v.type === "currency") return `${v.currency} ${v.value}`
  if (v.type === "date") return v.value
  if (v.type === "boolean") return String(v.value)
  return `"${v.text.hr}"`
}

/** The quote of every rule's first evidence contains its value (booleans and number-less texts are not checked). */
export function checkQuotedValues(pack: RulePack): Finding[] {
  const evidence = new Map(pack.evidence.map((e) => [e.id, e]))
  return pack.rules.flatMap((rule) => {
    const primary = evidence.get(rule.evidenceIds[0] ?? "")
    if (primary === undefined || quoteStatesValue(primary.quote, rule.value) !== false) return []
    const what = rule.value.type === "deadline" || rule.value.type === "text" ? `any number or day of ${describeValue(rule)}` : describeValue(rule)
    return [{ code: "QUOTE_VALUE", where: ruleAt(rule), message: `primary quote (${primary.id}) does not contain ${what}` }]
  })
}

/** A rule's authority is that of its primary evidence's source (the pack's authority share relies on it). */
export function checkAuthority(pack: RulePack): Finding[] {
  const evidence = new Map(pack.evidence.map((e) => [e.id, e]))
  const sources = new Map(pack.sources.map((s) => [s.id, s]))
  return pack.rules.flatMap((rule) => {
    const source = sources.get(evidence.get(rule.evidenceIds[0] ?? "")?.sourceId ?? "")
    if (source === undefined || source.authority === rule.authority) return []
    return [{ code: "AUTHORITY", where: ruleAt(rule), message: `authority ${rule.authority}, but its primary source ${source.id} is ${source.authority}` }]
  })
}

/** A rule resting on PRACTICE must not hide, further down its evidence, an official quote that states its value. */
export function checkOfficialFirst(pack: RulePack): Finding[] {
  return officialCitation(pack).officialAvailableNotFirst.map((id) => ({
    code: "OFFICIAL_NOT_FIRST",
    where: `rule ${id}`,
    message: "cites practice first, but an official quote further down states its value: cite that one first",
  }))
}

/**
 * "Two independent secondary sources agree" (CONFIRMED_SECONDARY) must be visible in the pack: the
 * engine judges a rule by what it cites (verification.ts), so a rule with that tag and one source
 * would tell the user more than its citations show.
 */
export function checkConfirmedSources(pack: RulePack): Finding[] {
  const evidence = new Map(pack.evidence.map((e) => [e.id, e]))
  return pack.rules.flatMap((rule) => {
    if (rule.verification !== "CONFIRMED_SECONDARY") return []
    const sources = citedSources(rule, evidence)
    if (sources.size >= 2) return []
    return [
      {
        code: "CONFIRMED_WITH_ONE_SOURCE",
        where: ruleAt(rule),
        message: `tagged CONFIRMED_SECONDARY but cites only ${[...sources].join(", ") || "no source"}: cite a second independent source or tag it SINGLE_SECONDARY`,
      },
    ]
  })
}

// ---- Families do not overlap -------------------------------------------------------------------

const periodsOverlap = (a: Rule, b: Rule) =>
  a.effectiveFrom <= (b.effectiveUntil ?? "9999-12-31") && b.effectiveFrom <= (a.effectiveUntil ?? "9999-12-31")

/**
 * Two rules of one family (concept + valueKey) in force on a common day must be told apart by
 * appliesWhen or declared in a conflict. Deliberately simple: two predicates that are both present
 * and not identical count as disjoint (the lint does not reason about them). Drafts are left out:
 * the engine does not see them.
 */
export function checkOverlaps(pack: RulePack): Finding[] {
  const declared = new Set(pack.conflicts.flatMap((c) => c.ruleIds.flatMap((a) => c.ruleIds.map((b) => `${a}+${b}`))))
  const published = pack.rules.filter((r) => r.status === "PUBLISHED")
  const findings: Finding[] = []
  for (const [i, a] of published.entries())
    for (const b of published.slice(i + 1)) {
      if (a.conceptSlug !== b.conceptSlug || a.valueKey !== b.valueKey || !periodsOverlap(a, b)) continue
      if (declared.has(`${a.id}+${b.id}`)) continue
      const told = a.appliesWhen !== undefined && b.appliesWhen !== undefined && JSON.stringify(a.appliesWhen) !== JSON.stringify(b.appliesWhen)
      if (!told)
        findings.push({
          code: "OVERLAP",
          where: ruleAt(a),
          message: `in force together with ${b.id} (${a.conceptSlug} / ${a.valueKey}); no differing appliesWhen and no conflict declared`,
        })
    }
  return findings
}

// ---- Nothing is orphaned -------------------------------------------------------------------------

/** Every concept has a rule, every evidence is cited, every source used, every topic has a concept. */
export function checkOrphans(pack: RulePack): Finding[] {
  const ruled = new Set(pack.rules.map((r) => r.conceptSlug))
  const cited = new Set(pack.rules.flatMap((r) => r.evidenceIds))
  const usedSources = new Set(pack.evidence.map((e) => e.sourceId))
  const usedTopics = new Set(pack.concepts.map((c) => c.topic))
  return [
    ...pack.concepts.filter((c) => !ruled.has(c.slug)).map((c) => orphan("concept", c.slug, "has no rule")),
    ...pack.evidence.filter((e) => !cited.has(e.id)).map((e) => orphan("evidence", e.id, "is cited by no rule")),
    ...pack.sources.filter((s) => !usedSources.has(s.id)).map((s) => orphan("source", s.id, "is used by no evidence")),
    ...pack.topics.filter((t) => !usedTopics.has(t.id)).map((t) => orphan("topic", t.id, "has no concept")),
  ]
}

const orphan = (kind: string, id: string, what: string): Finding => ({ code: "ORPHAN", where: `${kind} ${id}`, message: what })

/** Subjects named by concepts and by `within` exist; every defined subject is used by a concept or as a parent. */
export function checkSubjects(pack: RulePack): Finding[] {
  const subjects = pack.subjects ?? []
  const defined = new Set(subjects.map((s) => s.id))
  const findings: Finding[] = []
  for (const concept of pack.concepts)
    for (const id of concept.subjects ?? [])
      if (!defined.has(id)) findings.push({ code: "UNKNOWN_SUBJECT", where: `concept ${concept.slug}`, message: `names subject ${id}, which the pack does not define` })
  for (const subject of subjects)
    if (subject.within !== undefined && !defined.has(subject.within))
      findings.push({ code: "UNKNOWN_SUBJECT", where: `subject ${subject.id}`, message: `is within ${subject.within}, which the pack does not define` })
  // A trip abroad or goods sold to another EU state narrows a named subject to this one: without a
  // broader one nothing names it so.
  for (const subject of subjects)
    for (const mark of [subject.abroad === true ? "abroad" : undefined, subject.euGoodsSupply === true ? "euGoodsSupply" : undefined])
      if (mark !== undefined && subject.within === undefined)
        findings.push({ code: "UNKNOWN_SUBJECT", where: `subject ${subject.id}`, message: `is marked ${mark} but is within no broader subject` })
  const used = new Set([...pack.concepts.flatMap((c) => c.subjects ?? []), ...subjects.flatMap((s) => (s.within === undefined ? [] : [s.within]))])
  for (const subject of subjects)
    for (const id of subject.rulesOut ?? [])
      if (!used.has(id)) findings.push({ code: "UNKNOWN_SUBJECT", where: `subject ${subject.id}`, message: `rules out ${id}, which no concept is about` })
  // A subject that only rules others out is named by no concept by design.
  for (const subject of subjects)
    if (!used.has(subject.id) && subject.gap === undefined && subject.rulesOut === undefined)
      findings.push(orphan("subject", subject.id, "is named by no concept, is no subject's parent, rules nothing out and is not a declared gap"))
  return findings
}

// ---- No internal references in what users read -------------------------------------------------

interface UserText {
  where: string
  field: string
  text: string
  /** Croatian text of a rule (checked for English words and codes as well). */
  croatianRuleText?: boolean
}

/** Every text of the pack a user can read, with where it is. */
export function userTexts(pack: RulePack): UserText[] {
  const texts: UserText[] = []
  const add = (where: string, field: string, text: string | undefined, croatianRuleText = false) => {
    if (text !== undefined) texts.push({ where, field, text, ...(croatianRuleText ? { croatianRuleText } : {}) })
  }
  for (const rule of pack.rules) {
    const at = ruleAt(rule)
    add(at, "titleHr", rule.titleHr, true)
    add(at, "titleEn", rule.titleEn)
    add(at, "statement.hr", rule.statement.hr, true)
    add(at, "statement.en", rule.statement.en)
    rule.obligations.forEach((o, i) => {
      add(at, `obligations[${i}].hr`, o.hr, true)
      add(at, `obligations[${i}].en`, o.en)
    })
    if (rule.value.type === "deadline" || rule.value.type === "text") {
      add(at, "value.text.hr", rule.value.text.hr, true)
      add(at, "value.text.en", rule.value.text.en)
    }
  }
  for (const c of pack.concepts) {
    add(`concept ${c.slug}`, "nameHr", c.nameHr)
    add(`concept ${c.slug}`, "nameEn", c.nameEn)
  }
  for (const c of pack.conflicts) {
    add(`conflict ${c.id}`, "description.hr", c.description.hr)
    add(`conflict ${c.id}`, "description.en", c.description.en)
    add(`conflict ${c.id}`, "practicalResolution.hr", c.practicalResolution?.hr)
    add(`conflict ${c.id}`, "practicalResolution.en", c.practicalResolution?.en)
  }
  for (const e of pack.evidence) add(`evidence ${e.id}`, "title", e.title)
  for (const t of pack.topics) {
    add(`topic ${t.id}`, "nameHr", t.nameHr)
    add(`topic ${t.id}`, "nameEn", t.nameEn)
    for (const d of t.dimensions) {
      add(`topic ${t.id}`, `dimension ${d.dimension} label.hr`, d.label.hr)
      add(`topic ${t.id}`, `dimension ${d.dimension} label.en`, d.label.en)
    }
  }
  for (const s of pack.subjects ?? []) {
    add(`subject ${s.id}`, "nameHr", s.nameHr)
    add(`subject ${s.id}`, "nameEn", s.nameEn)
  }
  return texts
}

/** Words of the research notes and the authoring process that must never reach a user. */
const NOTES_WORDS: ReadonlyArray<[RegExp, string]> = [
  [/\bred \d/i, "a notes row (\"red N\")"],
  [/istrazivack/i, "the research notes (\"istraživačk…\")"],
  [/research notes/i, "the research notes"],
  [/notes row/i, "a notes row"],
  [/hr-tax-facts/i, "the notes file"],
]

/**
 * A notes row id such as V5, M13 or C6: one capital and one or two digits standing alone. Not a
 * row id: quarters (Q1), a word of a source's name (the broadcaster "N1"), and a letter-digit name
 * next to the word for an invoice, a form or a certificate ("R1 račun", "obrazac A1").
 * "NN 89/25", "EN 16931" and "B2B" never match.
 */
const ROW_ID = /(?<![\w-])([A-Z])(\d{1,2})(?![\w-])/g
const ROW_ID_NEIGHBOUR = /^(racun\w*|obraz\w*|potvrd\w*|invoices?|forms?|certificates?)$/

function rowIdsIn(text: string, names: ReadonlySet<string>): string[] {
  const ids: string[] = []
  for (const match of text.matchAll(ROW_ID)) {
    const [id, letter] = match
    if (letter === "Q" || names.has(id)) continue
    const before = foldDiacritics(text.slice(0, match.index)).split(/[^a-z0-9]+/).filter(Boolean).pop() ?? ""
    const after = foldDiacritics(text.slice(match.index + id.length)).split(/[^a-z0-9]+/).find(Boolean) ?? ""
    if (ROW_ID_NEIGHBOUR.test(before) || ROW_ID_NEIGHBOUR.test(after)) continue
    ids.push(id)
  }
  return ids
}

/** Rule ids (with a dot) and concept slugs (with a hyphen) written as a whole token. */
function packIdsIn(text: string, ids: ReadonlySet<string>): string[] {
  return [...text.matchAll(/[a-z0-9][a-z0-9.-]*[a-z0-9]/g)].map((m) => m[0]).filter((token) => ids.has(token))
}

export function checkInternalReferences(pack: RulePack): Finding[] {
  const ids = new Set([
    ...pack.rules.map((r) => r.id).filter((id) => id.includes(".")),
    ...pack.concepts.map((c) => c.slug).filter((slug) => slug.includes("-")),
  ])
  const sourceNameWords = new Set(pack.sources.flatMap((s) => s.name.split(/[^\w]+/)))
  const findings: Finding[] = []
  for (const { where, field, text } of userTexts(pack)) {
    const folded = foldDiacritics(text)
    const problems = [
      ...NOTES_WORDS.filter(([pattern]) => pattern.test(folded)).map(([, what]) => what),
      ...rowIdsIn(text, sourceNameWords).map((id) => `the row id ${id}`),
      ...packIdsIn(text, ids).map((id) => `the pack id ${id}`),
    ]
    for (const problem of problems) findings.push({ code: "INTERNAL_REF", where, message: `${field} mentions ${problem}` })
  }
  return findings
}

// ---- Croatian text says it in Croatian ---------------------------------------------------------

/** The engine's enum codes (IN_VAT, PAUSALNI, …) and the authority levels, as written in code. */
const ENUM_CODES = new Set<string>([...EntityType.options, ...ObrtSubtype.options, ...VatStatus.options, ...Authority.options])

function codesIn(text: string): string[] {
  const words = [...text.matchAll(/(?<![\w-])[A-Z][A-Z0-9_]*[A-Z0-9](?![\w-])/g)].map((m) => m[0])
  return [...new Set(words.filter((w) => w.includes("_") || ENUM_CODES.has(w)))]
}

/** A rule's Croatian texts contain no English field words ("THRESHOLD", "revenue") and no enum codes. */
export function checkCroatianText(pack: RulePack): Finding[] {
  const findings: Finding[] = []
  for (const { where, field, text, croatianRuleText } of userTexts(pack)) {
    if (!croatianRuleText) continue
    const problems = [
      ...[...text.matchAll(/\b(threshold|revenue)\w*/gi)].map((m) => `the English word "${m[0]}"`),
      ...codesIn(text).map((code) => `the code ${code}`),
    ]
    for (const problem of problems) findings.push({ code: "HR_TEXT", where, message: `${field} contains ${problem}` })
  }
  return findings
}

// ---- The 2.0 format's fields -------------------------------------------------------------------

/** Pack 2.0 requires a legal basis and an attribute on every rule and subjects on every concept. */
export function checkFormat2(pack: RulePack): Finding[] {
  const missing = (code: string, where: string, message: string): Finding => ({ code, where, message })
  return [
    ...pack.rules.flatMap((r) => (r.legalBasis === undefined ? [missing("NO_LEGAL_BASIS", ruleAt(r), "has no legalBasis")] : [])),
    ...pack.rules.flatMap((r) => (r.attribute === undefined ? [missing("NO_ATTRIBUTE", ruleAt(r), "has no attribute")] : [])),
    ...pack.concepts.flatMap((c) => (hasSubjects(c) ? [] : [missing("NO_SUBJECTS", `concept ${c.slug}`, c.subjects === undefined ? "has no subjects" : "has an empty subjects list")])),
  ]
}

const hasSubjects = (c: Concept) => (c.subjects?.length ?? 0) > 0

/** Every concept is the expected concept of at least one golden question. */
export function checkGoldenReach(pack: RulePack, golden: ReadonlySet<string>): Finding[] {
  return pack.concepts
    .filter((c) => !golden.has(c.slug))
    .map((c) => ({ code: "NO_GOLDEN", where: `concept ${c.slug}`, message: "no golden question expects it (expect.primaryConcept or expect.concepts)" }))
}
