import { assumptionPath } from "../../src-shared/assumptions"
import type { EvaluationContext, FactSource } from "../../src-shared/context"
import type { AppliedChange, WhatIfChange, WhatIfDriver } from "../../src-shared/whatif"
import { evaluateAppliesWhen } from "../knowledge/applies-when"
import type { Predicate } from "../knowledge/pack-schema"
import type { RetrievalState } from "../engine/state"
import type { LoadedPack } from "../knowledge/loader"
import { driverById, engineDrivers } from "./drivers"
import { changedSource, contextWith, currentValue, labelOf, valueText, WhatIfInputError } from "./fact-info"
import { chooseFlip } from "./flip"
import { both } from "./localized"

// Applying a list of changes to a run's evaluation context, in order. A flip is resolved against
// the context as changed so far (so "flip, then flip again" goes back across the condition). The
// result keeps one applied change per fact, and only for facts whose final value differs from the
// original: a fact set back to its original value is the original fact again, with its source.

export interface ResolvedChanges {
  context: EvaluationContext
  factSources: Record<string, FactSource>
  assumedDefaults: string[]
  applied: AppliedChange[]
}

interface Touch {
  via: "set" | "flip"
  driverId?: string
  explanation: AppliedChange["explanation"]
}

export function resolveChanges(
  base: RetrievalState,
  pack: LoadedPack,
  changes: readonly WhatIfChange[],
): ResolvedChanges {
  let context = base.context
  const sources: Record<string, FactSource> = { ...base.factSources }
  const touched = new Map<string, Touch>()
  for (const change of changes) {
    const { path, value, touch } =
      change.kind === "flip"
        ? flipped(base, pack, change.driverId, { ...base, context, factSources: sortedRecord(sources) })
        : setTo(change.path, change.value)
    context = contextWith(context, path, value)
    if (value === null) delete sources[path]
    else sources[path] = changedSource(base.factSources[path], path)
    // The last change of a fact is the one kept, in the order of that last change.
    touched.delete(path)
    touched.set(path, touch)
  }
  const applied = appliedChanges(base, context, sources, touched)
  const changedPaths = new Set(applied.map((c) => c.path))
  // An assumption the engine made about a fact ("asOf = today (…)") no longer holds once the fact is given.
  const assumedDefaults = base.assumedDefaults.filter((entry) => !changedPaths.has(assumptionPath(entry)))
  return {
    context: applied.length === 0 ? base.context : context,
    factSources: sortedRecord(sources),
    assumedDefaults,
    applied,
  }
}

/** One change resolved to the fact it sets, the value, and how it came about. */
interface Step {
  path: string
  value: string | number | boolean | null
  touch: Touch
}

/** A flip of a driver, decided on `current` (the run as changed so far). */
function flipped(base: RetrievalState, pack: LoadedPack, driverId: string, current: RetrievalState): Step {
  // A driver of the original run stays flippable after other changes took its rules out of play
  // (e.g. a date change): its condition is re-decided on the fact's current value.
  const driver =
    driverById(current, pack, driverId) ?? redecided(driverById(base, pack, driverId), current.context)
  if (!driver) {
    const known = engineDrivers(current, pack)
      .map((d) => d.id)
      .join(", ")
    throw new WhatIfInputError(
      `no driver ${driverId} in this run${known ? ` (drivers: ${known})` : " (it has no drivers)"}`,
    )
  }
  if (!driver.canToggle)
    throw new WhatIfInputError(
      `driver ${driver.id} reads a fact the engine assumed; set ${driver.factPath} to an exact value instead`,
    )
  if (!driver.flip)
    throw new WhatIfInputError(`${driver.flipBlocked?.en ?? `driver ${driver.id} cannot be flipped`}`)
  return {
    path: driver.factPath,
    value: driver.flip.value,
    touch: { via: "flip", driverId: driver.id, explanation: driver.flip.explanation },
  }
}

function setTo(path: string, value: string | number | boolean | null): Step {
  const text = valueText(path, value)
  return {
    path,
    value,
    touch: {
      via: "set",
      explanation: both((l) => sentenceEnd(l === "hr" ? `Postavljeno na ${text.hr}` : `Set to ${text.en}`)),
    },
  }
}

/**
 * One applied change per touched fact whose final value differs from the original. A fact set
 * back to its original value gets its original source back in `sources` (changed in place).
 */
function appliedChanges(
  base: RetrievalState,
  context: EvaluationContext,
  sources: Record<string, FactSource>,
  touched: ReadonlyMap<string, Touch>,
): AppliedChange[] {
  const applied: AppliedChange[] = []
  for (const [path, touch] of touched) {
    const from = currentValue(base.context, path)
    const to = currentValue(context, path)
    if (from === to) {
      // Back to the original value: the original fact, with the original source.
      const original = base.factSources[path]
      if (original === undefined) delete sources[path]
      else sources[path] = original
      continue
    }
    const change: AppliedChange = {
      path,
      label: labelOf(path),
      from,
      fromText: valueText(path, from),
      to,
      toText: valueText(path, to),
      via: touch.via,
      explanation: touch.explanation,
    }
    if (touch.driverId !== undefined) change.driverId = touch.driverId
    applied.push(change)
  }
  return applied
}

/** A driver's condition decided again on the fact's value in `context`, with the flip that follows. */
function redecided(driver: WhatIfDriver | undefined, context: EvaluationContext): WhatIfDriver | undefined {
  if (driver === undefined) return undefined
  const { operator, operand } = driver.condition
  const predicate = (
    operator === "exists" ? { exists: driver.factPath } : { [operator]: [driver.factPath, operand] }
  ) as Predicate
  const held = evaluateAppliesWhen(predicate, context).outcome === true
  const value = currentValue(context, driver.factPath)
  const flip = chooseFlip({ factPath: driver.factPath, operator, operand, held, value })
  const next: WhatIfDriver = { ...driver, held, flip: flip.ok ? flip.flip : null }
  if (flip.ok) delete next.flipBlocked
  else next.flipBlocked = flip.reason
  return next
}

/** Ends with one period (Croatian dates already end in one: "01.01.2019."). */
function sentenceEnd(text: string): string {
  return text.endsWith(".") ? text : `${text}.`
}

function sortedRecord<V>(record: Record<string, V>): Record<string, V> {
  const out: Record<string, V> = {}
  for (const key of Object.keys(record).sort()) out[key] = record[key] as V
  return out
}
