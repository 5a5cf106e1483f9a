import type { EditableRule, EvidenceRecord } from "../../../src-shared/rule-changes"

// The rule editor's draft: the rule as the pack writes it, edited field by field, and the
// evidence records the change brings. Pure helpers: a blank rule for a concept, the value types,
// what is missing before the main process is asked at all, and a new evidence record's checks.

export const VALUE_TYPES = ["percentage", "currency", "date", "boolean", "deadline", "text"] as const
export type RuleValueType = (typeof VALUE_TYPES)[number]
export const AUTHORITIES = ["LAW", "REGULATION", "GUIDANCE", "PRACTICE"] as const
export const RULE_KINDS = ["threshold", "rate", "deadline", "obligation", "fact"] as const

export function blankRule(conceptSlug: string, today: string): EditableRule {
  return {
    id: "",
    conceptSlug,
    valueKey: "",
    titleHr: "",
    titleEn: "",
    authority: "LAW",
    effectiveFrom: today,
    effectiveUntil: null,
    value: { type: "percentage", value: 0 },
    statement: { hr: "", en: "" },
    kind: "rate",
    obligations: [],
    dimensions: [],
    evidenceIds: [],
    status: "PUBLISHED",
  }
}

/** The value of a new type, keeping what carries over (a number, the texts). */
export function valueOfType(type: RuleValueType, before: EditableRule["value"]): EditableRule["value"] {
  const number = typeof before["value"] === "number" ? before["value"] : 0
  const text = isLocalized(before["text"]) ? before["text"] : { hr: "", en: "" }
  switch (type) {
    case "percentage":
      return { type, value: number }
    case "currency":
      return { type, value: number, currency: "EUR" }
    case "date":
      return { type, value: "" }
    case "boolean":
      return { type, value: true }
    case "deadline":
    case "text":
      return { type, text }
  }
}

export function isLocalized(x: unknown): x is { hr: string; en: string } {
  return (
    typeof x === "object" &&
    x !== null &&
    typeof (x as { hr?: unknown }).hr === "string" &&
    typeof (x as { en?: unknown }).en === "string"
  )
}

export type EvidenceProblem = "id" | "id-taken" | "source" | "url" | "title" | "quote" | "quote-long" | "date"

/** The pack's limit on a verbatim quote (pack schema: Evidence.quote). */
export const QUOTE_MAX = 400

export function evidenceProblems(record: EvidenceRecord, takenIds: ReadonlySet<string>): EvidenceProblem[] {
  const problems: EvidenceProblem[] = []
  if (record.id.trim() === "") problems.push("id")
  else if (takenIds.has(record.id.trim())) problems.push("id-taken")
  if (record.sourceId === "") problems.push("source")
  if (!/^https?:\/\/\S+\.\S+/.test(record.url.trim())) problems.push("url")
  if (record.title.trim() === "") problems.push("title")
  if (record.quote.trim() === "") problems.push("quote")
  if (record.quote.length > QUOTE_MAX) problems.push("quote-long")
  if (!/^\d{4}-\d{2}-\d{2}$/.test(record.fetchedAt)) problems.push("date")
  return problems
}

export function blankEvidence(today: string): EvidenceRecord {
  return { id: "", sourceId: "", url: "", title: "", quote: "", fetchedAt: today, language: "hr" }
}
