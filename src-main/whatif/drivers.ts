import type { DecisionCoverage, DriverValue, InteractiveDriver } from "../../src-shared/events/payloads"
import type { WhatIfDriver, WhatIfFact } from "../../src-shared/whatif"
import { interactiveDrivers } from "../engine/drivers"
import { evaluateRules } from "../engine/rule-evaluation"
import type { ApplicabilityResult, RetrievalState } from "../engine/state"
import { sourceOfFact } from "../knowledge/facts"
import type { LoadedPack } from "../knowledge/loader"
import { packIndex } from "../knowledge/pack-index"
import { conditionLabel, type RuleCheck } from "../knowledge/rule-eligibility"
import { currentValue, factKind, factOptions, labelOf, valueText } from "./fact-info"
import { chooseFlip } from "./flip"
import { both } from "./localized"

// The drivers of a run, derived from the run itself: its retrieved rules (from the stored
// RETRIEVAL event and the pack snapshot), evaluated on its evaluation context exactly as
// APPLICABILITY evaluated them. Every fact an appliesWhen leaf, a validity date or a topic
// dimension of those rules read is listed, with the conditions it decided and, for each, the
// value a flip would use. Ids are the engine's interactive-driver ids (CONFIDENCE event).

export interface Evaluation {
  checks: RuleCheck[]
  coverage: DecisionCoverage[]
}

/** APPLICABILITY's rule checks and decision coverage for a state (pure, as the stage computes them). */
export function evaluateState(state: RetrievalState, pack: LoadedPack): Evaluation {
  const { checks, coverage } = evaluateRules(state, packIndex(pack), state.locale)
  return { checks, coverage }
}

/** The engine's interactive drivers for a state (CONFIDENCE computes the same list). */
export function engineDrivers(state: RetrievalState, pack: LoadedPack): InteractiveDriver[] {
  const { checks, coverage } = evaluateState(state, pack)
  const applicability: ApplicabilityResult = {
    checks,
    coverage,
    eligible: checks.filter((c) => c.eligible).map((c) => c.rule),
    exclusions: checks.flatMap((c) => (c.exclusion ? [c.exclusion] : [])),
    branches: [],
    missingDimensions: [],
  }
  return interactiveDrivers(state.locale, state, applicability)
}

/** One engine driver in both languages, with the value a flip would use. */
export function whatIfDriver(driver: InteractiveDriver, value: DriverValue): WhatIfDriver {
  const path = driver.factPath
  const { operator, operand } = driver.condition
  const flip = chooseFlip({ factPath: path, operator, operand, held: driver.currentValue, value })
  const entry: WhatIfDriver = {
    id: driver.id,
    factPath: path,
    label: both((locale) => conditionLabel(path, operator, operand, locale)),
    condition: driver.condition,
    held: driver.currentValue,
    ruleIds: [...driver.ruleIds],
    canToggle: driver.canToggle,
    flip: flip.ok ? flip.flip : null,
  }
  if (!flip.ok) entry.flipBlocked = flip.reason
  return entry
}

/** One driver of a state by id, or undefined. */
export function driverById(
  state: RetrievalState,
  pack: LoadedPack,
  driverId: string,
): WhatIfDriver | undefined {
  const driver = engineDrivers(state, pack).find((d) => d.id === driverId)
  return driver && whatIfDriver(driver, currentValue(state.context, driver.factPath))
}

export function driverFacts(state: RetrievalState, pack: LoadedPack): WhatIfFact[] {
  const facts = new Map<string, WhatIfFact>()
  for (const driver of engineDrivers(state, pack)) {
    const path = driver.factPath
    let fact = facts.get(path)
    if (!fact) {
      const value = currentValue(state.context, path)
      fact = {
        path,
        label: labelOf(path),
        kind: factKind(path),
        value,
        valueText: valueText(path, value),
        source: sourceOfFact(path, value !== null, state.factSources),
        drivers: [],
      }
      const options = factOptions(path)
      if (options) fact.options = options
      facts.set(path, fact)
    }
    fact.drivers.push(whatIfDriver(driver, fact.value))
  }
  return [...facts.values()]
}
