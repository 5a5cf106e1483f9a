import { EvaluationContext, type FactSource } from "../../src-shared/context"
import type { DriverValue } from "../../src-shared/events/payloads"
import type { FactKind, FactOption, FactValue, Localized } from "../../src-shared/whatif"
import { enumerableValues, factLabel, formatFactValue, isMoneyFact, isNumberFact, readFact } from "../knowledge/facts"
import { withFact } from "../engine/branches"
import { both } from "./localized"

// What the what-if feature needs to know about a fact beyond the knowledge layer: what kind of
// value it takes (so a flip can step to the other side of a condition), the values it can be set
// to, and how to change it in a context without breaking the contract.

export class WhatIfInputError extends Error {}

export function factKind(path: string): FactKind {
  if (path === "asOf") return "date"
  if (isMoneyFact(path)) return "money"
  if (isNumberFact(path)) return "number"
  const values = enumerableValues(path)
  if (values?.length === 2 && values.includes(true) && values.includes(false)) return "boolean"
  if (values !== undefined) return "enum"
  return "text"
}

export function factOptions(path: string): FactOption[] | undefined {
  const values = enumerableValues(path)
  return values?.map((value) => ({ value, label: valueText(path, value) }))
}

export function labelOf(path: string): Localized {
  return both((locale) => factLabel(path, locale))
}

/** A fact's value in words; "—" (nije navedeno / not provided) when it is absent. */
export function valueText(path: string, value: DriverValue | undefined): Localized {
  if (value === null || value === undefined) return { hr: "nije navedeno", en: "not provided" }
  return both((locale) => formatFactValue(path, value, locale))
}

export function currentValue(context: EvaluationContext, path: string): DriverValue {
  return readFact(context, path) ?? null
}

/**
 * The context with one fact set (null removes it), validated against the contract so that an
 * unknown path or a value of the wrong type is refused with the field named.
 */
export function contextWith(
  context: EvaluationContext,
  path: string,
  value: FactValue | null,
): EvaluationContext {
  const next = value === null ? withoutFact(context, path) : withFact(context, path, value)
  const parsed = EvaluationContext.safeParse(next)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const where = issue?.path.join(".") || path
  if (issue?.code === "unrecognized_keys")
    throw new WhatIfInputError(`${path} is not a fact of the evaluation context`)
  if (where === "entity.type" && path !== "entity.type")
    throw new WhatIfInputError(`${path} needs an entity type: set entity.type as well`)
  throw new WhatIfInputError(
    `${where}: ${issue?.message ?? "invalid value"} (setting ${path} = ${JSON.stringify(value)})`,
  )
}

function withoutFact(context: EvaluationContext, path: string): EvaluationContext {
  const copy = structuredClone(context) as unknown as Record<string, unknown>
  const segments = path.split(".")
  const parents: Array<[Record<string, unknown>, string]> = []
  let node: Record<string, unknown> = copy
  for (const segment of segments.slice(0, -1)) {
    const next = node[segment]
    if (next === null || typeof next !== "object") return context
    parents.push([node, segment])
    node = next as Record<string, unknown>
  }
  const last = segments[segments.length - 1]
  if (last === undefined) return context
  if (path === "asOf") throw new WhatIfInputError("asOf cannot be removed: every run is evaluated on a date")
  delete node[last]
  // Drop objects the removal left empty, so the context reads as if the fact was never given.
  for (let i = parents.length - 1; i >= 0; i--) {
    const entry = parents[i]
    if (!entry) continue
    const [parent, key] = entry
    const child = parent[key]
    if (child !== null && typeof child === "object" && Object.keys(child).length === 0) delete parent[key]
  }
  return copy as unknown as EvaluationContext
}

/** Where a changed fact comes from: it keeps a profile or question origin; an assumed one becomes the user's. */
export function changedSource(previous: FactSource | undefined, path: string): FactSource {
  if (previous === "user_profile" || previous === "query") return previous
  return path.startsWith("query.") || path === "asOf" ? "query" : "user_profile"
}
