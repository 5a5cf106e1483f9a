import type { AnalysisCheckpointPayload, AnalysisPayload } from "../../../src-shared/events/payloads"
import { effectiveOperator } from "../../knowledge/applies-when"
import { factLabel } from "../../knowledge/facts"
import { formatDate } from "../../knowledge/format"
import { countOf } from "../../../src-shared/format/plural"
import type { Rule } from "../../knowledge/pack-schema"
import { formatCondition, leafValueText } from "../../knowledge/rule-eligibility"
import { ruleTitle } from "../answer/compose"
import { proceed, type Run, type SyncStage } from "../run"
import type { AnalysisResult, ApplicabilityResult, ConflictResult, RetrievalState } from "../state"

// ANALYSIS (seed 001 stage 6): one checkpoint per piece of work the earlier stages actually did,
// described with its real numbers: temporal validity, conditions, threshold comparisons, source
// comparison, conflict resolution, coverage. Copy describes actions, not conclusions (seed 001 §9).

const RULES = { hr: { one: "pravilo", few: "pravila", other: "pravila" }, en: { one: "rule", other: "rules" } }
const CONDITIONS = { hr: { one: "uvjet", few: "uvjeta", other: "uvjeta" }, en: { one: "condition", other: "conditions" } }
const CHECKS = { hr: { one: "provjera", few: "provjere", other: "provjera" }, en: { one: "check", other: "checks" } }

export function* analysisStage(
  run: Run,
  state: RetrievalState,
  applicability: ApplicabilityResult,
  conflicts: ConflictResult,
): SyncStage<AnalysisResult> {
  yield run.emit({
    stage: "ANALYSIS",
    status: "started",
    message: run.t("Analiziram pravila…", "Analysing the rules…"),
  })
  let count = 0
  for (const checkpoint of checkpoints(run, state, applicability, conflicts)) {
    count += 1
    yield run.emit({ stage: "ANALYSIS", status: "checkpoint", message: checkpoint.detail, data: checkpoint })
  }
  const bullets =
    applicability.branches.length > 0 && conflicts.winners.length === 0
      ? applicability.branches.map((b) => `${b.condition}: ${b.answer}`)
      : conflicts.winners.map((r) => r.statement[run.locale])
  const comparedSources = sourceNames(run, [...applicability.eligible])
  const data: AnalysisPayload = {
    summary: run.t(
      `Analiza dovršena: ${countOf(count, "hr", CHECKS)}`,
      `Analysis complete: ${countOf(count, "en", CHECKS)}`,
    ),
    bullets: [...new Set(bullets)],
    comparedSources,
  }
  yield run.emit({ stage: "ANALYSIS", status: "complete", message: data.summary, data })
  return proceed({ bullets: data.bullets, comparedSources })
}

/**
 * The checkpoints, in the order the work was done: each kind comes from its own function below,
 * and this order is part of the trace (replayed byte for byte).
 */
function checkpoints(
  run: Run,
  state: RetrievalState,
  applicability: ApplicabilityResult,
  conflicts: ConflictResult,
): AnalysisCheckpointPayload[] {
  return [
    temporalValidity(run, state, applicability),
    ...conditionsEvaluated(run, applicability),
    ...thresholdComparisons(run, applicability),
    ...sourceComparisons(run, applicability),
    ...conflictResolutions(run, conflicts),
    ...dataCoverage(run, applicability),
  ]
}

/** Every rule's validity on the as-of date: always one checkpoint, even with no rules. */
function temporalValidity(
  run: Run,
  state: RetrievalState,
  applicability: ApplicabilityResult,
): AnalysisCheckpointPayload {
  const { checks } = applicability
  const dated = checks.filter((c) => c.failure === "date-future" || c.failure === "date-past")
  return {
    kind: "temporal-validity",
    ruleIds: checks.map((c) => c.rule.id),
    detail: run.t(
      `Provjerena vremenska valjanost ${checks.length} pravila na dan ${formatDate(state.context.asOf, "hr")} (izvan razdoblja važenja: ${dated.length})`,
      `Checked temporal validity of ${checks.length} rules on ${formatDate(state.context.asOf, "en")} (outside their validity period: ${dated.length})`,
    ),
  }
}

/** The rules with conditions, counted with their conditions: one checkpoint, or none. */
function conditionsEvaluated(run: Run, applicability: ApplicabilityResult): AnalysisCheckpointPayload[] {
  const conditional = applicability.checks.filter((c) => c.leaves.length > 0)
  if (conditional.length === 0) return []
  const leafCount = conditional.reduce((n, c) => n + c.leaves.length, 0)
  return [
    {
      kind: "applies-when",
      ruleIds: conditional.map((c) => c.rule.id),
      detail: run.t(
        `Provjereni uvjeti primjene za ${countOf(conditional.length, "hr", RULES)} (${countOf(leafCount, "hr", CONDITIONS)})`,
        `Evaluated the conditions of ${countOf(conditional.length, "en", RULES)} (${countOf(leafCount, "en", CONDITIONS)})`,
      ),
    },
  ]
}

/**
 * One checkpoint per distinct numeric comparison (fact, operator, operand), in the order first
 * met; rules that made the same comparison are added to its rule ids.
 */
function thresholdComparisons(run: Run, applicability: ApplicabilityResult): AnalysisCheckpointPayload[] {
  const comparisons = new Map<string, AnalysisCheckpointPayload>()
  for (const check of applicability.checks)
    for (const leaf of check.leaves) {
      // A stated bound ("više od 12 sati") is compared only where it settled the condition.
      const compared = typeof leaf.actual === "number" || (leaf.bound !== undefined && leaf.outcome !== "unknown")
      if (!compared || typeof leaf.operand !== "number") continue
      const key = `${leaf.path}:${leaf.operator}:${leaf.operand}`
      const existing = comparisons.get(key)
      if (existing) {
        existing.ruleIds.push(check.rule.id)
        continue
      }
      const condition = formatCondition(
        leaf.path,
        effectiveOperator(leaf.operator, false),
        leaf.operand,
        run.locale,
      )
      const actual = leafValueText(leaf, run.locale)
      const held = leaf.outcome === true
      comparisons.set(key, {
        kind: "compare-threshold",
        ruleIds: [check.rule.id],
        detail: run.t(
          `Usporedba: ${factLabel(leaf.path, "hr")} ${actual} prema uvjetu ${condition}: ${held ? "ispunjeno" : "nije ispunjeno"}`,
          `Compared ${factLabel(leaf.path, "en")} ${actual} with the condition ${condition}: ${held ? "met" : "not met"}`,
        ),
      })
    }
  return [...comparisons.values()]
}

/** Eligible rules stating the same value, where two or more sources were compared. */
function sourceComparisons(run: Run, applicability: ApplicabilityResult): AnalysisCheckpointPayload[] {
  const out: AnalysisCheckpointPayload[] = []
  for (const group of agreeingGroups(applicability.eligible)) {
    const names = sourceNames(run, group)
    const [first] = group
    if (names.length < 2 || !first) continue
    out.push({
      kind: "compare-sources",
      ruleIds: group.map((r) => r.id),
      detail: run.t(
        `Uspoređeni izvori za „${ruleTitle(first, "hr")}”: ${names.join(", ")}`,
        `Compared sources on “${ruleTitle(first, "en")}”: ${names.join(", ")}`,
      ),
    })
  }
  return out
}

function conflictResolutions(run: Run, conflicts: ConflictResult): AnalysisCheckpointPayload[] {
  return conflicts.conflicts.map((conflict) => ({
    kind: "resolve-conflict",
    ruleIds: conflict.ruleIds,
    detail:
      conflict.resolution === "UNRESOLVED"
        ? run.t(
            `Sukob izvora nije razriješen (jednak autoritet i datum): ${conflict.sourceA.name} / ${conflict.sourceB.name}`,
            `Conflict left unresolved (equal authority and date): ${conflict.sourceA.name} / ${conflict.sourceB.name}`,
          )
        : run.t(
            `Sukob riješen (${conflict.resolution === "AUTHORITY" ? "viši autoritet" : "kasniji propis"}): prednost ima ${conflict.sourceA.name}`,
            `Conflict resolved (${conflict.resolution === "AUTHORITY" ? "higher authority" : "later rule"}): ${conflict.sourceA.name} prevails`,
          ),
  }))
}

function dataCoverage(run: Run, applicability: ApplicabilityResult): AnalysisCheckpointPayload[] {
  return applicability.coverage.map((coverage) => {
    const resolved = coverage.dimensions.filter((d) => d.resolved).length
    return {
      kind: "coverage",
      ruleIds: [],
      detail: run.t(
        `Pokrivenost podataka za temu „${topicName(run, coverage.topic, "hr")}”: ${resolved}/${coverage.dimensions.length}`,
        `Data coverage for topic “${topicName(run, coverage.topic, "en")}”: ${resolved}/${coverage.dimensions.length}`,
      ),
    }
  })
}

function topicName(run: Run, id: string, locale: "hr" | "en"): string {
  const topic = run.index.topics.get(id)
  return topic ? (locale === "hr" ? topic.nameHr : topic.nameEn) : id
}

/** Eligible rules asserting the same concept + valueKey (two or more): sources compared. */
function agreeingGroups(rules: readonly Rule[]): Rule[][] {
  const groups = new Map<string, Rule[]>()
  for (const rule of rules) {
    const key = `${rule.conceptSlug}\u0000${rule.valueKey}`
    const list = groups.get(key) ?? []
    list.push(rule)
    groups.set(key, list)
  }
  return [...groups.values()].filter((g) => g.length > 1)
}

export function sourceNames(run: Run, rules: readonly Rule[]): string[] {
  const names: string[] = []
  for (const rule of rules)
    for (const evidenceId of rule.evidenceIds) {
      const evidence = run.index.evidence.get(evidenceId)
      const name = evidence ? run.index.sources.get(evidence.sourceId)?.name : undefined
      if (name && !names.includes(name)) names.push(name)
    }
  return names
}
