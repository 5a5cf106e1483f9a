import type { FinalAnswerPayload } from "../../../src-shared/events/payloads"
import type { Locale } from "../../../src-shared/events/stages"
import { formatDate, formatRuleValue } from "../../knowledge/format"
import type { LegalBasis, Rule, Verification } from "../../knowledge/pack-schema"
import type { RuleCheck } from "../../knowledge/rule-eligibility"
import { formatCondition, leafValueText } from "../../knowledge/rule-eligibility"
import { factLabel } from "../../knowledge/facts"
import { effectiveOperator } from "../../knowledge/applies-when"
import { assumptionSentence } from "../../../src-shared/assumptions"

// Composes answer text from the rules' own statements and values only: nothing is added that the
// pack does not say, apart from the user's facts the rules were checked against.

// A rule's statement is one sentence that states the value; the longest in the pack (income-tax
// rate ranges, the JOPPD date for occasional awards) run to about 330 characters. Below them the
// headline fell back to "title: value", which reads as a label and repeats the Deadlines list.
const HEADLINE_MAX = 360

type Structured = NonNullable<FinalAnswerPayload["structured"]>

/** "Zakon o porezu na dodanu vrijednost (NN 73/13, 39/22), čl. 38 st. 2", or "… (article not verified)". */
export function legalBasisText(basis: LegalBasis, locale: Locale): string {
  const article = basis.article ?? (locale === "hr" ? "članak nije provjeren" : "article not verified")
  return `${basis.act} (${basis.gazette}), ${article}`
}

export function ruleTitle(rule: Rule, locale: Locale): string {
  return locale === "hr" ? rule.titleHr : rule.titleEn
}

/** Ends a sentence with a full stop when it has no closing punctuation of its own. */
export function sentence(text: string): string {
  return /[.!?…:)]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`
}

export function statementsText(
  rules: readonly Rule[],
  locale: Locale,
  /** Words to put before a rule's sentence (who says it, when sources disagree). */
  attribution?: (rule: Rule) => string | undefined,
): string {
  const seen = new Set<string>()
  const parts: string[] = []
  for (const rule of rules) {
    const statement = sentence(rule.statement[locale])
    if (!seen.has(statement)) {
      seen.add(statement)
      const source = attribution?.(rule)
      parts.push(source ? `${source} ${statement}` : statement)
    }
  }
  return parts.join(" ")
}

/** "Title: value", or the title alone when it already states the value (pack titles often do). */
export function titleWithValue(rule: Rule, locale: Locale): string {
  const title = ruleTitle(rule, locale)
  if (rule.value.type !== "boolean" && /\d/.test(title)) return title
  return `${title}: ${formatRuleValue(rule.value, locale)}`
}

/** The headline answers in the rule's own sentence, which states the value ("Kruh se oporezuje
 *  PDV-om po stopi od 5 %."); a pack without such sentences falls back to "title: value". */
export function headline(rule: Rule, locale: Locale): string {
  const statement = sentence(rule.statement[locale])
  const text = statement.length <= HEADLINE_MAX ? statement : sentence(titleWithValue(rule, locale))
  return text.length <= HEADLINE_MAX ? text : `${text.slice(0, HEADLINE_MAX - 1)}…`
}

/** "Promet 65.000,00 EUR (uvjet: > 60.000,00 EUR)" for each fact of the user an eligible rule's
 *  conditions held by; tells the user which of their facts the answer rests on. A fact bounded on
 *  both sides is named once ("Trajanje puta 10 sati (uvjet: > 8 sati i < 12 sati)"), a fact that
 *  met an equality alone ("Vrsta obrta paušalni obrt"), and only the conditions that made the rule
 *  apply are shown, with any `not` above them applied. */
export function appliedFactsText(
  checks: readonly RuleCheck[],
  winners: readonly Rule[],
  locale: Locale,
): string | undefined {
  const ids = new Set(winners.map((r) => r.id))
  const byPath = new Map<string, { stated: string; conditions: string[] }>()
  for (const check of checks) {
    if (!check.eligible || !ids.has(check.rule.id)) continue
    for (const { leaf, negated } of check.support?.() ?? []) {
      if ((leaf.actual === undefined && leaf.bound === undefined) || leaf.path === "asOf") continue
      const operator = effectiveOperator(leaf.operator, negated)
      const fact = byPath.get(leaf.path) ?? { stated: leafValueText(leaf, locale), conditions: [] }
      // "Vrsta obrta: paušalni obrt (uvjet: = paušalni obrt)" says the fact twice: a fact that
      // met an equality or a list is named alone; a range still shows the bounds it fell within.
      const condition = operator === "eq" || operator === "in" ? undefined : formatCondition(leaf.path, operator, leaf.operand, locale)
      if (condition !== undefined && !fact.conditions.includes(condition)) fact.conditions.push(condition)
      byPath.set(leaf.path, fact)
    }
  }
  if (byPath.size === 0) return undefined
  const and = locale === "hr" ? " i " : " and "
  const parts = [...byPath].map(([path, fact]) => {
    const stated = `${factLabel(path, locale)} ${fact.stated}`
    if (fact.conditions.length === 0) return stated
    return `${stated} (${locale === "hr" ? "uvjet" : "condition"}: ${fact.conditions.join(and)})`
  })
  const text = (locale === "hr" ? "Primijenjeno na vaše podatke: " : "Applied to your facts: ") + parts.join("; ")
  // A value ending in an abbreviation ("d.o.o.") already ends the sentence.
  return text.endsWith(".") ? text : `${text}.`
}

const SCOPE_NOTE_KINDS: ReadonlySet<Rule["kind"]> = new Set(["rate", "fact"])

export function structuredAnswer(rules: readonly Rule[], locale: Locale): Structured {
  const obligations: string[] = []
  const deadlines: string[] = []
  const thresholds: string[] = []
  for (const rule of rules) {
    // On a rate or a plain fact the pack's "obligations" are notes on its scope ("cakes are not
    // covered by this rate"): the answer's limits list them, not its duties.
    if (!SCOPE_NOTE_KINDS.has(rule.kind))
      for (const obligation of rule.obligations)
        if (!obligations.includes(obligation[locale])) obligations.push(obligation[locale])
    const line = titleWithValue(rule, locale)
    if (rule.kind === "deadline") deadlines.push(line)
    if (rule.kind === "threshold") thresholds.push(line)
    // A duty that does not arise ("need not register") is the answer, not an obligation to list.
    const dutyArises = !(rule.value.type === "boolean" && !rule.value.value)
    if (
      rule.kind === "obligation" &&
      dutyArises &&
      rule.obligations.length === 0 &&
      !obligations.includes(rule.statement[locale])
    )
      obligations.push(rule.statement[locale])
  }
  const structured: Structured = {}
  if (obligations.length > 0) structured.obligations = obligations
  if (deadlines.length > 0) structured.deadlines = deadlines
  if (thresholds.length > 0) structured.thresholds = thresholds
  return structured
}

export interface LimitsInput {
  asOf: string
  packId: string
  packVersion: string
  checks: readonly RuleCheck[]
  assumedDefaults: readonly string[]
  /** The cited rules: a fact only one secondary source states is said to be so. */
  cited?: readonly Rule[]
  /** How a cited rule's value is confirmed, as its citations show (knowledge/verification.ts). */
  verificationOf?: (rule: Rule) => Verification | undefined
}

/** What the answer does not cover: the date, the pack, rules left out, changes not yet in force. */
export function answerLimits(input: LimitsInput, locale: Locale): string[] {
  const hr = locale === "hr"
  const limits = [
    hr
      ? `Odgovor opisuje stanje propisa na dan ${formatDate(input.asOf, locale)}`
      : `The answer describes the rules in force on ${formatDate(input.asOf, locale)}`,
    hr
      ? `Temelji se samo na paketu propisa ${input.packId} ${input.packVersion}; nije pravni savjet`
      : `It rests only on rule pack ${input.packId} ${input.packVersion}; it is not legal advice`,
  ]
  const excluded = input.checks.filter((c) => !c.eligible).length
  if (excluded > 0)
    limits.push(
      hr
        ? `Pravila koja se ne primjenjuju na vaš slučaj: ${excluded} (vidi korak Primjenjivost)`
        : `Rules that do not apply to your case: ${excluded} (see the Applicability step)`,
    )
  for (const check of input.checks) {
    if (check.conditionsHold === false) continue
    const title = ruleTitle(check.rule, locale)
    if (check.failure === "date-future")
      limits.push(
        hr
          ? `Nije uključeno, stupa na snagu ${formatDate(check.rule.effectiveFrom, locale)}: ${title}`
          : `Not included, takes effect on ${formatDate(check.rule.effectiveFrom, locale)}: ${title}`,
      )
    if (check.failure === "proposed")
      limits.push(hr ? `Nije uključeno, samo prijedlog: ${title}` : `Not included, only a proposal: ${title}`)
  }
  for (const rule of input.cited ?? [])
    if (SCOPE_NOTE_KINDS.has(rule.kind))
      for (const note of rule.obligations) {
        const line = note[locale].replace(/\.$/, "")
        if (!limits.includes(line)) limits.push(line)
      }
  const verificationOf = input.verificationOf ?? ((rule: Rule) => rule.verification)
  for (const rule of input.cited ?? [])
    if (verificationOf(rule) === "SINGLE_SECONDARY")
      limits.push(
        hr
          ? `Podatak „${ruleTitle(rule, locale)}” potvrđuje samo jedan sekundarni izvor; prije primjene provjerite službeni tekst propisa`
          : `“${ruleTitle(rule, locale)}” is stated by a single secondary source only; check the official text before relying on it`,
      )
  for (const assumption of input.assumedDefaults) limits.push(assumptionSentence(assumption, locale))
  return limits
}
