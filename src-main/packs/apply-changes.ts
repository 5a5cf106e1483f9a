import { loadPack, PackLoadError, type LoadedPack } from "../knowledge/loader"
import { lintPack, type Finding } from "../knowledge/pack-lint"
import { Evidence, Rule, type RulePack } from "../knowledge/pack-schema"
import type { ChangeKind } from "./contract"
import { PackRefusal } from "./refusals"

// A pack plus rule changes, pure: the next pack's content. Each rule (and each evidence record a
// change brings) is validated by the pack schema; the resulting pack must load (references,
// dates) and the pack lint must find nothing the base pack did not already have (a change may not
// add findings; it need not fix old ones). Evidence that only the changed rules cited and that no
// rule cites any more goes with them (the lint would call it an orphan).

export interface RuleEdit {
  readonly kind: ChangeKind
  readonly ruleId: string
  /** The full rule; null for a retirement. */
  readonly rule: unknown
  /** New or corrected evidence records (by id) the rule cites. */
  readonly evidence: readonly unknown[]
}

function refusalFor(code: "rule-invalid", what: string, issues: readonly { path: PropertyKey[]; message: string }[]): PackRefusal {
  const issue = issues[0]
  const where = issue === undefined || issue.path.length === 0 ? what : `${what}.${issue.path.map(String).join(".")}`
  return new PackRefusal(code, { detail: `${where}: ${issue?.message ?? "?"}` })
}

/** Parses a rule as the pack schema does; a PackRefusal naming the first problem otherwise. */
export function parseRule(raw: unknown): Rule {
  const parsed = Rule.safeParse(raw)
  if (!parsed.success) throw refusalFor("rule-invalid", "rule", parsed.error.issues)
  return parsed.data
}

/** Parses evidence records as the pack schema does. */
export function parseEvidence(raw: readonly unknown[]): Evidence[] {
  return raw.map((record, i) => {
    const parsed = Evidence.safeParse(record)
    if (!parsed.success) throw refusalFor("rule-invalid", `evidence[${i}]`, parsed.error.issues)
    return parsed.data
  })
}

/** The base pack's rules and evidence with the edits applied, in the base's order (new ones at the end). */
export function applyEdits(base: RulePack, edits: readonly RuleEdit[], baseVersion: string): Pick<RulePack, "rules" | "evidence"> {
  const rules = [...base.rules]
  const evidence = [...base.evidence]
  const seen = new Set<string>()
  for (const edit of edits) {
    if (seen.has(edit.ruleId)) throw new PackRefusal("same-rule-twice", { rule: edit.ruleId })
    seen.add(edit.ruleId)
    const at = rules.findIndex((r) => r.id === edit.ruleId)
    if (edit.kind === "add" && at >= 0) throw new PackRefusal("rule-exists", { rule: edit.ruleId, version: baseVersion })
    if (edit.kind !== "add" && at < 0) throw new PackRefusal("rule-missing", { rule: edit.ruleId, version: baseVersion })
    for (const record of parseEvidence(edit.evidence)) {
      const existing = evidence.findIndex((e) => e.id === record.id)
      if (existing >= 0) evidence[existing] = record
      else evidence.push(record)
    }
    if (edit.kind === "retire") {
      rules.splice(at, 1)
      continue
    }
    const rule = parseRule(edit.rule)
    if (rule.id !== edit.ruleId) throw new PackRefusal("rule-invalid", { detail: `id: ${rule.id} is not ${edit.ruleId}` })
    if (edit.kind === "add") rules.push(rule)
    else rules[at] = rule
  }
  const citedBefore = new Set(base.rules.flatMap((r) => r.evidenceIds))
  const citedAfter = new Set(rules.flatMap((r) => r.evidenceIds))
  return { rules, evidence: evidence.filter((e) => citedAfter.has(e.id) || !citedBefore.has(e.id)) }
}

/**
 * The next pack: the base with the edits, as `version` published on `publishedAt` (YYYY-MM-DD),
 * loaded (schema and references) and linted against the base.
 */
export function nextPack(
  base: LoadedPack,
  edits: readonly RuleEdit[],
  next: { version: string; publishedAt: string },
): LoadedPack {
  return nextPackLinted(base, findingKeys(base.pack), edits, next).loaded
}

/**
 * nextPack with the base's lint findings given (findingKeys) and the next pack's returned, for a
 * builder that keeps both: the next publication's base is usually this one's result.
 */
export function nextPackLinted(
  base: LoadedPack,
  baseFindings: ReadonlySet<string>,
  edits: readonly RuleEdit[],
  next: { version: string; publishedAt: string },
): { loaded: LoadedPack; findings: ReadonlySet<string> } {
  const { rules, evidence } = applyEdits(base.pack, edits, base.version)
  let loaded: LoadedPack
  try {
    loaded = loadPack({ ...base.pack, version: next.version, publishedAt: next.publishedAt, rules, evidence })
  } catch (error) {
    if (error instanceof PackLoadError) throw new PackRefusal("pack-invalid", { detail: error.message })
    throw error
  }
  const found = lintPack(loaded.pack)
  const added = found.filter((f) => !baseFindings.has(findingKey(f)))
  if (added.length > 0)
    throw new PackRefusal("lint", { detail: added.map((f) => `${f.code} ${f.where}: ${f.message}`).join("; ") })
  return { loaded, findings: new Set(found.map(findingKey)) }
}

/** A finding as the comparison of two packs' findings keys it: by code, record and message. */
export function findingKey(f: Finding): string {
  return `${f.code}\u0000${f.where}\u0000${f.message}`
}

/** The keys of a pack's lint findings. */
export function findingKeys(pack: RulePack): ReadonlySet<string> {
  return new Set(lintPack(pack).map(findingKey))
}
