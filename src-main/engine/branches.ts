import type { EvaluationContext, FactSource } from "../../src-shared/context"
import type { Locale } from "../../src-shared/events/stages"
import { predicateLeaves, type LeafOperator, type Operand } from "../knowledge/applies-when"
import { decideByBound, readBound } from "../knowledge/fact-bounds"
import { enumerableValues, factLabel, formatFactValue, type FactValue } from "../knowledge/facts"
import type { Dimension, Rule } from "../knowledge/pack-schema"
import { checkRule, conditionLabel, formatCondition } from "../knowledge/rule-eligibility"
import { labelInSentence } from "../knowledge/format"
import { canonicalJson } from "../util/canonical-json"
import { statementsText } from "./answer/compose"
import type { BranchResult } from "./state"
import { plainCopy } from "../util/plain-copy"

// Branches of a CONDITIONAL_ANSWER (seed 003): when optional dimensions are missing, each rule
// that depends on them says which values would make it apply (its own conditions on those
// facts); the rules are evaluated again under each such assumption, and each distinct
// assumption is one branch. Rules that need several missing facts at once (entity type AND obrt
// subtype) give one branch assuming all of them, rather than one per fact that never applies.

export const MAX_BRANCHES = 8

interface Leaf {
  operator: LeafOperator
  operand: Operand
}

/** One missing fact, the value assumed for it, and the rule's conditions on it that value meets. */
interface Condition {
  path: string
  value: FactValue
  leaves: Leaf[]
}

export function conditionalBranches(
  missing: readonly Dimension[],
  rules: readonly Rule[],
  context: EvaluationContext,
  factSources: Record<string, FactSource>,
  locale: Locale,
): BranchResult[] {
  const paths = new Set(missing.map((d) => d.factPath))
  const sources: Record<string, FactSource> = { ...factSources }
  for (const path of paths) sources[path] = "assumed_default"
  const seen = new Set<string>()
  const branches: BranchResult[] = []
  for (const rule of rules) {
    if (branches.length >= MAX_BRANCHES || !rule.appliesWhen) continue
    const conditions = satisfyingConditions(rule, paths)
    if (conditions.length === 0 || contradictsBound(conditions, context)) continue
    const facts: Record<string, FactValue> = {}
    for (const c of conditions) facts[c.path] = c.value
    const key = canonicalJson(facts)
    if (seen.has(key)) continue
    const hypothetical = conditions.reduce((ctx, c) => withFact(ctx, c.path, c.value), context)
    if (!checkRule(rule, hypothetical, sources, locale).eligible) continue
    seen.add(key)
    const eligible = rules.filter((r) => checkRule(r, hypothetical, sources, locale).eligible)
    const [first] = conditions
    if (!first) continue
    const describe = (c: Condition, locale: Locale) => describeCondition(c, missing, locale)
    const conditionText = {
      hr: `Ako je ${conditions.map((c) => describe(c, "hr")).join(" i ")}`,
      en: `If ${conditions.map((c) => describe(c, "en")).join(" and ")}`,
    }
    const named = missing.find((d) => d.factPath === first.path)?.label[locale]
    branches.push({
      dimension: conditions.map((c) => dimensionName(missing, c.path)).join(", "),
      factPath: first.path,
      ...(named === undefined ? {} : { factName: named }),
      condition: conditionText[locale],
      conditionText,
      value: first.value,
      answer: statementsText(eligible, locale),
      ruleIds: eligible.map((r) => r.id),
      facts,
      rules: eligible,
    })
  }
  // Present branches in the order the pack lists the dimension's values, else as found.
  const rank = (branch: BranchResult) => {
    const dimension = missing.find((d) => d.factPath === branch.factPath)
    const values = dimension?.possibleValues ?? enumerableValues(branch.factPath) ?? []
    const at = values.indexOf(branch.value)
    return at < 0 ? values.length : at
  }
  return branches
    .map((branch, i) => ({ branch, i }))
    .sort((a, b) => rank(a.branch) - rank(b.branch) || a.i - b.i)
    .map(({ branch }) => branch)
}

/** A branch for a case the question ruled out: "> 8 h and < 12 h" when it said "more than 12 hours". */
function contradictsBound(conditions: readonly Condition[], context: EvaluationContext): boolean {
  return conditions.some((c) => {
    const bound = readBound(context, c.path)
    return bound !== undefined && c.leaves.some((l) => decideByBound(l.operator, l.operand, bound) === false)
  })
}

function dimensionName(missing: readonly Dimension[], path: string): string {
  return missing.find((d) => d.factPath === path)?.dimension ?? path
}

/**
 * The rule's own conditions on the missing facts, one value per fact. A rule may bound a fact on
 * both sides ("more than 8 and less than 12 hours"): the value is one that meets every condition
 * on that fact where one does (9, not 13), and the branch names every condition the value meets,
 * so "> 8 sati i < 12 sati" is never shortened to "> 8 sati".
 */
function satisfyingConditions(rule: Rule, paths: ReadonlySet<string>): Condition[] {
  if (!rule.appliesWhen) return []
  const byPath = new Map<string, Leaf[]>()
  for (const { path, operator, operand } of predicateLeaves(rule.appliesWhen))
    if (paths.has(path)) byPath.set(path, [...(byPath.get(path) ?? []), { operator, operand }])
  const out: Condition[] = []
  for (const [path, leaves] of byPath) {
    const candidates = leaves.flatMap((l) => {
      const value = satisfyingValue(l.operator, l.operand)
      return value === undefined ? [] : [value]
    })
    if (candidates.length < leaves.length) return []
    // A band narrower than one unit ("> 12 and < 13") holds only between its ends.
    const bounds = leaves.flatMap((l) => (typeof l.operand === "number" ? [l.operand] : []))
    if (bounds.length > 1) candidates.push((Math.min(...bounds) + Math.max(...bounds)) / 2)
    const value = candidates.find((v) => leaves.every((l) => leafHolds(l, v))) ?? candidates[0]
    if (value === undefined) return []
    const met = leaves.filter((l) => leafHolds(l, value))
    out.push({ path, value, leaves: met.length > 0 ? met : leaves })
  }
  return out
}

/** Does `value` meet one comparison? (Only to choose a value; checkRule decides the branch.) */
function leafHolds(leaf: Leaf, value: FactValue): boolean {
  const { operator, operand } = leaf
  if (operator === "eq") return value === operand
  if (operator === "in") return Array.isArray(operand) && typeof value !== "boolean" && operand.includes(value)
  if (typeof value !== "number" || typeof operand !== "number") return false
  if (operator === "lt") return value < operand
  if (operator === "lte") return value <= operand
  if (operator === "gt") return value > operand
  if (operator === "gte") return value >= operand
  return false
}

/** "d.o.o. ili j.d.o.o.", "a, b or c": a branch's condition reads as a sentence, not a set. */
function alternatives(values: readonly string[], locale: Locale): string {
  const last = values[values.length - 1] ?? ""
  return values.length < 2 ? last : `${values.slice(0, -1).join(", ")}${locale === "hr" ? " ili " : " or "}${last}`
}

/** "Trajanje puta > 8 sati i < 12 sati": the pack's name for the fact and each condition on it. */
function describeCondition(c: Condition, missing: readonly Dimension[], locale: Locale): string {
  // The condition follows "Ako je" / "If": its label is mid-sentence.
  const given = missing.find((d) => d.factPath === c.path)?.label[locale]
  const label = given === undefined ? undefined : labelInSentence(given)
  const [first, ...rest] = c.leaves
  if (!first) return label ?? c.path
  const condition =
    first.operator === "in" && Array.isArray(first.operand)
      ? `${locale === "en" ? "is " : ""}${alternatives(first.operand.map((v) => formatFactValue(c.path, v, locale)), locale)}`
      : formatCondition(c.path, first.operator, first.operand, locale)
  const head = label
    ? `${label} ${condition}`
    : labelInSentence(first.operator === "in" ? `${factLabel(c.path, locale)} ${condition}` : conditionLabel(c.path, first.operator, first.operand, locale))
  const joiner = locale === "hr" ? " i " : " and "
  return [head, ...rest.map((l) => formatCondition(c.path, l.operator, l.operand, locale))].join(joiner)
}

function satisfyingValue(operator: LeafOperator, operand: Operand): FactValue | undefined {
  if (operator === "eq" && operand !== null && !Array.isArray(operand)) return operand
  if (operator === "in" && Array.isArray(operand)) return operand[0]
  if (typeof operand !== "number") return undefined
  if (operator === "lt") return Math.max(0, operand - 1)
  if (operator === "gt") return operand + 1
  if (operator === "lte" || operator === "gte") return operand
  return undefined
}

/** A copy of the context with one fact set (for hypothetical evaluation only). */
export function withFact(context: EvaluationContext, path: string, value: FactValue): EvaluationContext {
  const copy = plainCopy(context) as unknown as Record<string, unknown>
  const segments = path.split(".")
  let node = copy
  for (const segment of segments.slice(0, -1)) {
    const next = node[segment]
    if (next === null || typeof next !== "object") node[segment] = {}
    node = node[segment] as Record<string, unknown>
  }
  const last = segments[segments.length - 1]
  if (last !== undefined) node[last] = value
  return copy as unknown as EvaluationContext
}
