import type { ConflictsPayload, DetectedConflict } from "../../../src-shared/events/payloads"
import { AUTHORITY_RANK } from "../../../src-shared/events/stages"
import type { ConflictNote, Rule } from "../../knowledge/pack-schema"
import { canonicalJson } from "../../util/canonical-json"
import { ruleTitle, titleWithValue } from "../answer/compose"
import { buildRefusal } from "../refusal-policy"
import { proceed, stop, type Run, type SyncStage } from "../run"
import type { ConflictResult } from "../state"

// CONFLICTS (seed 003 §3.1): eligible rules that assert the same thing (concept + valueKey) with
// different values. The higher authority wins (AUTHORITY), then the later rule (LATER_RULE);
// otherwise the disagreement is UNRESOLVED and the pack's conflict note decides whether the
// answer may proceed with a disclosed warning.

/** Higher authority first, then the later effective date, then id (for a stable order). */
export function precedence(a: Rule, b: Rule): number {
  return (
    AUTHORITY_RANK[a.authority] - AUTHORITY_RANK[b.authority] ||
    (a.effectiveFrom > b.effectiveFrom ? -1 : a.effectiveFrom < b.effectiveFrom ? 1 : 0) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  )
}

export function* conflictsStage(
  run: Run,
  eligible: readonly Rule[],
  proposed: readonly Rule[] = [],
): SyncStage<ConflictResult> {
  yield run.emit({
    stage: "CONFLICTS",
    status: "started",
    message: run.t("Uspoređujem izvore…", "Comparing sources…"),
  })
  const groups = new Map<string, Rule[]>()
  for (const rule of eligible) {
    const key = `${rule.conceptSlug}\u0000${rule.valueKey}`
    const group = groups.get(key)
    if (group) group.push(rule)
    else groups.set(key, [rule])
  }
  const conflicts: DetectedConflict[] = []
  const losers = new Set<string>()
  let canProceed = true
  for (const rules of groups.values()) {
    // One rule cannot disagree with itself (most groups): no value is read.
    if (rules.length < 2 || new Set(rules.map(valueText)).size < 2) continue
    const sorted = [...rules].sort(precedence)
    const top = sorted[0]
    const topValue = top ? valueText(top) : ""
    const runnerUp = sorted.find((r) => valueText(r) !== topValue)
    if (!top || !runnerUp) continue
    const resolution =
      AUTHORITY_RANK[top.authority] < AUTHORITY_RANK[runnerUp.authority]
        ? "AUTHORITY"
        : top.effectiveFrom > runnerUp.effectiveFrom
          ? "LATER_RULE"
          : "UNRESOLVED"
    const note = findNote(run, top, runnerUp)
    const conflict = describe(run, sorted, top, runnerUp, resolution, note)
    conflicts.push(conflict)
    if (resolution === "UNRESOLVED") {
      if (!note?.canProceedWithWarning) canProceed = false
    } else {
      for (const rule of sorted) if (valueText(rule) !== topValue) losers.add(rule.id)
    }
  }
  for (const conflict of proposalConflicts(run, eligible, proposed)) {
    conflicts.push(conflict.detected)
    if (!conflict.canProceed) canProceed = false
  }
  const unresolved = conflicts.filter((c) => c.resolution === "UNRESOLVED")
  const data: ConflictsPayload = {
    summary:
      conflicts.length === 0
        ? run.t("Nema sukoba među izvorima", "No conflicts detected")
        : run.t(
            `Sukoba: ${conflicts.length} (riješeno ${conflicts.length - unresolved.length}, neriješeno ${unresolved.length})`,
            `${conflicts.length} conflict${conflicts.length === 1 ? "" : "s"} (${conflicts.length - unresolved.length} resolved, ${unresolved.length} unresolved)`,
          ),
    conflictCount: conflicts.length,
    resolved: conflicts.length - unresolved.length,
    unresolved: unresolved.length,
    canProceedWithWarning: canProceed,
    conflicts,
  }
  yield run.emit({
    stage: "CONFLICTS",
    status: "complete",
    severity: unresolved.length > 0 ? "warning" : "info",
    message: data.summary,
    data,
  })
  if (!canProceed) {
    const detail = unresolved.map((c) => c.description).join(" ")
    return stop({ outcome: "REFUSAL", ...buildRefusal("UNRESOLVED_CONFLICT", run.locale, { detail }) })
  }
  return proceed({ conflicts, winners: eligible.filter((r) => !losers.has(r.id)), unresolved })
}

// A rule's value compared as its canonical JSON text, written once per value object of a loaded
// pack (a pack is not changed after loading, as its index assumes): the cache goes with the pack.
const valueTexts = new WeakMap<Rule["value"], string>()

function valueText(rule: Rule): string {
  let text = valueTexts.get(rule.value)
  if (text === undefined) {
    text = canonicalJson(rule.value)
    valueTexts.set(rule.value, text)
  }
  return text
}

/**
 * A proposal that would change an enacted rule for the date asked, declared as a conflict in the
 * pack (the 5 % energy rate proposed beyond 31.3.2026 against the enacted 13 %): the enacted rule
 * answers, but the answer is qualified by the proposal, never stated as settled.
 */
function proposalConflicts(
  run: Run,
  eligible: readonly Rule[],
  proposed: readonly Rule[],
): Array<{ detected: DetectedConflict; canProceed: boolean }> {
  const out: Array<{ detected: DetectedConflict; canProceed: boolean }> = []
  for (const rule of eligible)
    for (const note of run.index.conflictsByRule.get(rule.id) ?? []) {
      const proposal = proposed.find((p) => p.id !== rule.id && note.ruleIds.includes(p.id))
      if (!proposal) continue
      const detected = describe(run, [rule, proposal], rule, proposal, "UNRESOLVED", note)
      detected.sourceB.says += run.t(" (prijedlog, nije potvrđeno da je donesen)", " (a proposal, not confirmed as enacted)")
      out.push({ detected, canProceed: note.canProceedWithWarning })
    }
  return out
}

function findNote(run: Run, a: Rule, b: Rule): ConflictNote | undefined {
  const notes = run.index.conflictsByRule.get(a.id) ?? []
  return notes.find((n) => n.ruleIds.includes(b.id)) ?? notes[0] ?? run.index.conflictsByRule.get(b.id)?.[0]
}

function describe(
  run: Run,
  rules: Rule[],
  top: Rule,
  runnerUp: Rule,
  resolution: DetectedConflict["resolution"],
  note: ConflictNote | undefined,
): DetectedConflict {
  const says = (rule: Rule) => ({
    name: sourceName(run, rule),
    says: titleWithValue(rule, run.locale),
    ruleId: rule.id,
  })
  const conflict: DetectedConflict = {
    id: note?.id ?? `conflict:${top.conceptSlug}:${top.valueKey}`,
    ruleIds: rules.map((r) => r.id),
    resolution,
    description:
      note?.description[run.locale] ??
      run.t(
        `Izvori različito navode: ${ruleTitle(top, "hr")}.`,
        `Sources disagree on: ${ruleTitle(top, "en")}.`,
      ),
    sourceA: says(top),
    sourceB: says(runnerUp),
  }
  if (resolution !== "UNRESOLVED") conflict.winnerRuleId = top.id
  const practical = note?.practicalResolution?.[run.locale]
  if (practical) conflict.practicalResolution = practical
  return conflict
}

function sourceName(run: Run, rule: Rule): string {
  const evidenceId = rule.evidenceIds[0]
  const evidence = evidenceId ? run.index.evidence.get(evidenceId) : undefined
  const source = evidence ? run.index.sources.get(evidence.sourceId) : undefined
  return source?.name ?? rule.id
}
