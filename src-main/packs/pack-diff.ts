import type { LoadedPack } from "../knowledge/loader"
import type { Evidence, Rule, RuleValue } from "../knowledge/pack-schema"
import { canonicalJson } from "../util/canonical-json"

// `fiskai pack diff A B`, pure: which rules B adds, removes and changes compared with A, by rule
// id. For a changed rule, which of the things a reviewer checks differ: its value, its effective
// period, its appliesWhen conditions, its evidence (which records it cites, or what a cited
// record says: url, title, quote, fetch date), and any other field by name.

export const DIFF_ASPECTS = ["value", "effectivePeriod", "appliesWhen", "evidence"] as const
export type DiffAspect = (typeof DIFF_ASPECTS)[number]

export interface RuleSide {
  readonly value: RuleValue
  readonly effectiveFrom: string
  readonly effectiveUntil: string | null
  readonly appliesWhen: unknown
  readonly evidenceIds: readonly string[]
}

export interface ChangedRule {
  readonly ruleId: string
  readonly aspects: readonly DiffAspect[]
  /** Other rule fields that differ (title, statement, authority, …), by name. */
  readonly otherFields: readonly string[]
  /** Cited evidence records (ids in A) whose url, title, quote or date differ in B. */
  readonly changedEvidence: readonly string[]
  readonly before: RuleSide
  readonly after: RuleSide
}

export interface PackSideId {
  readonly packId: string
  readonly version: string
  readonly hash: string
}

export interface PackDiff {
  readonly from: PackSideId
  readonly to: PackSideId
  readonly added: readonly string[]
  readonly removed: readonly string[]
  readonly changed: readonly ChangedRule[]
}

const ASPECT_FIELDS: Record<DiffAspect, readonly (keyof Rule)[]> = {
  value: ["value"],
  effectivePeriod: ["effectiveFrom", "effectiveUntil"],
  appliesWhen: ["appliesWhen"],
  evidence: ["evidenceIds"],
}
const ASPECT_OF = new Map<string, DiffAspect>(
  DIFF_ASPECTS.flatMap((aspect) => ASPECT_FIELDS[aspect].map((field) => [field, aspect] as const)),
)

export function diffPacks(a: LoadedPack, b: LoadedPack): PackDiff {
  const before = new Map(a.pack.rules.map((r) => [r.id, r]))
  const after = new Map(b.pack.rules.map((r) => [r.id, r]))
  const evidenceA = new Map(a.pack.evidence.map((e) => [e.id, e]))
  const evidenceB = new Map(b.pack.evidence.map((e) => [e.id, e]))
  const changed: ChangedRule[] = []
  for (const [id, old] of before) {
    const now = after.get(id)
    if (now === undefined) continue
    const fields = differingFields(old, now)
    const aspects = new Set(fields.flatMap((f) => ASPECT_OF.get(f) ?? []))
    const changedEvidence = changedCitedEvidence(old, evidenceA, evidenceB)
    if (changedEvidence.length > 0) aspects.add("evidence")
    const otherFields = fields.filter((f) => !ASPECT_OF.has(f))
    if (aspects.size === 0 && otherFields.length === 0) continue
    changed.push({
      ruleId: id,
      aspects: DIFF_ASPECTS.filter((x) => aspects.has(x)),
      otherFields,
      changedEvidence,
      before: side(old),
      after: side(now),
    })
  }
  return {
    from: sideId(a),
    to: sideId(b),
    added: [...after.keys()].filter((id) => !before.has(id)).sort(),
    removed: [...before.keys()].filter((id) => !after.has(id)).sort(),
    changed: changed.sort((x, y) => (x.ruleId < y.ruleId ? -1 : x.ruleId > y.ruleId ? 1 : 0)),
  }
}

function differingFields(a: Rule, b: Rule): string[] {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()
  const get = (r: Rule, k: string) => (r as Record<string, unknown>)[k]
  return keys.filter((k) => canonicalJson(get(a, k)) !== canonicalJson(get(b, k)))
}

/** The records the rule cites (in A) that say something else in B (or are gone). */
function changedCitedEvidence(rule: Rule, a: Map<string, Evidence>, b: Map<string, Evidence>): string[] {
  return rule.evidenceIds.filter((id) => canonicalJson(a.get(id)) !== canonicalJson(b.get(id)))
}

function side(rule: Rule): RuleSide {
  return {
    value: rule.value,
    effectiveFrom: rule.effectiveFrom,
    effectiveUntil: rule.effectiveUntil,
    appliesWhen: rule.appliesWhen ?? null,
    evidenceIds: rule.evidenceIds,
  }
}

function sideId(p: LoadedPack): PackSideId {
  return { packId: p.id, version: p.version, hash: p.hash }
}
