import type { Localized, ValueChange } from "../../src-shared/whatif"
import { formatRuleValue } from "../knowledge/format"
import { packIndex } from "../knowledge/pack-index"
import type { Rule } from "../knowledge/pack-schema"
import type { ComparableTrace } from "./comparable"
import { both } from "./localized"

// The values an answer states, read from the rules it rests on (the eligible rules, in the pack
// snapshot of each run) and keyed by concept and value key: two rules with the same key answer the
// same thing ("pdv.registracija.2025.iznad" says yes, "…ispod" says no). Several rules with one key
// (the branches of a conditional answer) state all their values: "da / ne".

interface Stated {
  rules: Rule[]
  concept: Localized
}

export function valueChanges(base: ComparableTrace, other: ComparableTrace): ValueChange[] {
  const before = statedValues(base)
  const after = statedValues(other)
  const keys = [...new Set([...before.keys(), ...after.keys()])].sort()
  const out: ValueChange[] = []
  for (const key of keys) {
    const a = before.get(key)
    const b = after.get(key)
    const textA = a ? valueText(a.rules) : null
    const textB = b ? valueText(b.rules) : null
    if (textA?.hr === textB?.hr && textA?.en === textB?.en) continue
    out.push({ key, label: labelOf(a, b), before: textA, after: textB })
  }
  return out
}

function statedValues(trace: ComparableTrace): Map<string, Stated> {
  const out = new Map<string, Stated>()
  if (trace.pack === null || trace.applicability === null) return out
  const index = packIndex(trace.pack)
  for (const id of trace.applicability.eligibleRuleIds) {
    const rule = index.rules.get(id)
    if (rule === undefined) continue
    const key = `${rule.conceptSlug}:${rule.valueKey}`
    const concept = index.concepts.get(rule.conceptSlug)
    const entry = out.get(key) ?? {
      rules: [],
      concept: concept ? { hr: concept.nameHr, en: concept.nameEn } : { hr: rule.titleHr, en: rule.titleEn },
    }
    entry.rules.push(rule)
    out.set(key, entry)
  }
  return out
}

function valueText(rules: readonly Rule[]): Localized {
  return both((locale) => [...new Set(rules.map((r) => formatRuleValue(r.value, locale)))].join(" / "))
}

/** The rule's title when both sides state the value under one title, else the concept's name. */
function labelOf(a: Stated | undefined, b: Stated | undefined): Localized {
  const titles = new Set([...(a?.rules ?? []), ...(b?.rules ?? [])].map((r) => r.titleHr))
  const rule = (b ?? a)?.rules[0]
  if (titles.size === 1 && rule) return { hr: rule.titleHr, en: rule.titleEn }
  return (b ?? a)?.concept ?? { hr: "", en: "" }
}
