import type { ApplicabilityPayload, DecisionCoverage } from "../../../src-shared/events/payloads"
import type { RefusalCode } from "../../../src-shared/events/refusals"
import { factLabel, isProfileFact } from "../../knowledge/facts"
import { formatDate } from "../../knowledge/format"
import { answersAttribute } from "../../knowledge/focus-concepts"
import { focusIndex, ruleAttribute } from "../../knowledge/focus-index"
import type { RuleCheck } from "../../knowledge/rule-eligibility"
import { conditionalBranches } from "../branches"
import { buildRefusal } from "../refusal-policy"
import { evaluateRules } from "../rule-evaluation"
import { proceed, stop, type Run, type SyncStage } from "../run"
import type { AnswerFocus, ApplicabilityResult, BranchResult, RetrievalState } from "../state"
import type { Rule } from "../../knowledge/pack-schema"

// APPLICABILITY (seed 001 stage 5): temporal validity and appliesWhen for every retrieved rule,
// each exclusion explained; decision coverage by topic dimensions (seed 003); branches for a
// missing optional dimension.

export function* applicabilityStage(
  run: Run,
  state: RetrievalState,
): SyncStage<ApplicabilityResult> {
  yield run.emit({
    stage: "APPLICABILITY",
    status: "started",
    message: run.t("Provjeravam primjenjivost pravila…", "Checking which rules apply…"),
  })
  const { context, factSources } = state
  const { checks, eligible, inForceByTopic, coverage } = evaluateRules(state, run.index, run.locale)
  const exclusions = checks.flatMap((c) => (c.exclusion ? [c.exclusion] : []))
  const branches: BranchResult[] = []
  const missingDimensions: string[] = []
  for (const covered of coverage) {
    const topic = run.index.topics.get(covered.topic)
    const rules = branchingRules(inForceByTopic.get(covered.topic) ?? [], eligible, state.focus)
    if (!topic || covered.requiredScore < 1) continue
    const missing = topic.dimensions.filter((d) =>
      covered.dimensions.some((e) => e.dimension === d.dimension && !e.resolved && !e.required),
    )
    if (missing.length === 0) continue
    // A missing fact matters only if some value of it would change which rules apply: turnover of
    // EUR 65,000 this year decides registration whatever last year's was.
    const applying = new Set(rules.filter((r) => eligible.includes(r)).map((r) => r.id))
    const split = conditionalBranches(missing, rules, context, factSources, run.locale).filter(
      (branch) => branch.ruleIds.length !== applying.size || branch.ruleIds.some((id) => !applying.has(id)),
    )
    for (const branch of split)
      for (const name of branch.dimension.split(", "))
        if (!missingDimensions.includes(name)) missingDimensions.push(name)
    branches.push(...split)
  }

  const data: ApplicabilityPayload = {
    summary: run.t(
      `Primjenjuje se pravila: ${eligible.length}, isključeno: ${exclusions.length}`,
      `${eligible.length} rule${eligible.length === 1 ? " applies" : "s apply"}, ${exclusions.length} excluded`,
    ),
    eligibleCount: eligible.length,
    ineligibleCount: exclusions.length,
    exclusions,
    eligibleRuleIds: eligible.map((r) => r.id),
    coverage,
    appliesWhenEvaluated: true,
  }
  yield run.emit({ stage: "APPLICABILITY", status: "complete", message: data.summary, data })

  const refusal = decideRefusal(
    run,
    state,
    checks,
    coverage,
    eligible.length > 0 || branches.some((b) => b.rules.length > 0),
  )
  if (refusal) return stop(refusal)
  return proceed({ checks, eligible, exclusions, coverage, branches, missingDimensions })
}

function decideRefusal(
  run: Run,
  state: RetrievalState,
  checks: RuleCheck[],
  coverage: DecisionCoverage[],
  anyEligible: boolean,
) {
  const asOf = state.context.asOf
  const horizon = knowledgeHorizon(run.pack.pack.publishedAt)
  if (asOf > horizon) {
    const detail = run.t(
      `Paket propisa objavljen je ${formatDate(run.pack.pack.publishedAt, "hr")}; za ${formatDate(asOf, "hr")} (nakon ${formatDate(horizon, "hr")}) ne može se tvrditi da će propisi ostati isti.`,
      `The rule pack was published on ${formatDate(run.pack.pack.publishedAt, "en")}; for ${formatDate(asOf, "en")} (after ${formatDate(horizon, "en")}) it cannot say the law will still be the same.`,
    )
    return { outcome: "REFUSAL" as const, ...buildRefusal("FUTURE_LAW_UNCERTAIN", run.locale, { detail }) }
  }
  const missingRequired = coverage.flatMap((c) => c.dimensions.filter((d) => d.required && !d.resolved))
  if (missingRequired.length > 0) {
    const paths = unique(missingRequired.map((d) => d.factPath))
    const code: RefusalCode =
      !state.profileGiven && paths.every(isProfileFact) ? "MISSING_CLIENT_DATA" : "MISSING_REQUIRED_DIMENSION"
    return refusal(run, code, paths)
  }
  if (anyEligible) return undefined
  const missingFacts = unique(
    checks.flatMap((c) =>
      c.failure === "predicate-unknown" && c.exclusion?.factPath ? [c.exclusion.factPath] : [],
    ),
  )
  if (missingFacts.length > 0)
    return refusal(
      run,
      missingFacts.every(isProfileFact) ? "MISSING_CLIENT_DATA" : "MISSING_REQUIRED_DIMENSION",
      missingFacts,
    )
  const pending = checks.filter((c) => isPending(c, run.pack.pack.publishedAt))
  if (pending.length > 0) {
    const detail = pending
      .map(
        (c) =>
          `${run.locale === "hr" ? c.rule.titleHr : c.rule.titleEn} (${c.failure === "proposed" ? run.t("prijedlog", "proposal") : run.t(`od ${formatDate(c.rule.effectiveFrom, "hr")}`, `from ${formatDate(c.rule.effectiveFrom, "en")}`)})`,
      )
      .join("; ")
    return { outcome: "REFUSAL" as const, ...buildRefusal("FUTURE_LAW_UNCERTAIN", run.locale, { detail }) }
  }
  return { outcome: "REFUSAL" as const, ...buildRefusal("NO_CITABLE_RULES", run.locale, { detail: outOfForceDetail(run, checks, asOf) }) }
}

/**
 * Why no retrieved rule answers on the asked day: none in force yet (the first starts later), or
 * all ended before it ("Nagrada za radne rezultate" in 2026: the pack's last rule ended on
 * 31. 12. 2025., and the pack does not say what holds after), or none fits the case.
 */
function outOfForceDetail(run: Run, checks: readonly RuleCheck[], asOf: string): string {
  const laterStarts = checks.filter((c) => c.failure === "date-future").map((c) => c.rule.effectiveFrom)
  const earliest = laterStarts.length > 0 ? laterStarts.reduce((a, b) => (a < b ? a : b)) : undefined
  if (earliest)
    return run.t(
      `Na dan ${formatDate(asOf, "hr")} još nije bilo na snazi nijedno dohvaćeno pravilo (ukupno ${checks.length}); prvo vrijedi od ${formatDate(earliest, "hr")}`,
      `On ${formatDate(asOf, "en")} none of the retrieved rules (${checks.length} in all) was in force yet; the first applies from ${formatDate(earliest, "en")}.`,
    )
  const ends = checks.flatMap((c) => (c.failure === "date-past" && c.rule.effectiveUntil !== null ? [c.rule.effectiveUntil] : []))
  if (ends.length === checks.length && ends.length > 0) {
    const latest = ends.reduce((a, b) => (a > b ? a : b))
    const ended = run.t(
      `Sva dohvaćena pravila (ukupno ${checks.length}) prestala su vrijediti prije ${formatDate(asOf, "hr")}; posljednje je vrijedilo do ${formatDate(latest, "hr")} Paket propisa ${run.pack.id} ${run.pack.version} ne sadrži pravilo za kasnije razdoblje, pa ne odgovaram starim iznosom.`,
      `Every retrieved rule (${checks.length} in all) had ended before ${formatDate(asOf, "en")}; the last applied until ${formatDate(latest, "en")}. Rule pack ${run.pack.id} ${run.pack.version} holds no rule for the later period, so I do not answer with the old figure.`,
    )
    return [ended, ...declaredGaps(run, checks)].join(" ")
  }
  const none = run.t(
    `Nijedno dohvaćeno pravilo (ukupno ${checks.length}) ne primjenjuje se na dan ${formatDate(asOf, "hr")} i na vaš slučaj.`,
    `None of the retrieved rules (${checks.length} in all) applies on ${formatDate(asOf, "en")} to your case.`,
  )
  return [none, ...conditionReasons(run, checks)].join(" ")
}

/**
 * The rules a missing fact may branch over: those answering what was asked, and when a rule of
 * exactly the asked attribute applies whatever the fact, only those. The salary bands of the
 * reduction's amount are no branches of a question about its threshold, which applies to all.
 */
function branchingRules(rules: readonly Rule[], eligible: readonly Rule[], asked: AnswerFocus | undefined): readonly Rule[] {
  if (asked?.attribute === undefined) return rules
  const answering = rules.filter((r) => answersAttribute(asked, ruleAttribute(r)))
  const exact = answering.filter((r) => ruleAttribute(r) === asked.attribute)
  return exact.some((r) => eligible.includes(r)) ? exact : answering
}

/** How many excluded rules the refusal names with the condition that failed. */
const NAMED_CONDITIONS = 3

/**
 * The conditions a client's facts failed, rule by rule: "„Porezno nepriznati dio troškova
 * reprezentacije” vrijedi uz uvjet: Vrsta obrta = obrt – porez na dobit; vaš slučaj: paušalni obrt."
 */
function conditionReasons(run: Run, checks: readonly RuleCheck[]): string[] {
  return checks
    .flatMap((c) => (c.failure === "predicate-false" && c.exclusion !== undefined ? [c.exclusion] : []))
    .slice(0, NAMED_CONDITIONS)
    .map((e) => {
      const condition = `${e.factPath === undefined ? "" : `${factLabel(e.factPath, run.locale)} `}${e.expected}`
      return run.t(`„${e.ruleTitle}” vrijedi uz uvjet: ${condition}; vaš slučaj: ${e.actual}.`, `“${e.ruleTitle}” applies if: ${condition}; your case: ${e.actual}.`)
    })
}

/** Why the pack lacks what the ended rules' subjects would need now, where the pack says why. */
function declaredGaps(run: Run, checks: readonly RuleCheck[]): string[] {
  const { subjects } = focusIndex(run.pack)
  const named = new Set(checks.flatMap((c) => run.index.concepts.get(c.rule.conceptSlug)?.subjects ?? []))
  return [...named].flatMap((id) => {
    const gap = subjects.get(id)?.gap
    return gap ? [gap[run.locale]] : []
  })
}

/**
 * A rule that would apply to this case but is only proposed, or was not yet in force when the pack
 * was published (future law). A rule that was already in force at publication but starts after the
 * asked date is not "future law": the question is about a time before it, and gets NO_CITABLE_RULES.
 */
export function isPending(check: RuleCheck, publishedAt: string): boolean {
  if (check.conditionsHold === false) return false
  return check.failure === "proposed" || (check.failure === "date-future" && check.rule.effectiveFrom > publishedAt)
}

/** How far past its publication a pack may answer: beyond that the law may well have changed. */
const KNOWLEDGE_HORIZON_YEARS = 2

export function knowledgeHorizon(publishedAt: string): string {
  const year = Number(publishedAt.slice(0, 4)) + KNOWLEDGE_HORIZON_YEARS
  return `${String(year).padStart(4, "0")}${publishedAt.slice(4)}`
}

function refusal(run: Run, code: RefusalCode, paths: string[]) {
  const labels = paths.map((p) => factLabel(p, run.locale)).join(", ")
  const extraSteps = [run.t(`Navedite: ${labels}`, `Provide: ${labels}`)]
  return {
    outcome: "REFUSAL" as const,
    ...buildRefusal(code, run.locale, { requiredFields: paths, extraSteps, detail: labels }),
  }
}

function unique(values: string[]): string[] {
  return [...new Set(values)]
}
