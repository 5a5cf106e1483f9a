import type { TerminalEvent } from "../../src-shared/events/event"
import type { DiffSide, ListDiff, WhatIfDiff } from "../../src-shared/whatif"
import { packIndex } from "../knowledge/pack-index"
import type { ComparableTrace } from "./comparable"

// The answer's own lists compared: thresholds, obligations and deadlines, and whether its text
// changed. An answer that says an obligation does NOT arise lists that statement among its
// obligations ("Turnover of up to EUR 60,000 does not exceed the threshold…"); it is not an
// obligation, so it is left out here: a hypothetical that removes the obligation shows "− obligation",
// never "+ no obligation".

type Structured = NonNullable<Extract<TerminalEvent, { stage: "ANSWER" }>["data"]["structured"]>

export function answerDiff(
  base: ComparableTrace,
  other: ComparableTrace,
  sides: { base: DiffSide; other: DiffSide },
): WhatIfDiff["answer"] {
  const a = structuredOf(base.terminal)
  const b = structuredOf(other.terminal)
  return {
    thresholds: listDiff(a?.thresholds, b?.thresholds),
    obligations: listDiff(obligationsOf(base, a), obligationsOf(other, b)),
    deadlines: listDiff(a?.deadlines, b?.deadlines),
    textChanged:
      sides.base.answerText !== sides.other.answerText || sides.base.headline !== sides.other.headline,
  }
}

function structuredOf(terminal: TerminalEvent | null): Structured | undefined {
  return terminal && "structured" in terminal.data ? terminal.data.structured : undefined
}

/** The answer's obligations without the rules' statements it lists when a rule imposes none. */
function obligationsOf(trace: ComparableTrace, structured: Structured | undefined): string[] {
  const listed = structured?.obligations ?? []
  if (trace.pack === null) return [...listed]
  const statements = new Set<string>()
  const obligations = new Set<string>()
  for (const rule of packIndex(trace.pack).rules.values()) {
    statements.add(rule.statement.hr).add(rule.statement.en)
    for (const o of rule.obligations) obligations.add(o.hr).add(o.en)
  }
  return listed.filter((item) => obligations.has(item) || !statements.has(item))
}

function listDiff(before: readonly string[] | undefined, after: readonly string[] | undefined): ListDiff {
  const a = before ?? []
  const b = after ?? []
  return {
    added: b.filter((x) => !a.includes(x)),
    removed: a.filter((x) => !b.includes(x)),
    kept: a.filter((x) => b.includes(x)),
  }
}
