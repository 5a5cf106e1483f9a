import type { EvaluationContext } from "../../src-shared/context"
import type { TerminalEvent } from "../../src-shared/events/event"
import type { ConfidencePayload, DetectedConflict, RuleExclusion } from "../../src-shared/events/payloads"
import { conclusionOf } from "../../src-shared/whatif-conclusion"
import type {
  DiffSide,
  FactDiff,
  Localized,
  RuleDiff,
  RuleStanding,
  WhatIfDiff,
} from "../../src-shared/whatif"
import { packIndex } from "../knowledge/pack-index"
import { canonicalJson } from "../util/canonical-json"
import type { ComparableTrace } from "./comparable"
import { labelOf, valueText } from "./fact-info"
import { answerDiff } from "./answer-diff"
import { exclusionWords } from "./exclusion-words"
import { diffSentence } from "./sentence"
import { valueChanges } from "./values"

// The diff between two traces (a base and a hypothetical, two scenarios' results, a saved result
// and its re-check): the facts that differ, the outcome, the rules that entered or left the
// eligible set and the exclusion reasons on each side, conflicts, confidence and its drivers, the
// thresholds, obligations and deadlines in the answer, the answer text, and one sentence.

export function diffTraces(base: ComparableTrace, other: ComparableTrace): WhatIfDiff {
  const facts = factDiffs(base.context, other.context)
  const rules = ruleDiffs(base, other)
  const conflicts = conflictDiffs(base.conflicts?.conflicts ?? [], other.conflicts?.conflicts ?? [])
  const before = base.confidence
  const after = other.confidence
  const sideA = side(base)
  const sideB = side(other)
  const answer = answerDiff(base, other, { base: sideA, other: sideB })
  const outcomeChanged = sideA.outcome !== sideB.outcome
  const values = valueChanges(base, other)
  const concluded = conclusionOf({ base: sideA, other: sideB, outcomeChanged, answer, values })
  const confidenceDelta = before && after ? Math.round((after.score - before.score) * 100) / 100 : null
  const diff: Omit<WhatIfDiff, "sentence"> = {
    base: sideA,
    other: sideB,
    facts,
    outcomeChanged,
    rules,
    conflicts,
    confidence: {
      before: before?.score ?? null,
      after: after?.score ?? null,
      delta: confidenceDelta,
      driversAdded: (after?.drivers ?? []).filter((d) => !(before?.drivers ?? []).includes(d)),
      driversRemoved: (before?.drivers ?? []).filter((d) => !(after?.drivers ?? []).includes(d)),
      toggled: toggledDrivers(before, after),
    },
    answer,
    values,
    changed:
      concluded.changed ||
      rules.entered.length + rules.left.length + rules.reasonChanged.length > 0 ||
      conflicts.appeared.length + conflicts.disappeared.length + conflicts.changed.length > 0 ||
      answer.textChanged,
  }
  return { ...diff, sentence: diffSentence(base, other, diff) }
}

/** Interactive drivers whose condition holds differently on the two sides. */
function toggledDrivers(
  before: ConfidencePayload | null,
  after: ConfidencePayload | null,
): WhatIfDiff["confidence"]["toggled"] {
  const toggled: WhatIfDiff["confidence"]["toggled"] = []
  const driverIds = new Set(
    [...(before?.interactiveDrivers ?? []), ...(after?.interactiveDrivers ?? [])].map((d) => d.id),
  )
  for (const id of driverIds) {
    const a = before?.interactiveDrivers?.find((d) => d.id === id)
    const b = after?.interactiveDrivers?.find((d) => d.id === id)
    if ((a?.currentValue ?? null) !== (b?.currentValue ?? null))
      toggled.push({
        id,
        label: (b ?? a)?.label ?? id,
        before: a?.currentValue ?? null,
        after: b?.currentValue ?? null,
      })
  }
  return toggled
}

function side(trace: ComparableTrace): DiffSide {
  const terminal = trace.terminal
  return {
    requestId: trace.summary.requestId,
    hypothetical: trace.summary.counterfactualOf !== null,
    counterfactualOf: trace.summary.counterfactualOf,
    outcome: terminal?.stage ?? null,
    headline: terminal ? headlineOf(terminal) : "",
    answerText: terminal ? answerTextOf(terminal, trace.locale) : "",
    confidence: trace.confidence?.score ?? null,
    confidenceLabel: trace.confidence?.label ?? null,
    packVersion: trace.summary.packVersion,
    packHash: trace.summary.packHash,
  }
}

export function headlineOf(terminal: TerminalEvent): string {
  switch (terminal.stage) {
    case "REFUSAL":
    case "ERROR":
      return terminal.data.message
    default:
      return terminal.data.headline
  }
}

function answerTextOf(terminal: TerminalEvent, locale: string): string {
  switch (terminal.stage) {
    case "REFUSAL":
      return [terminal.data.message, terminal.data.detail].filter(Boolean).join(" ")
    case "ERROR":
      return terminal.data.message
    default:
      return locale === "en" ? (terminal.data.answerEn ?? terminal.data.answerHr) : terminal.data.answerHr
  }
}

/** Scalar facts of a context by path ("entity.vat.status" -> "IN_VAT"), in the context's order. */
export function flattenContext(context: EvaluationContext | null): Map<string, string | number | boolean> {
  const out = new Map<string, string | number | boolean>()
  const walk = (value: unknown, prefix: string) => {
    if (value === null || value === undefined) return
    if (typeof value === "object" && !Array.isArray(value)) {
      for (const [key, member] of Object.entries(value)) walk(member, prefix ? `${prefix}.${key}` : key)
    } else if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
      out.set(prefix, value)
  }
  walk(context, "")
  return out
}

function factDiffs(a: EvaluationContext | null, b: EvaluationContext | null): FactDiff[] {
  const before = flattenContext(a)
  const after = flattenContext(b)
  const paths = [...new Set([...before.keys(), ...after.keys()])]
  return paths
    .filter((path) => before.get(path) !== after.get(path))
    .map((path) => {
      const x = before.get(path) ?? null
      const y = after.get(path) ?? null
      return {
        path,
        label: labelOf(path),
        before: x,
        beforeText: valueText(path, x),
        after: y,
        afterText: valueText(path, y),
      }
    })
}

function standing(
  trace: ComparableTrace,
  ruleId: string,
): { standing: RuleStanding; exclusion: RuleExclusion | null } {
  const applicability = trace.applicability
  if (applicability === null) return { standing: "absent", exclusion: null }
  if (applicability.eligibleRuleIds.includes(ruleId)) return { standing: "eligible", exclusion: null }
  const exclusion = applicability.exclusions.find((e) => e.ruleId === ruleId)
  return exclusion ? { standing: "excluded", exclusion } : { standing: "absent", exclusion: null }
}

function ruleIdsOf(trace: ComparableTrace): string[] {
  const ids = [...(trace.retrieval?.ruleIds ?? [])]
  for (const id of trace.applicability?.eligibleRuleIds ?? []) if (!ids.includes(id)) ids.push(id)
  for (const e of trace.applicability?.exclusions ?? []) if (!ids.includes(e.ruleId)) ids.push(e.ruleId)
  return ids
}

export function ruleTitle(ruleId: string, traces: readonly ComparableTrace[]): Localized {
  for (const trace of traces) {
    const rule = trace.pack ? packIndex(trace.pack).rules.get(ruleId) : undefined
    if (rule) return { hr: rule.titleHr, en: rule.titleEn }
  }
  for (const trace of traces) {
    const title = trace.applicability?.exclusions.find((e) => e.ruleId === ruleId)?.ruleTitle
    if (title) return { hr: title, en: title }
  }
  return { hr: ruleId, en: ruleId }
}

function ruleDiffs(base: ComparableTrace, other: ComparableTrace): WhatIfDiff["rules"] {
  const entered: RuleDiff[] = []
  const left: RuleDiff[] = []
  const reasonChanged: RuleDiff[] = []
  const stayed: string[] = []
  const ids = [...ruleIdsOf(base)]
  for (const id of ruleIdsOf(other)) if (!ids.includes(id)) ids.push(id)
  for (const ruleId of ids) {
    const a = standing(base, ruleId)
    const b = standing(other, ruleId)
    const entry: RuleDiff = {
      ruleId,
      title: ruleTitle(ruleId, [other, base]),
      before: a.standing,
      after: b.standing,
      exclusionBefore: a.exclusion,
      exclusionAfter: b.exclusion,
      wordsBefore: exclusionWords(base, ruleId, a.exclusion),
      wordsAfter: exclusionWords(other, ruleId, b.exclusion),
    }
    if (a.standing === "eligible" && b.standing === "eligible") stayed.push(ruleId)
    else if (b.standing === "eligible") entered.push(entry)
    else if (a.standing === "eligible") left.push(entry)
    else if (a.standing !== b.standing || reasonKey(a.exclusion) !== reasonKey(b.exclusion))
      reasonChanged.push(entry)
  }
  return { entered, left, reasonChanged, stayed }
}

/** What an exclusion says about the rule (the fact's value itself is in the fact diff). */
function reasonKey(exclusion: RuleExclusion | null): string {
  if (exclusion === null) return ""
  return canonicalJson([
    exclusion.code,
    exclusion.factPath ?? null,
    exclusion.operator ?? null,
    exclusion.expected,
  ])
}

function conflictDiffs(
  before: readonly DetectedConflict[],
  after: readonly DetectedConflict[],
): WhatIfDiff["conflicts"] {
  const byId = (list: readonly DetectedConflict[]) => new Map(list.map((c) => [c.id, c]))
  const a = byId(before)
  const b = byId(after)
  return {
    appeared: after.filter((c) => !a.has(c.id)),
    disappeared: before.filter((c) => !b.has(c.id)),
    changed: before.flatMap((c) => {
      const next = b.get(c.id)
      return next && canonicalJson(next) !== canonicalJson(c) ? [{ id: c.id, before: c, after: next }] : []
    }),
  }
}
