import { ProfileContext } from "../../src-shared/context"
import type { Locale } from "../../src-shared/events/stages"
import type { RerunOffer, RerunReason } from "../../src-shared/whatif"
import type { RetrievalState } from "../engine/state"
import type { EngineRequest } from "../engine/types"
import { predicateLeaves } from "../knowledge/applies-when"
import { factLabel } from "../knowledge/facts"
import { formatDate } from "../knowledge/format"
import type { LoadedPack } from "../knowledge/loader"
import { packIndex } from "../knowledge/pack-index"
import type { Rule } from "../knowledge/pack-schema"
import { withFact } from "../engine/branches"
import type { ResolvedChanges } from "./changes"
import { both } from "./localized"

// A counterfactual only re-evaluates the rules the original run retrieved. When a change would
// need other rules (a date none of them covers, a fact none of them reads), re-evaluating them
// would pretend: the change is refused with the reason and an offer to run the question again in
// full with the changed facts.

export function rerunReasons(
  state: RetrievalState,
  pack: LoadedPack,
  resolved: ResolvedChanges,
): RerunReason[] {
  const reasons: RerunReason[] = []
  for (const change of resolved.applied) {
    if (change.path === "asOf") {
      const reason = dateReason(state.rules, resolved.context.asOf)
      if (reason) reasons.push(reason)
      continue
    }
    if (state.rules.some((rule) => readsFact(rule, change.path, pack))) continue
    const retrieved = new Set(state.rules.map((r) => r.id))
    const elsewhere = pack.pack.rules.filter(
      (r) => r.status === "PUBLISHED" && !retrieved.has(r.id) && readsFact(r, change.path, pack),
    ).length
    reasons.push({
      code: elsewhere > 0 ? "RULES_NOT_RETRIEVED" : "FACT_NOT_READ",
      path: change.path,
      message: both((locale) => factMessage(locale, change.path, state.rules.length, elsewhere)),
    })
  }
  return reasons
}

function dateReason(rules: readonly Rule[], asOf: string): RerunReason | null {
  const inForce = rules.filter(
    (r) => r.effectiveFrom <= asOf && (r.effectiveUntil === null || asOf <= r.effectiveUntil),
  )
  if (inForce.length > 0) return null
  const from = rules.map((r) => r.effectiveFrom).sort()[0]
  const untils = rules.map((r) => r.effectiveUntil)
  const until = untils.includes(null)
    ? null
    : untils
        .filter((u): u is string => u !== null)
        .sort()
        .at(-1)
  const span = (locale: Locale) =>
    from === undefined
      ? ""
      : `${formatDate(from, locale)} – ${until ? formatDate(until, locale) : locale === "hr" ? "danas" : "now"}`
  return {
    code: "DATE_OUTSIDE_RETRIEVAL",
    path: "asOf",
    message: both((locale) =>
      locale === "hr"
        ? `Nijedno od ${rules.length} pravila dohvaćenih za ovo pitanje nije na snazi na dan ${formatDate(asOf, locale)} (pokrivaju ${span(locale)}). Za taj datum trebala bi se ponovno pronaći pravila: pokrenite pitanje ponovno u cijelosti.`
        : `None of the ${rules.length} rules retrieved for this question is in force on ${formatDate(asOf, locale)} (they cover ${span(locale)}). That date needs its own retrieval: run the question again in full.`,
    ),
  }
}

function factMessage(locale: Locale, path: string, retrieved: number, elsewhere: number): string {
  const label = factLabel(path, locale)
  if (locale === "hr") {
    const more =
      elsewhere > 0
        ? ` O toj činjenici ovisi ${elsewhere} drugih pravila u paketu, ali nisu dohvaćena za ovo pitanje.`
        : ""
    return `Nijedno od ${retrieved} dohvaćenih pravila ne ovisi o činjenici „${label}”, pa je promjena ne bi mogla promijeniti.${more} Pokrenite pitanje ponovno u cijelosti.`
  }
  const more =
    elsewhere > 0
      ? ` ${elsewhere} other rule${elsewhere === 1 ? "" : "s"} of the pack depend on it but were not retrieved for this question.`
      : ""
  return `None of the ${retrieved} retrieved rules reads "${label}", so changing it here could not change the answer.${more} Run the question again in full.`
}

/** Whether a rule's applicability reads a fact: an appliesWhen leaf, or a topic dimension it depends on. */
function readsFact(rule: Rule, path: string, pack: LoadedPack): boolean {
  if (rule.appliesWhen && predicateLeaves(rule.appliesWhen).some((leaf) => leaf.path === path)) return true
  if (rule.dimensions.length === 0) return false
  const index = packIndex(pack)
  const topicId = index.concepts.get(rule.conceptSlug)?.topic
  const topic = topicId === undefined ? undefined : index.topics.get(topicId)
  return topic?.dimensions.some((d) => d.factPath === path && rule.dimensions.includes(d.dimension)) ?? false
}

/**
 * The full re-run to offer: the base question on the changed date with the changed client facts
 * in its profile. Facts taken from the question itself cannot be carried into a new run.
 */
export function rerunPlan(
  base: { question: string; request: EngineRequest | null },
  resolved: ResolvedChanges,
): Omit<RerunOffer, "reasons"> {
  const notCarried: string[] = []
  let profile: Record<string, unknown> = structuredClone(base.request?.profile ?? {})
  for (const change of resolved.applied) {
    if (change.path === "asOf") continue
    if (!isProfilePath(change.path)) {
      notCarried.push(change.path)
      continue
    }
    const next =
      change.to === null
        ? withoutPath(profile, change.path)
        : (withFact(profile as never, change.path, change.to) as unknown as Record<string, unknown>)
    if (ProfileContext.safeParse(next).success) profile = next
    else notCarried.push(change.path)
  }
  const parsed = ProfileContext.safeParse(profile)
  const offer: Omit<RerunOffer, "reasons"> = {
    question: base.question,
    asOfDate: resolved.context.asOf,
    notCarried,
  }
  if (parsed.success && Object.keys(parsed.data).length > 0) offer.profile = parsed.data
  if (base.request?.clientId !== undefined) offer.clientId = base.request.clientId
  return offer
}

export function rerunOffer(
  base: { question: string; request: EngineRequest | null },
  resolved: ResolvedChanges,
  reasons: RerunReason[],
): RerunOffer {
  return { reasons, ...rerunPlan(base, resolved) }
}

function isProfilePath(path: string): boolean {
  return path.startsWith("entity.") || path.startsWith("counters.") || path.startsWith("txn.")
}

function withoutPath(value: Record<string, unknown>, path: string): Record<string, unknown> {
  const copy = structuredClone(value)
  const segments = path.split(".")
  let node: Record<string, unknown> = copy
  for (const segment of segments.slice(0, -1)) {
    const next = node[segment]
    if (next === null || typeof next !== "object") return copy
    node = next as Record<string, unknown>
  }
  const last = segments.at(-1)
  if (last !== undefined) delete node[last]
  return copy
}
