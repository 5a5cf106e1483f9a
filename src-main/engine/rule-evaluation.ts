import type { DecisionCoverage } from "../../src-shared/events/payloads"
import type { Locale } from "../../src-shared/events/stages"
import { topicCoverage } from "../knowledge/decision-coverage"
import type { PackIndex } from "../knowledge/pack-index"
import type { Rule } from "../knowledge/pack-schema"
import { checkRule, type RuleCheck } from "../knowledge/rule-eligibility"
import type { RetrievalState } from "./state"

// How APPLICABILITY evaluates a run's retrieved rules on its context: every rule checked (validity
// dates, appliesWhen), and the decision coverage of each topic the rules in force belong to. The
// stage and the what-if drivers both call this, so a hypothetical is judged exactly as the run was.

export interface RuleEvaluation {
  checks: RuleCheck[]
  eligible: Rule[]
  /** The rules in force on the date (whatever their conditions), by topic. */
  inForceByTopic: Map<string, Rule[]>
  coverage: DecisionCoverage[]
}

export function evaluateRules(
  state: Pick<RetrievalState, "rules" | "context" | "factSources">,
  index: PackIndex,
  locale: Locale,
): RuleEvaluation {
  const { context, factSources } = state
  const checks = state.rules.map((rule) => checkRule(rule, context, factSources, locale))
  const inForce = checks.filter((c) => c.failure !== "date-future" && c.failure !== "date-past").map((c) => c.rule)
  const inForceByTopic = groupByTopic(index, inForce)
  const coverage: DecisionCoverage[] = []
  for (const [topicId, rules] of inForceByTopic) {
    const topic = index.topics.get(topicId)
    if (!topic) continue
    const covered = topicCoverage(topic, rules, context, factSources)
    if (covered.dimensions.length > 0) coverage.push(covered)
  }
  return { checks, eligible: checks.filter((c) => c.eligible).map((c) => c.rule), inForceByTopic, coverage }
}

function groupByTopic(index: PackIndex, rules: readonly Rule[]): Map<string, Rule[]> {
  const byTopic = new Map<string, Rule[]>()
  for (const rule of rules) {
    const topic = index.concepts.get(rule.conceptSlug)?.topic
    if (!topic) continue
    const list = byTopic.get(topic) ?? []
    list.push(rule)
    byTopic.set(topic, list)
  }
  return byTopic
}
