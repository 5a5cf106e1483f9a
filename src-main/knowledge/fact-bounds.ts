import type { EvaluationContext, FactBound } from "../../src-shared/context"
import type { Locale } from "../../src-shared/events/stages"
import { formatFactValue } from "./facts"

// A question often states a measure as a bound, not a figure: "službeni put duži od 12 sati",
// "a trip of more than 12 hours". Read as a figure it would be a guess; ignored, the answer asks
// for a fact the user already gave. A bound decides a rule's condition on the same measure when
// every value it allows decides it the same way: "> 12 h" makes "> 12 h" true and "> 8 h and
// < 12 h" false, while "> 10 h" leaves both open. Conditions on other facts are not touched.

export type BoundOperator = FactBound["operator"]

/** The context fact that holds a measure's bound: `query.tripHours` is bounded by `query.tripHoursBound`. */
const BOUND_PATHS: Readonly<Record<string, (context: EvaluationContext) => FactBound | undefined>> = {
  "query.tripHours": (context) => context.query?.tripHoursBound,
}

/** The bound the question states on the fact at `path`, if any. */
export function readBound(context: EvaluationContext, path: string): FactBound | undefined {
  return BOUND_PATHS[path]?.(context)
}

/** An interval of numbers; an absent end is unbounded. */
interface Interval {
  low?: { value: number; inclusive: boolean }
  high?: { value: number; inclusive: boolean }
}

function intervalOf(operator: BoundOperator, value: number): Interval {
  if (operator === "gt" || operator === "gte") return { low: { value, inclusive: operator === "gte" } }
  return { high: { value, inclusive: operator === "lte" } }
}

/** Does every value of `inner` lie in `outer`? */
function contains(outer: Interval, inner: Interval): boolean {
  const lowOk =
    outer.low === undefined ||
    (inner.low !== undefined &&
      (inner.low.value > outer.low.value ||
        (inner.low.value === outer.low.value && (outer.low.inclusive || !inner.low.inclusive))))
  const highOk =
    outer.high === undefined ||
    (inner.high !== undefined &&
      (inner.high.value < outer.high.value ||
        (inner.high.value === outer.high.value && (outer.high.inclusive || !inner.high.inclusive))))
  return lowOk && highOk
}

/** Do two intervals share no value? */
function disjoint(a: Interval, b: Interval): boolean {
  const below = (high: Interval["high"], low: Interval["low"]): boolean =>
    high !== undefined &&
    low !== undefined &&
    (high.value < low.value || (high.value === low.value && !(high.inclusive && low.inclusive)))
  return below(a.high, b.low) || below(b.high, a.low)
}

/**
 * A condition `operator operand` on a bounded measure: true when every value the bound allows
 * meets it, false when none does, "unknown" otherwise (and for conditions that are not numeric
 * comparisons, which a bound cannot settle).
 */
export function decideByBound(operator: string, operand: unknown, bound: FactBound): boolean | "unknown" {
  if (typeof operand !== "number") return "unknown"
  const allowed = intervalOf(bound.operator, bound.value)
  if (operator === "eq" || operator === "neq") {
    const point: Interval = { low: { value: operand, inclusive: true }, high: { value: operand, inclusive: true } }
    if (!disjoint(allowed, point)) return "unknown"
    return operator === "neq"
  }
  if (operator !== "gt" && operator !== "gte" && operator !== "lt" && operator !== "lte") return "unknown"
  const condition = intervalOf(operator, operand)
  if (contains(condition, allowed)) return true
  if (disjoint(condition, allowed)) return false
  return "unknown"
}

const BOUND_WORDS: Record<BoundOperator, Record<Locale, string>> = {
  gt: { hr: "više od", en: "more than" },
  gte: { hr: "najmanje", en: "at least" },
  lt: { hr: "manje od", en: "less than" },
  lte: { hr: "najviše", en: "at most" },
}

/** "više od 12 sati" / "more than 12 hours": the bound as the user stated it. */
export function formatBound(path: string, bound: FactBound, locale: Locale): string {
  return `${BOUND_WORDS[bound.operator][locale]} ${formatFactValue(path, bound.value, locale)}`
}
