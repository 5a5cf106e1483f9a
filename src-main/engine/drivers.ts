import type { InteractiveDriver } from "../../src-shared/events/payloads"
import type { Locale, ReasoningStage } from "../../src-shared/events/stages"
import type { Operand } from "../knowledge/applies-when"
import { factLabel, sourceOfFact } from "../knowledge/facts"
import { conditionLabel } from "../knowledge/rule-eligibility"
import type { ApplicabilityResult, RetrievalState } from "./state"

// Interactive drivers (seed 001 §10): the facts the eligible and excluded rules actually read,
// one per (fact, operator, operand), with whether the condition held in this run. Dates are
// always toggleable (any run can be asked for another date); other facts when they came from
// the profile or the question, or are missing from them.

const AFFECTED: ReasoningStage[] = ["APPLICABILITY", "CONFLICTS", "ANALYSIS", "CONFIDENCE"]
export const MAX_DRIVERS = 20

function operandKey(operand: Operand): string {
  return Array.isArray(operand) ? operand.join("|") : String(operand)
}

export function driverId(path: string, operator: string, operand: Operand): string {
  return `fact:${path}:${operator}:${operandKey(operand)}`
}

export function interactiveDrivers(
  locale: Locale,
  state: RetrievalState,
  applicability: ApplicabilityResult,
): InteractiveDriver[] {
  const drivers = new Map<string, InteractiveDriver>()
  const add = (
    path: string,
    operator: string,
    operand: Operand,
    held: boolean,
    value: InteractiveDriver["factValue"],
    ruleId: string,
  ) => {
    const id = driverId(path, operator, operand)
    const existing = drivers.get(id)
    if (existing) {
      if (!existing.ruleIds.includes(ruleId)) existing.ruleIds.push(ruleId)
      return
    }
    if (drivers.size >= MAX_DRIVERS) return
    const source = sourceOfFact(path, value !== null, state.factSources)
    drivers.set(id, {
      id,
      label: conditionLabel(path, operator, operand, locale),
      currentValue: held,
      canToggle: path === "asOf" || source !== "assumed_default",
      affectedStages: AFFECTED,
      factPath: path,
      factValue: value,
      factSource: source,
      condition: { operator, operand },
      ruleIds: [ruleId],
    })
  }
  const asOf = state.context.asOf
  for (const check of applicability.checks)
    for (const leaf of check.leaves)
      add(leaf.path, leaf.operator, leaf.operand, leaf.outcome === true, leaf.actual ?? null, check.rule.id)
  // Validity boundaries: the start of every rule that applies, and the boundary each rule excluded
  // by date missed, so "what if it were before 1.1.2025?" is one toggle.
  for (const check of applicability.checks) {
    const rule = check.rule
    if (check.eligible) add("asOf", "gte", rule.effectiveFrom, true, asOf, rule.id)
    if (check.failure === "date-future") add("asOf", "gte", rule.effectiveFrom, false, asOf, rule.id)
    if (check.failure === "date-past" && rule.effectiveUntil)
      add("asOf", "lte", rule.effectiveUntil, false, asOf, rule.id)
  }
  for (const coverage of applicability.coverage)
    for (const dimension of coverage.dimensions) {
      const id = driverId(dimension.factPath, "exists", null)
      if ([...drivers.values()].some((d) => d.factPath === dimension.factPath) || drivers.has(id)) continue
      const dependents = state.rules
        .filter((r) => r.dimensions.includes(dimension.dimension))
        .map((r) => r.id)
      for (const ruleId of dependents)
        add(dimension.factPath, "exists", null, dimension.resolved, dimension.value ?? null, ruleId)
      const driver = drivers.get(id)
      if (driver) driver.label = `${factLabel(dimension.factPath, locale)} ${dimension.resolved ? "✓" : "?"}`
    }
  return [...drivers.values()]
}
