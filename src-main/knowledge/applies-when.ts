import type { EvaluationContext, FactBound } from "../../src-shared/context"
import { decideByBound, readBound } from "./fact-bounds"
import { readFact, type FactValue } from "./facts"
import type { Predicate } from "./pack-schema"

// The appliesWhen evaluator (seed 003 DSL). Three-valued: a comparison on an absent fact is
// "unknown" rather than false, so `not` over a missing fact does not silently become true.
// Every leaf is evaluated (no short-circuit) because the what-if drivers need every fact a rule
// read, and the cost is a handful of comparisons per rule.

export type Truth = true | false | "unknown"
export type LeafOperator = "eq" | "neq" | "lt" | "lte" | "gt" | "gte" | "in" | "exists"
export type Operand = FactValue | Array<string | number> | null

export interface LeafResult {
  path: string
  operator: LeafOperator
  operand: Operand
  actual: FactValue | undefined
  /** The bound the question stated on the fact, when it gave no exact value (fact-bounds.ts). */
  bound?: FactBound
  outcome: Truth
}

/** The leaf that decided a false or unknown outcome, and whether a `not` sits above it. */
export interface DecidingLeaf {
  leaf: LeafResult
  negated: boolean
}

export interface PredicateEvaluation {
  outcome: Truth
  /** Every leaf evaluated, in predicate order. */
  leaves: LeafResult[]
  deciding?: DecidingLeaf
}

export type FactLookup = (path: string) => FactValue | undefined
export type BoundLookup = (path: string) => FactBound | undefined

const NO_BOUNDS: BoundLookup = () => undefined

/**
 * For a predicate that holds, the leaves it holds by: every child of an `and`, the first true
 * child of an `or`, and under a `not` the leaves that made its inside false (with `negated` set),
 * so a leaf of an `or` that did not decide, or one a `not` turned around, is never shown as having
 * held. Empty when the predicate does not hold. Computed on demand (only for the rules an answer
 * rests on), not during every rule's evaluation.
 */
export function supportingLeaves(predicate: Predicate, context: EvaluationContext): DecidingLeaf[] {
  const lookup: FactLookup = (path) => readFact(context, path)
  const node = settle(predicate, lookup, (path) => readBound(context, path), false)
  return node.outcome === true ? node.leaves : []
}

function settle(
  p: Predicate,
  lookup: FactLookup,
  bounds: BoundLookup,
  negated: boolean,
): { outcome: Truth; leaves: DecidingLeaf[] } {
  if ("and" in p || "or" in p) {
    const isAnd = "and" in p
    const results = ("and" in p ? p.and : p.or).map((child) => settle(child, lookup, bounds, negated))
    const hit = results.find((r) => r.outcome === !isAnd)
    if (hit) return hit
    if (results.some((r) => r.outcome === "unknown")) return { outcome: "unknown", leaves: [] }
    return { outcome: isAnd, leaves: results.flatMap((r) => r.leaves) }
  }
  if ("not" in p) {
    const inner = settle(p.not, lookup, bounds, !negated)
    return { outcome: inner.outcome === "unknown" ? "unknown" : !inner.outcome, leaves: inner.leaves }
  }
  const leaf = evaluateLeaf(p, lookup, bounds)
  return { outcome: leaf.outcome, leaves: leaf.outcome === "unknown" ? [] : [{ leaf, negated }] }
}

export function evaluateAppliesWhen(predicate: Predicate, context: EvaluationContext): PredicateEvaluation {
  return evaluatePredicate(predicate, (path) => readFact(context, path), (path) => readBound(context, path))
}

export function evaluatePredicate(
  predicate: Predicate,
  lookup: FactLookup,
  bounds: BoundLookup = NO_BOUNDS,
): PredicateEvaluation {
  const leaves: LeafResult[] = []
  const node = evaluateNode(predicate, { lookup, bounds, leaves }, false)
  return { outcome: node.outcome, leaves, deciding: node.outcome === true ? undefined : node.deciding }
}

interface NodeResult {
  outcome: Truth
  /** Explains a false or unknown outcome of this node. */
  deciding?: DecidingLeaf
  /** Explains a true outcome (used when a `not` above turns it false). */
  witness?: DecidingLeaf
}

/** What a predicate is evaluated with, and where its leaves are collected. */
interface Walk {
  lookup: FactLookup
  bounds: BoundLookup
  leaves: LeafResult[]
}

function evaluateNode(p: Predicate, walk: Walk, negated: boolean): NodeResult {
  if ("and" in p) return combine(p.and, true, walk, negated)
  if ("or" in p) return combine(p.or, false, walk, negated)
  if ("not" in p) {
    const inner = evaluateNode(p.not, walk, !negated)
    if (inner.outcome === "unknown") return { outcome: "unknown", deciding: inner.deciding }
    return inner.outcome
      ? { outcome: false, deciding: inner.witness }
      : { outcome: true, witness: inner.deciding }
  }
  const leaf = evaluateLeaf(p, walk.lookup, walk.bounds)
  walk.leaves.push(leaf)
  const self = { leaf, negated }
  return leaf.outcome === true ? { outcome: true, witness: self } : { outcome: leaf.outcome, deciding: self }
}

/** `and` (all) or `or` (any) in three-valued logic; the first decisive child explains the result. */
function combine(children: Predicate[], isAnd: boolean, walk: Walk, negated: boolean): NodeResult {
  const results = children.map((child) => evaluateNode(child, walk, negated))
  const decisive = isAnd ? false : true
  const hit = results.find((r) => r.outcome === decisive)
  if (hit) return isAnd ? { outcome: false, deciding: hit.deciding } : { outcome: true, witness: hit.witness }
  const unknown = results.find((r) => r.outcome === "unknown")
  if (unknown) return { outcome: "unknown", deciding: unknown.deciding }
  if (isAnd) return { outcome: true, witness: results[0]?.witness }
  return { outcome: false, deciding: results[0]?.deciding }
}

function evaluateLeaf(p: Predicate, lookup: FactLookup, bounds: BoundLookup): LeafResult {
  if ("exists" in p) {
    const actual = lookup(p.exists)
    return { path: p.exists, operator: "exists", operand: null, actual, outcome: actual !== undefined }
  }
  const [operator, path, operand] = leafParts(p)
  const actual = lookup(path)
  if (actual === undefined) {
    // A stated bound ("više od 12 sati") may settle the condition where no exact value is known.
    const bound = bounds(path)
    if (bound === undefined) return { path, operator, operand, actual, outcome: "unknown" }
    return { path, operator, operand, actual, bound, outcome: decideByBound(operator, operand, bound) }
  }
  return { path, operator, operand, actual, outcome: compare(operator, actual, operand) }
}

function leafParts(p: Predicate): [LeafOperator, string, Operand] {
  if ("eq" in p) return ["eq", p.eq[0], p.eq[1]]
  if ("neq" in p) return ["neq", p.neq[0], p.neq[1]]
  if ("lt" in p) return ["lt", p.lt[0], p.lt[1]]
  if ("lte" in p) return ["lte", p.lte[0], p.lte[1]]
  if ("gt" in p) return ["gt", p.gt[0], p.gt[1]]
  if ("gte" in p) return ["gte", p.gte[0], p.gte[1]]
  if ("in" in p) return ["in", p.in[0], p.in[1]]
  throw new Error(`unknown predicate ${JSON.stringify(p)}`)
}

function compare(operator: LeafOperator, actual: FactValue, operand: Operand): boolean {
  switch (operator) {
    case "eq":
      return actual === operand
    case "neq":
      return actual !== operand
    case "in":
      return (
        Array.isArray(operand) &&
        (typeof actual === "string" || typeof actual === "number") &&
        operand.includes(actual)
      )
    case "exists":
      return true
    default: {
      // Ordering compares numbers with numbers and ISO dates with ISO dates; mixed types never hold.
      if (typeof actual !== typeof operand || (typeof actual !== "number" && typeof actual !== "string"))
        return false
      const a = actual as number | string
      const b = operand as number | string
      if (operator === "lt") return a < b
      if (operator === "lte") return a <= b
      if (operator === "gt") return a > b
      return a >= b
    }
  }
}

/** The operator a leaf effectively asserts once a `not` above it is taken into account. */
export function effectiveOperator(operator: LeafOperator, negated: boolean): string {
  if (!negated) return operator
  const flipped: Record<LeafOperator, string> = {
    eq: "neq",
    neq: "eq",
    lt: "gte",
    lte: "gt",
    gt: "lte",
    gte: "lt",
    in: "notIn",
    exists: "notExists",
  }
  return flipped[operator]
}

/** The comparison leaves of a predicate, read statically (no context needed). */
export function predicateLeaves(
  predicate: Predicate,
): Array<{ path: string; operator: LeafOperator; operand: Operand }> {
  if ("and" in predicate) return predicate.and.flatMap(predicateLeaves)
  if ("or" in predicate) return predicate.or.flatMap(predicateLeaves)
  if ("not" in predicate) return predicateLeaves(predicate.not)
  if ("exists" in predicate) return [{ path: predicate.exists, operator: "exists", operand: null }]
  const [operator, path, operand] = leafParts(predicate)
  return [{ path, operator, operand }]
}
