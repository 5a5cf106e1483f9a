import type { TerminalPayload } from "../../../src-shared/events/event"
import type { FinalAnswerPayload } from "../../../src-shared/events/payloads"
import { AUTHORITY_RANK } from "../../../src-shared/events/stages"
import type { Rule } from "../../knowledge/pack-schema"
import type { Run } from "../run"
import type { ApplicabilityResult, ConflictResult, RetrievalState } from "../state"
import { buildCitations } from "./citations"
import { answerLimits, appliedFactsText, headline, statementsText, structuredAnswer } from "./compose"

// The terminal answer: ANSWER, QUALIFIED_ANSWER (unresolved conflict disclosed) or
// CONDITIONAL_ANSWER (a missing optional dimension, one branch per value).

export function buildAnswer(
  run: Run,
  state: RetrievalState,
  applicability: ApplicabilityResult,
  conflicts: ConflictResult,
): TerminalPayload {
  const rules = orderRules(state, conflicts.winners)
  const branchRules = uniqueRules(applicability.branches.flatMap((b) => b.rules))
  // Without rules that apply regardless, cite the branches' rules in branch order.
  const cited = rules.length > 0 ? rules : branchRules
  const base: FinalAnswerPayload = {
    asOfDate: state.context.asOf,
    answerHr: composeText("hr", rules, applicability, conflicts),
    headline: cited[0]
      ? headline(cited[0], run.locale)
      : run.t("Odgovor ovisi o vašim podacima", "The answer depends on your facts"),
    structured: structuredAnswer(rules, run.locale),
    citations: buildCitations(run.index, cited),
    limits: answerLimits(
      {
        asOf: state.context.asOf,
        packId: run.pack.id,
        packVersion: run.pack.version,
        checks: applicability.checks,
        assumedDefaults: state.assumedDefaults,
      },
      run.locale,
    ),
    appliesWhenEvaluated: true,
    eligibleRuleCount: uniqueRules([...rules, ...branchRules]).length,
  }
  if (run.locale === "en") base.answerEn = composeText("en", rules, applicability, conflicts)
  if (applicability.branches.length > 0) {
    return {
      outcome: "CONDITIONAL_ANSWER",
      ...base,
      branches: applicability.branches.map(({ rules: _rules, conditionText: _text, ...branch }) => branch),
      missingDimensions: applicability.missingDimensions,
      coverage: applicability.coverage,
    }
  }
  if (conflicts.unresolved.length > 0) {
    const conflictWarnings = conflicts.unresolved.map(
      ({ description, sourceA, sourceB, practicalResolution }) =>
        practicalResolution
          ? { description, sourceA, sourceB, practicalResolution }
          : { description, sourceA, sourceB },
    )
    const caveats = [
      run.t(
        "Izvori jednakog autoriteta se ne slažu; odgovor navodi oba stajališta.",
        "Sources of equal authority disagree; the answer states both positions.",
      ),
    ]
    return { outcome: "QUALIFIED_ANSWER", ...base, conflictWarnings, caveats }
  }
  return { outcome: "ANSWER", ...base }
}

function composeText(
  locale: "hr" | "en",
  rules: Rule[],
  applicability: ApplicabilityResult,
  conflicts: ConflictResult,
): string {
  const parts: string[] = []
  if (rules.length > 0) parts.push(statementsText(rules, locale))
  for (const conflict of conflicts.unresolved)
    parts.push(
      locale === "hr"
        ? `Napomena: ${conflict.sourceA.name} i ${conflict.sourceB.name} se razlikuju.`
        : `Note: ${conflict.sourceA.name} and ${conflict.sourceB.name} differ.`,
    )
  if (applicability.branches.length > 0) {
    parts.push(
      locale === "hr"
        ? "Odgovor ovisi o podacima koji nedostaju:"
        : "The answer depends on facts that are missing:",
    )
    for (const branch of applicability.branches) {
      parts.push(`${branch.conditionText[locale]}: ${statementsText(branch.rules, locale)}`)
    }
  }
  const applied = appliedFactsText(applicability.checks, rules, locale)
  if (applied) parts.push(applied)
  return parts.join(" ")
}

/** Rules of the best-matching concept first, then by authority, then by id. */
function orderRules(state: RetrievalState, rules: readonly Rule[]): Rule[] {
  const conceptOrder = new Map(state.concepts.map((c, i) => [c.slug, i]))
  return [...rules].sort(
    (a, b) =>
      (conceptOrder.get(a.conceptSlug) ?? 99) - (conceptOrder.get(b.conceptSlug) ?? 99) ||
      AUTHORITY_RANK[a.authority] - AUTHORITY_RANK[b.authority] ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )
}

function uniqueRules(rules: readonly Rule[]): Rule[] {
  const seen = new Set<string>()
  return rules.filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true)))
}
