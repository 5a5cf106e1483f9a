import { z } from "zod"
import type { ShadowOutcome, ShadowSide } from "../../src-shared/shadow"
import type { Localized } from "../../src-shared/whatif"
import { formatRuleValue } from "../knowledge/format"
import type { LoadedPack } from "../knowledge/loader"
import type { Rule } from "../knowledge/pack-schema"
import { packFacts } from "./pack-facts"

// What a run answered, in the terms the impact report compares: its outcome and headline, the
// values it states (the rules it cites, read in the pack it ran with, keyed by concept and value
// key as the what-if diff keys them: two rules with one key answer the same thing), the
// obligations it lists, its primary rule, and every rule it met on the way.

/**
 * The part of a terminal event the comparison reads. A recorded terminal is checked against this,
 * not against the whole event schema: the store validated the event when it wrote it, and the
 * whole schema cost a stored run more than a tenth of its shadow (measured).
 */
const AnswerView = z.object({
  stage: z.enum(["ANSWER", "QUALIFIED_ANSWER", "CONDITIONAL_ANSWER"]),
  data: z.object({
    headline: z.string(),
    citations: z.array(z.object({ ruleId: z.string() })),
    primaryRuleId: z.string().optional(),
    structured: z.object({ obligations: z.array(z.string()).optional() }).optional(),
    branches: z.array(z.object({ ruleIds: z.array(z.string()) })).optional(),
  }),
})
const NoAnswerView = z.object({ stage: z.enum(["REFUSAL", "ERROR"]), data: z.object({ message: z.string(), code: z.string().optional() }) })
// Told apart by the stage, not tried in turn: a plain union tried the answer's shape first and
// built its failure for every refusal; this parsed a stored terminal 2–4 times faster (measured).
export const TerminalView = z.discriminatedUnion("stage", [AnswerView, NoAnswerView])

type AnswerView = z.infer<typeof AnswerView>
export type TerminalView = z.infer<typeof TerminalView>

function answerOf(terminal: TerminalView | null): AnswerView | null {
  return terminal !== null && terminal.stage !== "REFUSAL" && terminal.stage !== "ERROR" ? (terminal as AnswerView) : null
}

/** What a run yielded that the comparison reads. */
export interface RunResult {
  /** Its terminal event; null when it stopped at a clarification it had no answer for. */
  terminal: TerminalView | null
  retrievedRuleIds: readonly string[]
  eligibleRuleIds: readonly string[]
}

export interface StatedValue {
  label: Localized
  text: Localized
  /** The yes or no the value says, when every rule under the key is a yes/no rule saying the same. */
  yesNo: boolean | null
}

export interface AnswerFacts {
  side: ShadowSide
  values: ReadonlyMap<string, StatedValue>
  obligations: readonly string[]
  /** Rules the run retrieved, found eligible or cited. */
  touched: ReadonlySet<string>
}

export function answerFacts(result: RunResult, pack: LoadedPack): AnswerFacts {
  const cited = citedRuleIds(result.terminal)
  const touched = new Set([...result.retrievedRuleIds, ...result.eligibleRuleIds, ...cited])
  return {
    side: sideOf(result.terminal),
    values: statedValues(cited, pack),
    obligations: obligationsOf(result.terminal, pack),
    touched,
  }
}

function sideOf(terminal: TerminalView | null): ShadowSide {
  if (terminal === null) return { outcome: "AWAITING_INPUT" satisfies ShadowOutcome, headline: "", primaryRuleId: null }
  const answer = answerOf(terminal)
  if (answer !== null) return { outcome: answer.stage, headline: answer.data.headline, primaryRuleId: answer.data.primaryRuleId ?? null }
  const { stage, data } = terminal as z.infer<typeof NoAnswerView>
  return { outcome: stage, headline: data.message, primaryRuleId: null }
}

/** The rules an answer cites: its citations, its primary rule and its branches' rules. */
function citedRuleIds(terminal: TerminalView | null): string[] {
  const answer = answerOf(terminal)
  if (answer === null) return []
  const ids = answer.data.citations.map((c) => c.ruleId)
  if (answer.data.primaryRuleId !== undefined) ids.push(answer.data.primaryRuleId)
  for (const branch of answer.data.branches ?? []) ids.push(...branch.ruleIds)
  return [...new Set(ids)]
}

function statedValues(ruleIds: readonly string[], pack: LoadedPack): Map<string, StatedValue> {
  const facts = packFacts(pack)
  const byKey = new Map<string, Rule[]>()
  for (const id of ruleIds) {
    const rule = facts.rules.get(id)
    if (rule === undefined) continue
    const key = `${rule.conceptSlug}:${rule.valueKey}`
    byKey.set(key, [...(byKey.get(key) ?? []), rule])
  }
  const out = new Map<string, StatedValue>()
  for (const [key, rules] of byKey) {
    const first = rules[0]
    if (first === undefined) continue
    const text = (locale: "hr" | "en") => [...new Set(rules.map((r) => formatRuleValue(r.value, locale)))].join(" / ")
    const said = new Set(rules.map((r) => (r.value.type === "boolean" ? r.value.value : null)))
    const only = said.size === 1 ? [...said][0] : null
    out.set(key, {
      label: facts.conceptNames.get(first.conceptSlug) ?? { hr: first.titleHr, en: first.titleEn },
      text: { hr: text("hr"), en: text("en") },
      yesNo: typeof only === "boolean" ? only : null,
    })
  }
  return out
}

/** The answer's obligations, without the statements it lists for rules that impose none. */
function obligationsOf(terminal: TerminalView | null, pack: LoadedPack): string[] {
  const listed = answerOf(terminal)?.data.structured?.obligations ?? []
  const { statements, obligations } = packFacts(pack)
  return listed.filter((item) => obligations.has(item) || !statements.has(item))
}
