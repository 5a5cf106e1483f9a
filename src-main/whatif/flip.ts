import type { DriverValue } from "../../src-shared/events/payloads"
import type { Locale } from "../../src-shared/events/stages"
import type { DriverFlip, FactValue, Localized } from "../../src-shared/whatif"
import type { Operand } from "../knowledge/applies-when"
import { enumerableValues } from "../knowledge/facts"
import { conditionLabel } from "../knowledge/rule-eligibility"
import { factKind, valueText } from "./fact-info"
import { both } from "./localized"

// Flipping a driver: the value on the other side of the condition it decided, chosen so that
// the hypothetical is as close to the real case as the condition allows: the threshold itself
// when the threshold is included (≤, ≥), one cent (or one unit, or one day) past it when it is
// not (<, >); the named value for "=" and "one of"; the first other value for enums; the
// opposite for yes/no; removing the fact for "provided". Each choice says why, in words.

export interface FlipInput {
  factPath: string
  operator: string
  operand: Operand
  held: boolean
  value: DriverValue
}

export type FlipChoice = { ok: true; flip: DriverFlip } | { ok: false; reason: Localized }

type Why =
  | "threshold"
  | "boundary"
  | "cent-above"
  | "cent-below"
  | "unit-above"
  | "unit-below"
  | "day-after"
  | "day-before"
  | "named"
  | "other"
  | "opposite"
  | "removed"
  | "listed"

const WHY: Record<Why, Localized> = {
  threshold: { hr: "sam prag", en: "the threshold itself" },
  boundary: { hr: "sam granični dan", en: "the boundary day itself" },
  "cent-above": {
    hr: "jedan cent iznad praga, najbliži iznos s druge strane",
    en: "one cent above the threshold, the nearest amount on the other side",
  },
  "cent-below": {
    hr: "jedan cent ispod praga, najbliži iznos s druge strane",
    en: "one cent below the threshold, the nearest amount on the other side",
  },
  "unit-above": { hr: "prva vrijednost iznad granice", en: "the first value above the limit" },
  "unit-below": { hr: "prva vrijednost ispod granice", en: "the first value below the limit" },
  "day-after": {
    hr: "dan nakon granice, prvi dan s druge strane",
    en: "the day after the boundary, the first day on the other side",
  },
  "day-before": {
    hr: "dan prije granice, zadnji dan s druge strane",
    en: "the day before the boundary, the last day on the other side",
  },
  named: { hr: "vrijednost koju uvjet navodi", en: "the value the condition names" },
  other: { hr: "prva druga moguća vrijednost", en: "the first other possible value" },
  opposite: { hr: "suprotna vrijednost", en: "the opposite value" },
  removed: {
    hr: "činjenica uklonjena (kao da nije navedena)",
    en: "the fact removed (as if it were not given)",
  },
  listed: { hr: "prva vrijednost s popisa u uvjetu", en: "the first value the condition lists" },
}

export function chooseFlip(input: FlipInput): FlipChoice {
  const target = !input.held
  const picked = pickValue(input, target)
  if (picked === null) return { ok: false, reason: cannotFlip(input) }
  const { value, why } = picked
  const text = valueText(input.factPath, value)
  const explanation = both((locale) => explain(input, target, value, why, locale))
  return { ok: true, flip: { value, text, explanation } }
}

function explain(
  input: FlipInput,
  target: boolean,
  value: FactValue | null,
  why: Why,
  locale: Locale,
): string {
  const condition = conditionLabel(input.factPath, input.operator, input.operand, locale)
  const now = valueText(input.factPath, input.value)[locale]
  const next = valueText(input.factPath, value)[locale]
  const atLimit = why === "threshold" || why === "boundary"
  if (locale === "hr") {
    const limit = atLimit ? (target ? ", koji uvjet uključuje" : ", koji uvjet ne uključuje") : ""
    return `„${condition}” ${input.held ? "vrijedi" : "ne vrijedi"} za ${now}; da ${target ? "vrijedi" : "ne vrijedi"}, uzima se ${next}: ${WHY[why].hr}${limit}.`
  }
  const limit = atLimit
    ? target
      ? ", which the condition includes"
      : ", which the condition leaves out"
    : ""
  return `"${condition}" ${input.held ? "holds" : "does not hold"} for ${now}; to make it ${target ? "hold" : "fail"}, the counterfactual uses ${next}: ${WHY[why].en}${limit}.`
}

function cannotFlip(input: FlipInput): Localized {
  return both((locale) => {
    const condition = conditionLabel(input.factPath, input.operator, input.operand, locale)
    return locale === "hr"
      ? `Za „${condition}” nije moguće odabrati vrijednost s druge strane; upišite točnu vrijednost.`
      : `No value on the other side of "${condition}" can be chosen; set an exact value instead.`
  })
}

function pickValue(input: FlipInput, target: boolean): { value: FactValue | null; why: Why } | null {
  const { operator, operand, factPath } = input
  if (operator === "exists") {
    if (!target) return { value: null, why: "removed" }
    const first = enumerableValues(factPath)?.[0]
    return first === undefined ? null : { value: first, why: "other" }
  }
  if (typeof operand === "number") return numeric(operator, operand, target, factKind(factPath) === "money")
  if (typeof operand === "string" && /^\d{4}-\d{2}-\d{2}$/.test(operand) && factPath === "asOf")
    return dated(operator, operand, target)
  if (operator === "eq" || operator === "neq") {
    if (operand === null || Array.isArray(operand)) return null
    const wantEqual = operator === "eq" ? target : !target
    if (wantEqual) return { value: operand, why: "named" }
    if (typeof operand === "boolean") return { value: !operand, why: "opposite" }
    const other = enumerableValues(factPath)?.find((v) => v !== operand)
    return other === undefined ? null : { value: other, why: "other" }
  }
  if (operator === "in" && Array.isArray(operand)) {
    if (target) {
      const first = operand[0]
      return first === undefined ? null : { value: first, why: "listed" }
    }
    const outside = enumerableValues(factPath)?.find(
      (v) => (typeof v === "string" || typeof v === "number") && !operand.includes(v),
    )
    return outside === undefined ? null : { value: outside, why: "other" }
  }
  return null
}

/** A number on the wanted side of `operator operand`; money steps by a cent, other numbers by one. */
function numeric(
  operator: string,
  operand: number,
  target: boolean,
  money: boolean,
): { value: number; why: Why } | null {
  const step = money ? 0.01 : 1
  const up = { value: round(operand + step), why: (money ? "cent-above" : "unit-above") as Why }
  const down = { value: round(operand - step), why: (money ? "cent-below" : "unit-below") as Why }
  const at = { value: operand, why: "threshold" as Why }
  const side = flipSide(operator, target, true)
  const choice = side === null ? null : { at, above: up, below: down }[side]
  if (choice === null || choice.value < 0) return null
  return choice
}

function dated(operator: string, operand: string, target: boolean): { value: string; why: Why } | null {
  const after = { value: shiftDay(operand, 1), why: "day-after" as Why }
  const before = { value: shiftDay(operand, -1), why: "day-before" as Why }
  const at = { value: operand, why: "boundary" as Why }
  const side = flipSide(operator, target, false)
  return side === null ? null : { at, above: after, below: before }[side]
}

/**
 * Where a value must lie for `value OPERATOR operand` to be `target`: the operand itself, just
 * above it or just below it; null for an operator with no such side (eq/neq only with equality).
 */
function flipSide(operator: string, target: boolean, withEquality: boolean): "at" | "above" | "below" | null {
  switch (operator) {
    case "lte":
      return target ? "at" : "above"
    case "lt":
      return target ? "below" : "at"
    case "gt":
      return target ? "above" : "at"
    case "gte":
      return target ? "at" : "below"
    case "eq":
      return withEquality ? (target ? "at" : "above") : null
    case "neq":
      return withEquality ? (target ? "above" : "at") : null
    default:
      return null
  }
}

function round(value: number): number {
  return Math.round(value * 100) / 100
}

export function shiftDay(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}
