import type { Locale } from "../../../src-shared/events/stages"
import type { ChangeAuditEntry, PackVersionInfo, Profile, RuleChange } from "../../packs/contract"

// What `fiskai rule` prints for people, in hr or en: a change in one line (with its note under
// it), a change in full with its audit trail, and the line after each move.

const WORDS = {
  hr: {
    status: { DRAFT: "nacrt", IN_REVIEW: "na pregledu", PUBLISHED: "objavljeno", RETIRED: "povučeno" },
    kind: { add: "novo pravilo", edit: "izmjena pravila", retire: "povlačenje pravila" },
    author: "autor",
    approved: "odobrio",
    note: "Bilješka",
    rule: "Pravilo",
    trail: "Tijek",
    none: "Nema promjena pravila.",
    version: "verzija",
  },
  en: {
    status: { DRAFT: "draft", IN_REVIEW: "in review", PUBLISHED: "published", RETIRED: "retired" },
    kind: { add: "new rule", edit: "rule edit", retire: "rule retirement" },
    author: "author",
    approved: "approved by",
    note: "Note",
    rule: "Rule",
    trail: "Trail",
    none: "No rule changes.",
    version: "version",
  },
} as const

export type ProfileNames = ReadonlyMap<string, string>

export function profileNames(profiles: readonly Profile[]): ProfileNames {
  return new Map(profiles.map((p) => [p.id, p.displayName]))
}

const nameOf = (names: ProfileNames, id: string) => names.get(id) ?? id
const minute = (iso: string) => iso.slice(0, 16).replace("T", " ")

export function changeLine(change: RuleChange, names: ProfileNames, locale: Locale): string {
  const w = WORDS[locale]
  const who = [`${w.author} ${nameOf(names, change.authorId)}`]
  if (change.approvedBy !== null) who.push(`${w.approved} ${nameOf(names, change.approvedBy)}`)
  const state =
    change.status === "IN_REVIEW" && change.approvedBy !== null
      ? `${w.status.IN_REVIEW} ✓`
      : w.status[change.status]
  return `${change.id}  ${state}  ${w.kind[change.kind]} ${change.ruleId}  ${who.join(", ")}  ${minute(change.updatedAt)}\n    ${w.note}: ${change.note}`
}

export function changeListText(changes: readonly RuleChange[], names: ProfileNames, locale: Locale): string {
  if (changes.length === 0) return `${WORDS[locale].none}\n`
  return `${changes.map((c) => changeLine(c, names, locale)).join("\n")}\n`
}

export function changeDetailText(
  change: RuleChange,
  trail: readonly ChangeAuditEntry[],
  names: ProfileNames,
  locale: Locale,
): string {
  const w = WORDS[locale]
  const lines = [changeLine(change, names, locale)]
  if (change.rule !== null) lines.push(`${w.rule}:`, JSON.stringify(change.rule, null, 2))
  lines.push(`${w.trail}:`)
  for (const entry of trail)
    lines.push(`    ${minute(entry.at)}  ${entry.action}  ${nameOf(names, entry.profileId)}`)
  return `${lines.join("\n")}\n`
}

export function movedLine(change: RuleChange, locale: Locale): string {
  const w = WORDS[locale]
  const state =
    change.status === "IN_REVIEW" && change.approvedBy !== null
      ? `${w.status.IN_REVIEW} ✓`
      : w.status[change.status]
  return locale === "hr"
    ? `Promjena ${change.id} (${w.kind[change.kind]} ${change.ruleId}): ${state}.`
    : `Change ${change.id} (${w.kind[change.kind]} ${change.ruleId}): ${state}.`
}

export function publishedLine(version: PackVersionInfo, count: number, locale: Locale): string {
  return locale === "hr"
    ? `Objavljen paket ${version.packId} ${version.version} (${version.contentHash.slice(0, 12)}), promjena: ${count}, objavio ${version.publisherName}. Aplikacija ga koristi za nova pitanja nakon ponovnog pokretanja.`
    : `Published pack ${version.packId} ${version.version} (${version.contentHash.slice(0, 12)}), ${count} change${count === 1 ? "" : "s"}, by ${version.publisherName}. The app answers new questions with it once restarted.`
}
