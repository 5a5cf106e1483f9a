import type { EvaluationContext } from "../../../src-shared/context"
import type { TerminalPayload } from "../../../src-shared/events/event"
import type { FinalAnswerPayload } from "../../../src-shared/events/payloads"
import { AUTHORITY_RANK } from "../../../src-shared/events/stages"
import { formatBound, readBound } from "../../knowledge/fact-bounds"
import { factLabel } from "../../knowledge/facts"
import { formatRuleValue, labelInSentence } from "../../knowledge/format"
import { ruleAttribute } from "../../knowledge/focus-index"
import type { Rule } from "../../knowledge/pack-schema"
import type { Run } from "../run"
import type { ApplicabilityResult, BranchResult, ConflictResult, RetrievalState } from "../state"
import { buildCitations } from "./citations"
import { citedVerification } from "../../knowledge/verification"
import { answerLimits, appliedFactsText, headline, legalBasisText, sentence, statementsText, structuredAnswer } from "./compose"

// The terminal answer: ANSWER, QUALIFIED_ANSWER (unresolved conflict disclosed) or
// CONDITIONAL_ANSWER (a missing optional dimension, one branch per value).

export function buildAnswer(
  run: Run,
  state: RetrievalState,
  applicability: ApplicabilityResult,
  conflicts: ConflictResult,
): TerminalPayload {
  const rules = orderRules(state, conflicts.winners)
  const proposed = (ruleId: string | undefined) => ruleId !== undefined && run.index.rules.get(ruleId)?.certainty === "PROPOSED"
  const branchRules = uniqueRules(applicability.branches.flatMap((b) => b.rules))
  // Without rules that apply regardless, cite the branches' rules in branch order.
  const cited = rules.length > 0 ? rules : branchRules
  const primary = rules[0]
  const base: FinalAnswerPayload = {
    asOfDate: state.context.asOf,
    answerHr: composeText("hr", rules, applicability, conflicts, missingFacts(run, applicability, state.context, "hr"), run.locale === "hr", proposed),
    headline: disputedHeadline(primary, conflicts) ?? (primary ? headline(primary, run.locale) : dependsHeadline(run, applicability, state.context)),
    structured: structuredAnswer(agreeingRules(rules, conflicts), run.locale),
    citations: buildCitations(run.index, cited),
    limits: answerLimits(
      {
        asOf: state.context.asOf,
        packId: run.pack.id,
        packVersion: run.pack.version,
        checks: applicability.checks,
        assumedDefaults: state.assumedDefaults,
        cited,
        verificationOf: (rule) => citedVerification(run.index, rule),
      },
      run.locale,
    ),
    appliesWhenEvaluated: true,
    eligibleRuleCount: uniqueRules([...rules, ...branchRules]).length,
  }
  const resting = primary ?? branchRules[0]
  if (resting) base.primaryRuleId = resting.id
  if (resting?.legalBasis) base.legalBasis = legalBasisText(resting.legalBasis, run.locale)
  if (run.locale === "en") base.answerEn = composeText("en", rules, applicability, conflicts, missingFacts(run, applicability, state.context, "en"), true, proposed)
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
    // A proposed change beside an enacted rule is no disagreement between sources: the sources
    // agree on the law and report a proposal nobody has confirmed as enacted.
    const onlyProposals = conflicts.unresolved.every((c) => proposed(c.sourceA.ruleId) || proposed(c.sourceB.ruleId))
    const caveats = [
      onlyProposals
        ? run.t(
            "Uz doneseni propis postoji prijedlog izmjene za koji izvori ne potvrđuju da je donesen; odgovor navodi oboje.",
            "Beside the enacted rule there is a proposed change the sources do not confirm as enacted; the answer states both.",
          )
        : run.t(
            "Izvori jednakog autoriteta se ne slažu; odgovor navodi oba stajališta.",
            "Sources of equal authority disagree; the answer states both positions.",
          ),
    ]
    return { outcome: "QUALIFIED_ANSWER", ...base, conflictWarnings, caveats }
  }
  return { outcome: "ANSWER", ...base }
}

/**
 * When the primary rule is one side of an unresolved conflict, the headline states the
 * disagreement (the conflict's own description, with both values), never one side as fact:
 * "10 %" for revenue of exactly EUR 1,000,000 is what one source says, not the answer.
 */
function disputedHeadline(primary: Rule | undefined, conflicts: ConflictResult): string | undefined {
  if (primary === undefined) return undefined
  return conflicts.unresolved.find((c) => c.ruleIds.includes(primary.id))?.description
}

/** "Prema izvoru Mibra:" before the sentence of a rule on one side of an unresolved conflict. */
function disputedSource(rule: Rule, conflicts: ConflictResult, locale: "hr" | "en"): string | undefined {
  for (const conflict of conflicts.unresolved)
    for (const side of [conflict.sourceA, conflict.sourceB])
      if (side.ruleId === rule.id) return locale === "hr" ? `Prema izvoru ${side.name}:` : `According to ${side.name}:`
  return undefined
}

/**
 * The answer's body, composed rather than concatenated: the headline (the primary rule's own
 * sentence) is not repeated; the other rules that apply each say their sentence once; a
 * conditional answer names what it depends on (its branches are listed apart, once); a conflict
 * is named once; the user's facts the rules were checked against close the text.
 */
function composeText(
  locale: "hr" | "en",
  rules: Rule[],
  applicability: ApplicabilityResult,
  conflicts: ConflictResult,
  missing: MissingFacts,
  /** The headline is in this language: do not say its sentence again. In an English run the
   *  Croatian answer still states everything, since no Croatian headline stands above it. */
  belowHeadline: boolean,
  /** Is this rule only a proposal (not confirmed as enacted)? */
  proposed: (ruleId: string | undefined) => boolean,
): string {
  const parts: string[] = []
  // A disputed primary rule does not stand in the headline (disputedHeadline): its sentence stays.
  const disputed = new Set(conflicts.unresolved.flatMap((c) => c.ruleIds))
  const headlineText =
    rules[0] && belowHeadline && !disputed.has(rules[0].id) ? sentence(rules[0].statement[locale]) : undefined
  const others = statementsText(
    rules.filter((r) => sentence(r.statement[locale]) !== headlineText),
    locale,
    (rule) => disputedSource(rule, conflicts, locale),
  )
  if (others) parts.push(others)
  // The conflict warnings state a disagreement with both sides and the practical resolution,
  // right under this text in every view. The body names it only to frame a contradicting
  // statement it carries; alone, it would just repeat the warning.
  if (others)
    for (const conflict of conflicts.unresolved) {
      const proposal = [conflict.sourceA, conflict.sourceB].find((side) => proposed(side.ruleId))
      parts.push(
        proposal
          ? locale === "hr"
            ? `Predložena je izmjena (izvor: ${proposal.name}); izvori ne potvrđuju da je donesena.`
            : `A change has been proposed (source: ${proposal.name}); the sources do not confirm it was enacted.`
          : locale === "hr"
            ? `Izvori se ne slažu: ${conflict.sourceA.name} i ${conflict.sourceB.name}.`
            : `The sources disagree: ${conflict.sourceA.name} and ${conflict.sourceB.name}.`,
      )
    }
  const { labels, bounded } = missing
  if (applicability.branches.length === 1) {
    // One possibility: there is no choice to list, only a limit to state. The pack's rule holds
    // for that case; for any other it has none, and the answer must not be read as covering it.
    parts.push(
      locale === "hr"
        ? `Paket propisa ima pravilo samo za taj slučaj (podatak „${labels}” nije ${bounded ? "točno " : ""}naveden); za druge slučajeve pravila nema, pa ovaj odgovor za njih ne vrijedi.`
        : `The rule pack has a rule for that case only (${labelInSentence(labels)} was not given${bounded ? " exactly" : ""}); it has none for other cases, so this answer does not hold for them.`,
    )
  } else if (applicability.branches.length > 1) {
    parts.push(
      locale === "hr"
        ? `Odgovor ovisi o podatku koji nije ${bounded ? "točno " : ""}naveden (${labels}); mogućnosti su navedene ispod.`
        : `The answer depends on a fact that was not given${bounded ? " exactly" : ""} (${labels}); the possibilities are listed below.`,
    )
  }
  const applied = appliedFactsText(applicability.checks, rules, locale)
  if (applied) parts.push(applied)
  return parts.join(" ")
}

/** The missing facts in the pack's own words for the topic ("Prihod u poreznom razdoblju"). */
interface MissingFacts {
  labels: string
  /** The question bounded one of them ("više od 10 sati"): it was given, only not exactly. */
  bounded: boolean
}

function missingFacts(run: Run, applicability: ApplicabilityResult, context: EvaluationContext, locale: "hr" | "en"): MissingFacts {
  let bounded = false
  const label = (branch: BranchResult) => {
    const topic = branch.rules[0] ? run.index.topics.get(run.index.concepts.get(branch.rules[0].conceptSlug)?.topic ?? "") : undefined
    const dimension = topic?.dimensions.find((d) => d.factPath === branch.factPath)
    const name = dimension?.label[locale] ?? factLabel(branch.factPath, locale)
    // "Trajanje puta: više od 10 sati": what the question said, which leaves the bands open.
    const bound = readBound(context, branch.factPath)
    if (bound === undefined) return name
    bounded = true
    return `${name}: ${formatBound(branch.factPath, bound, locale)}`
  }
  const labels = [...new Set(applicability.branches.map(label))].join(", ")
  return { labels, bounded }
}

/** A conditional answer's headline: what it depends on and the values it can take, once each. */
function dependsHeadline(run: Run, applicability: ApplicabilityResult, context: EvaluationContext): string {
  const { labels, bounded } = missingFacts(run, applicability, context, run.locale)
  const values = [
    ...new Set(applicability.branches.flatMap((b) => (b.rules[0] ? [formatRuleValue(b.rules[0].value, run.locale)] : []))),
  ]
  const [only] = applicability.branches
  // One possibility only: say it, with the condition it needs.
  if (applicability.branches.length === 1 && only) return `${only.condition}: ${only.answer}`
  const options = values.length > 1 ? `: ${values.join(run.t(" ili ", " or "))}` : ""
  const exactly = bounded ? run.t("točno ", " exactly") : ""
  // sentence(): a value ending in a Croatian date ("1. 1. 2027.") already ends the sentence.
  return sentence(
    run.t(
      `Odgovor ovisi o podatku koji nije ${exactly}naveden (${labels})${options}`,
      `The answer depends on a fact that was not given${exactly} (${labels})${options}`,
    ),
  )
}

/** The rule the answer rests on: the first rule cited (the first branch's when all are branches). */
export function primaryRule(
  state: RetrievalState,
  applicability: ApplicabilityResult,
  conflicts: ConflictResult,
): Rule | undefined {
  return orderRules(state, conflicts.winners)[0] ?? applicability.branches.flatMap((b) => b.rules)[0]
}

/** Rules of the best-matching concept first, those answering exactly the asked attribute first
 *  ("how much" asked of a concept with a cap and a rate: the cap), then by authority, then id. */
function orderRules(state: RetrievalState, rules: readonly Rule[]): Rule[] {
  const conceptOrder = new Map(state.concepts.map((c, i) => [c.slug, i]))
  const asked = state.focus?.attribute
  const inexact = (rule: Rule) => (asked !== undefined && ruleAttribute(rule) !== asked ? 1 : 0)
  const numbers = state.focus?.numbers
  const otherNumbers = (rule: Rule) =>
    numbers ? (`${rule.titleHr} ${rule.titleEn}`.match(/\d+/g) ?? []).filter((n) => !numbers.includes(n)).length : 0
  return [...rules].sort(
    (a, b) =>
      (conceptOrder.get(a.conceptSlug) ?? 99) - (conceptOrder.get(b.conceptSlug) ?? 99) ||
      inexact(a) - inexact(b) ||
      otherNumbers(a) - otherNumbers(b) ||
      AUTHORITY_RANK[a.authority] - AUTHORITY_RANK[b.authority] ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )
}

/** The primary rule and the rules not on the other side of an unresolved conflict: the
 *  obligations listed must agree with the answer, not with both sides of a disagreement. */
function agreeingRules(rules: readonly Rule[], conflicts: ConflictResult): Rule[] {
  const [primary, ...rest] = rules
  if (!primary) return []
  const disputed = new Set(conflicts.unresolved.flatMap((c) => c.ruleIds))
  // A disputed primary rule is no settled fact either: its deadline or value is not listed as one.
  return [primary, ...rest].filter((r) => !disputed.has(r.id))
}

function uniqueRules(rules: readonly Rule[]): Rule[] {
  const seen = new Set<string>()
  return rules.filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true)))
}
