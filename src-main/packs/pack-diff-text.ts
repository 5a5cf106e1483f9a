import type { Locale } from "../../src-shared/events/stages"
import type { RuleValue } from "../knowledge/pack-schema"
import { canonicalJson } from "../util/canonical-json"
import type { ChangedRule, DiffAspect, PackDiff } from "./pack-diff"

// `fiskai pack diff` as text: one line per added or removed rule, and for a changed rule one line
// naming what changed, then a before -> after line for each aspect.

const LABELS: Record<Locale, Record<DiffAspect | "added" | "removed" | "changed" | "other" | "same" | "open" | "records", string>> = {
  hr: {
    added: "dodano",
    removed: "uklonjeno",
    changed: "promijenjeno",
    value: "vrijednost",
    effectivePeriod: "razdoblje primjene",
    appliesWhen: "uvjeti (appliesWhen)",
    evidence: "dokazi",
    other: "ostala polja",
    same: "nema razlika u pravilima",
    open: "otvoreno",
    records: "izmijenjen zapis",
  },
  en: {
    added: "added",
    removed: "removed",
    changed: "changed",
    value: "value",
    effectivePeriod: "effective period",
    appliesWhen: "appliesWhen",
    evidence: "evidence",
    other: "other fields",
    same: "no rule differs",
    open: "open",
    records: "record changed",
  },
}

export function diffText(diff: PackDiff, locale: Locale): string {
  const l = LABELS[locale]
  const lines = [
    `${diff.from.packId} ${diff.from.version} (${diff.from.hash.slice(0, 12)}) -> ${diff.to.packId} ${diff.to.version} (${diff.to.hash.slice(0, 12)})`,
  ]
  for (const id of diff.added) lines.push(`+ ${id}  ${l.added}`)
  for (const id of diff.removed) lines.push(`- ${id}  ${l.removed}`)
  for (const change of diff.changed) lines.push(...changedLines(change, locale))
  if (diff.added.length + diff.removed.length + diff.changed.length === 0) lines.push(l.same)
  const counts = `+${diff.added.length} -${diff.removed.length} ~${diff.changed.length}`
  return `${[...lines, counts].join("\n")}\n`
}

function changedLines(change: ChangedRule, locale: Locale): string[] {
  const l = LABELS[locale]
  const what = [...change.aspects.map((a) => l[a]), ...(change.otherFields.length > 0 ? [`${l.other}: ${change.otherFields.join(", ")}`] : [])]
  const lines = [`~ ${change.ruleId}  ${l.changed}: ${what.join("; ")}`]
  const { before: b, after: a } = change
  for (const aspect of change.aspects) {
    if (aspect === "value") lines.push(`    ${l.value}: ${valueText(b.value, locale)} -> ${valueText(a.value, locale)}`)
    if (aspect === "effectivePeriod")
      lines.push(`    ${l.effectivePeriod}: ${b.effectiveFrom} .. ${b.effectiveUntil ?? l.open} -> ${a.effectiveFrom} .. ${a.effectiveUntil ?? l.open}`)
    if (aspect === "appliesWhen") lines.push(`    ${l.appliesWhen}: ${canonicalJson(b.appliesWhen)} -> ${canonicalJson(a.appliesWhen)}`)
    if (aspect === "evidence") {
      const records = change.changedEvidence.length > 0 ? ` (${l.records}: ${change.changedEvidence.join(", ")})` : ""
      lines.push(`    ${l.evidence}: ${b.evidenceIds.join(", ")} -> ${a.evidenceIds.join(", ")}${records}`)
    }
  }
  return lines
}

function valueText(value: RuleValue, locale: Locale): string {
  switch (value.type) {
    case "percentage":
      return `${value.value} %`
    case "currency":
      return `${value.value} ${value.currency}`
    case "date":
      return value.value
    case "boolean":
      return String(value.value)
    case "deadline":
    case "text":
      return JSON.stringify(value.text[locale])
  }
}
