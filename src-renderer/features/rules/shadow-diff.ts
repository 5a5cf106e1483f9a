import type { ShadowEntry, ShadowSide } from "../../../src-shared/shadow"
import type { DiffSide, ListDiff, WhatIfDiff } from "../../../src-shared/whatif"

// A shadow report entry in the shape of a what-if diff, so that the what-if comparison's parts
// (its conclusion and its obligation lists) state what would change the same way they do for a
// hypothetical: the outcome, the headline or the values the answer states, the obligations added
// and removed. The shadow compares answers only: facts, rules, conflicts and confidence are not
// part of its entry and stay empty here (the comparison's parts used never read them).

const NO_CHANGE: ListDiff = { added: [], removed: [], kept: [] }

function sideOf(requestId: string, side: ShadowSide, changed: boolean): DiffSide {
  return {
    requestId,
    hypothetical: changed,
    counterfactualOf: changed ? requestId : null,
    // A run that stops at a question back has no terminal outcome.
    outcome: side.outcome === "AWAITING_INPUT" ? null : side.outcome,
    headline: side.headline,
    answerText: side.headline,
    confidence: null,
    confidenceLabel: null,
    packVersion: "",
    packHash: "",
  }
}

export function shadowDiff(entry: ShadowEntry): WhatIfDiff {
  const headlineChanged = entry.before.headline.trim() !== entry.after.headline.trim()
  return {
    base: sideOf(entry.requestId, entry.before, false),
    other: sideOf(entry.requestId, entry.after, true),
    facts: [],
    outcomeChanged: entry.before.outcome !== entry.after.outcome,
    rules: { entered: [], left: [], reasonChanged: [], stayed: [] },
    conflicts: { appeared: [], disappeared: [], changed: [] },
    confidence: { before: null, after: null, delta: null, driversAdded: [], driversRemoved: [], toggled: [] },
    answer: {
      thresholds: NO_CHANGE,
      obligations: { added: [...entry.obligations.added], removed: [...entry.obligations.removed], kept: [] },
      deadlines: NO_CHANGE,
      textChanged: headlineChanged,
    },
    values: entry.values.map(({ key, label, before, after }) => ({ key, label, before, after })),
    sentence: { hr: entry.question, en: entry.question },
    changed: true,
  }
}
