import type { EvaluationContext, FactSource } from "../../src-shared/context"
import type { RuleExclusion } from "../../src-shared/events/payloads"
import type { Locale } from "../../src-shared/events/stages"
import {
  effectiveOperator,
  evaluateAppliesWhen,
  supportingLeaves,
  type DecidingLeaf,
  type LeafResult,
  type Operand,
  type Truth,
} from "./applies-when"
import { formatBound } from "./fact-bounds"
import { factLabel, formatFactValue, isLocationFact, sourceOfFact, type FactValue } from "./facts"
import { formatDate } from "./format"
import type { Rule } from "./pack-schema"

// Rule eligibility: temporal validity on asOf, certainty, then the appliesWhen predicate, with a
// person-readable explanation of why a rule was excluded.
//
// userCanFix: true when the deciding fact came from the profile or the question (the user can
// correct it) or is missing from them; false for date mismatches (a law not in force on the date
// asked about is not an error to correct) and for facts the engine assumed.

export type EligibilityFailure =
  "date-future" | "date-past" | "proposed" | "predicate-false" | "predicate-unknown"

export interface RuleCheck {
  rule: Rule
  eligible: boolean
  failure?: EligibilityFailure
  exclusion?: RuleExclusion
  /** Leaves of appliesWhen evaluated for this rule (empty when temporal validity already failed). */
  leaves: LeafResult[]
  /** For an eligible rule, the leaves its conditions held by (see supportingLeaves); worked out
   *  only when asked, for the few rules an answer rests on. */
  support?: () => DecidingLeaf[]
  /** For a rule not in force on asOf or only proposed: would its conditions hold? (A future rule
   *  about another item is not a reason to call the law uncertain.) */
  conditionsHold?: Truth
}

export function checkRule(
  rule: Rule,
  context: EvaluationContext,
  factSources: Record<string, FactSource>,
  locale: Locale,
): RuleCheck {
  const asOf = context.asOf
  const title = locale === "hr" ? rule.titleHr : rule.titleEn
  const asOfSource = sourceOfFact("asOf", true, factSources)
  const conditionsHold = (): Truth =>
    rule.appliesWhen ? evaluateAppliesWhen(rule.appliesWhen, context).outcome : true
  if (rule.effectiveFrom > asOf || (rule.effectiveUntil !== null && asOf > rule.effectiveUntil)) {
    const future = rule.effectiveFrom > asOf
    const boundary = future ? rule.effectiveFrom : (rule.effectiveUntil ?? rule.effectiveFrom)
    const expected =
      locale === "hr"
        ? `na snazi ${future ? "od" : "do"} ${formatDate(boundary, locale)}`
        : `in force ${future ? "from" : "until"} ${formatDate(boundary, locale)}`
    return {
      rule,
      eligible: false,
      failure: future ? "date-future" : "date-past",
      leaves: [],
      ...(future ? { conditionsHold: conditionsHold() } : {}),
      exclusion: {
        ruleId: rule.id,
        ruleTitle: title,
        code: "DATE_MISMATCH",
        expected,
        actual: formatDate(asOf, locale),
        source: asOfSource,
        userCanFix: false,
        factPath: "asOf",
        operator: future ? "effectiveFrom" : "effectiveUntil",
      },
    }
  }
  if (rule.certainty === "PROPOSED") {
    return {
      rule,
      eligible: false,
      failure: "proposed",
      leaves: [],
      conditionsHold: conditionsHold(),
      exclusion: {
        ruleId: rule.id,
        ruleTitle: title,
        code: "CONDITION_FALSE",
        expected: locale === "hr" ? "doneseni propis" : "enacted law",
        actual: locale === "hr" ? "samo prijedlog" : "only a proposal",
        source: asOfSource,
        userCanFix: false,
        operator: "certainty",
      },
    }
  }
  const predicate = rule.appliesWhen
  if (!predicate) return { rule, eligible: true, leaves: [] }
  const evaluation = evaluateAppliesWhen(predicate, context)
  if (evaluation.outcome === true || !evaluation.deciding)
    return { rule, eligible: true, leaves: evaluation.leaves, support: () => supportingLeaves(predicate, context) }
  return {
    rule,
    eligible: false,
    failure: evaluation.outcome === "unknown" ? "predicate-unknown" : "predicate-false",
    leaves: evaluation.leaves,
    exclusion: explainLeaf(rule.id, title, evaluation.deciding, factSources, locale),
  }
}

function explainLeaf(
  ruleId: string,
  ruleTitle: string,
  deciding: DecidingLeaf,
  factSources: Record<string, FactSource>,
  locale: Locale,
): RuleExclusion {
  const { leaf, negated } = deciding
  const operator = effectiveOperator(leaf.operator, negated)
  const missing = leaf.actual === undefined && leaf.bound === undefined
  const source = sourceOfFact(leaf.path, !missing, factSources)
  return {
    ruleId,
    ruleTitle,
    code: exclusionCode(leaf, operator),
    expected: formatCondition(leaf.path, operator, leaf.operand, locale),
    actual: leafValueText(leaf, locale),
    source,
    userCanFix: missing || source !== "assumed_default",
    factPath: leaf.path,
    operator,
  }
}

/** What the user gave for a leaf's fact: its value, the bound they stated, or "not provided". */
export function leafValueText(leaf: LeafResult, locale: Locale): string {
  if (leaf.actual !== undefined) return formatFactValue(leaf.path, leaf.actual, locale)
  if (leaf.bound !== undefined) return formatBound(leaf.path, leaf.bound, locale)
  return locale === "hr" ? "nije navedeno" : "not provided"
}

function exclusionCode(leaf: LeafResult, operator: string): RuleExclusion["code"] {
  // A stated bound that settles the condition ("više od 12 sati" against "< 12 sati") is a
  // condition that does not hold, not a missing fact; an unsettled one is still missing.
  if (leaf.actual === undefined && (leaf.bound === undefined || leaf.outcome === "unknown") && operator !== "notExists")
    return "MISSING_CONTEXT"
  if (isLocationFact(leaf.path)) return "JURISDICTION_MISMATCH"
  if ((operator === "lt" || operator === "lte") && typeof leaf.actual === "number")
    return "THRESHOLD_EXCEEDED"
  return "CONDITION_FALSE"
}

const SYMBOLS: Record<string, string> = { eq: "=", neq: "≠", lt: "<", lte: "≤", gt: ">", gte: "≥" }

/** A condition for people: "≤ 60.000,00 EUR", "= obrt", "jedno od: DOO, JDOO", "navedeno". */
export function formatCondition(path: string, operator: string, operand: Operand, locale: Locale): string {
  const value = (v: FactValue) => formatFactValue(path, v, locale)
  const symbol = SYMBOLS[operator]
  if (symbol && operand !== null && !Array.isArray(operand)) return `${symbol} ${value(operand)}`
  const list = Array.isArray(operand) ? operand.map(value).join(", ") : ""
  if (operator === "in") return locale === "hr" ? `jedno od: ${list}` : `one of: ${list}`
  if (operator === "notIn") return locale === "hr" ? `nije jedno od: ${list}` : `none of: ${list}`
  if (operator === "exists") return locale === "hr" ? "navedeno" : "provided"
  return locale === "hr" ? "nije navedeno" : "not provided"
}

/** "Promet ≤ 60.000,00 EUR": a fact and the condition on it, as a label. */
export function conditionLabel(path: string, operator: string, operand: Operand, locale: Locale): string {
  return `${factLabel(path, locale)} ${formatCondition(path, operator, operand, locale)}`
}
