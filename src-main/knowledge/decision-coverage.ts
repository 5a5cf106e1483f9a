import type { EvaluationContext, FactSource } from "../../src-shared/context"
import type { DecisionCoverage, DimensionCoverage } from "../../src-shared/events/payloads"
import type { FactBound } from "../../src-shared/context"
import { predicateLeaves } from "./applies-when"
import { decideByBound, readBound } from "./fact-bounds"
import { readFact, sourceOfFact } from "./facts"
import type { Rule, Topic } from "./pack-schema"

// Decision coverage (seed 003): for each topic, the dimensions its rules depend on and whether
// the evaluation context resolves them. requiredScore < 1 refuses; a missing optional dimension
// makes a conditional answer.

export function topicCoverage(
  topic: Topic,
  rules: readonly Rule[],
  context: EvaluationContext,
  factSources: Record<string, FactSource>,
): DecisionCoverage {
  const used = new Set<string>()
  for (const rule of rules) for (const dimension of rule.dimensions) used.add(dimension)
  const dimensions: DimensionCoverage[] = []
  for (const dimension of topic.dimensions) {
    if (!used.has(dimension.dimension)) continue
    const value = readFact(context, dimension.factPath)
    const bound = value === undefined ? readBound(context, dimension.factPath) : undefined
    const settled = bound !== undefined && boundSettles(rules, dimension.factPath, bound)
    const entry: DimensionCoverage = {
      dimension: dimension.dimension,
      factPath: dimension.factPath,
      required: dimension.required,
      resolved: value !== undefined || settled,
    }
    if (value !== undefined) entry.value = value
    if (value !== undefined || settled) entry.source = sourceOfFact(dimension.factPath, true, factSources)
    dimensions.push(entry)
  }
  const required = dimensions.filter((d) => d.required)
  const score = (list: DimensionCoverage[]) =>
    list.length === 0 ? 1 : Math.round((list.filter((d) => d.resolved).length / list.length) * 1000) / 1000
  return { topic: topic.id, requiredScore: score(required), totalScore: score(dimensions), dimensions }
}

/**
 * Does a stated bound ("više od 12 sati") decide every condition the topic's rules put on the
 * fact? Then the fact is as good as given: "> 12 h" settles both per-diem bands, "> 10 h" does not,
 * and the answer stays conditional on it.
 */
function boundSettles(rules: readonly Rule[], path: string, bound: FactBound): boolean {
  return rules.every((rule) =>
    rule.appliesWhen === undefined
      ? true
      : predicateLeaves(rule.appliesWhen)
          .filter((leaf) => leaf.path === path)
          .every((leaf) => decideByBound(leaf.operator, leaf.operand, bound) !== "unknown"),
  )
}
