import { isContextFactPath } from "./context"
import { z } from "zod"
import { EvaluationContext, FactSource, IsoDate, ProfileContext } from "./context"
import { DetectedConflict, DriverValue, RuleExclusion } from "./events/payloads"
import { Locale, TerminalOutcome } from "./events/stages"
import { TraceDetail } from "./traces"

// The "What if…" contract (issue 5): changes to a stored run's facts, the drivers a run depended
// on, the counterfactual request a hypothetical trace records, the diff between two traces, and
// saved scenarios. Every label is given in both languages so the UI and the CLI pick theirs.

/** Same shape as the rule pack's fact paths: "asOf" or dotted lower-camel segments. */
const FactPathString = z
  .string()
  .max(64)
  .regex(
    /^(asOf|[a-z][A-Za-z]*(\.[a-z][A-Za-z]*)+)$/,
    "not a fact path (e.g. counters.revenueYtd, entity.type, asOf)",
  )
  .refine(isContextFactPath, "not a fact of the client profile (e.g. counters.revenueYtd, entity.type, asOf)")

export const FactValue = z.union([z.string().max(200), z.number().finite(), z.boolean()])
export const Localized = z.object({ hr: z.string(), en: z.string() })

/** A requested change: set a fact to an exact value (null removes it), or flip a driver. */
export const WhatIfChange = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("set"), path: FactPathString, value: FactValue.nullable() }),
  z.strictObject({ kind: z.literal("flip"), driverId: z.string().min(1).max(300) }),
])

export const FactKind = z.enum(["money", "number", "date", "enum", "boolean", "text"])

export const FactOption = z.object({ value: FactValue, label: Localized })

/** A change as it was applied: the fact, its value before and after, and how the value was chosen. */
export const AppliedChange = z.object({
  path: z.string(),
  label: Localized,
  from: DriverValue,
  fromText: Localized,
  to: DriverValue,
  toText: Localized,
  via: z.enum(["set", "flip"]),
  driverId: z.string().optional(),
  explanation: Localized,
})

/** What flipping a driver would do: the value chosen on the other side of its condition, and why. */
export const DriverFlip = z.object({ value: FactValue.nullable(), text: Localized, explanation: Localized })

/** One condition a run decided on a fact (seed 001 §10 interactive driver, with both languages). */
export const WhatIfDriver = z.object({
  /** Same id as the CONFIDENCE event's interactive driver: fact:{path}:{operator}:{operand}. */
  id: z.string(),
  factPath: z.string(),
  label: Localized,
  condition: z.object({
    operator: z.string(),
    operand: z.union([DriverValue, z.array(z.union([z.string(), z.number()]))]),
  }),
  /** Whether the condition held in this run. */
  held: z.boolean(),
  ruleIds: z.array(z.string()),
  canToggle: z.boolean(),
  /** Null when no value on the other side can be chosen (then set an exact value instead). */
  flip: DriverFlip.nullable(),
  flipBlocked: Localized.optional(),
})

/** A fact the run read, with its current value and the conditions it decided. */
export const WhatIfFact = z.object({
  path: z.string(),
  label: Localized,
  kind: FactKind,
  value: DriverValue,
  valueText: Localized,
  source: FactSource,
  /** The values an enum or boolean fact can be set to. */
  options: z.array(FactOption).optional(),
  drivers: z.array(WhatIfDriver),
})

export const DriversView = z.object({
  requestId: z.string(),
  /** The original run the drivers belong to (for a hypothetical trace: its base). */
  baseRequestId: z.string(),
  locale: Locale,
  asOfDate: z.string(),
  facts: z.array(WhatIfFact),
  /** Changes already applied when requestId is itself a hypothetical (they are kept, in order). */
  priorChanges: z.array(WhatIfChange),
})

export const RerunReason = z.object({
  code: z.enum(["DATE_OUTSIDE_RETRIEVAL", "RULES_NOT_RETRIEVED", "FACT_NOT_READ"]),
  path: z.string(),
  message: Localized,
})

/** What a full re-run of the base question with the changed facts would ask. */
export const RerunOffer = z.object({
  reasons: z.array(RerunReason).min(1),
  question: z.string(),
  asOfDate: IsoDate,
  profile: ProfileContext.optional(),
  clientId: z.string().optional(),
  /** Changed facts a full run cannot carry (facts read from the question itself). */
  notCarried: z.array(z.string()),
})

/**
 * traces.request_json of a counterfactual trace: what it re-ran from its base's SOURCES and
 * RETRIEVAL (replay: rebuild the base's retrieval state, evaluate this context).
 */
export const CounterfactualRequest = z.strictObject({
  kind: z.literal("counterfactual"),
  requestId: z.string(),
  counterfactualOf: z.string(),
  changes: z.array(WhatIfChange),
  applied: z.array(AppliedChange),
  context: EvaluationContext,
  factSources: z.record(z.string(), FactSource),
  assumedDefaults: z.array(z.string()),
})

export const WhatIfRunInput = z.strictObject({
  requestId: z.string().min(1).max(200),
  changes: z.array(WhatIfChange).min(1, "give at least one change").max(20),
})

export const WhatIfRunResult = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("started"),
    requestId: z.string(),
    baseRequestId: z.string(),
    applied: z.array(AppliedChange),
  }),
  z.object({
    status: z.literal("needs_rerun"),
    baseRequestId: z.string(),
    applied: z.array(AppliedChange),
    rerun: RerunOffer,
  }),
])

export const ListDiff = z.object({
  added: z.array(z.string()),
  removed: z.array(z.string()),
  kept: z.array(z.string()),
})

export const RuleStanding = z.enum(["eligible", "excluded", "absent"])

/** An exclusion's value and condition in both languages ("EUR 65,000.00", "≤ EUR 60,000.00"). */
export const ExclusionWords = z.object({ actual: Localized, expected: Localized })

export const RuleDiff = z.object({
  ruleId: z.string(),
  title: Localized,
  before: RuleStanding,
  after: RuleStanding,
  exclusionBefore: RuleExclusion.nullable(),
  exclusionAfter: RuleExclusion.nullable(),
  /** The exclusions in words, in both languages (diffs saved before these existed have none). */
  wordsBefore: ExclusionWords.nullable().optional(),
  wordsAfter: ExclusionWords.nullable().optional(),
})

export const FactDiff = z.object({
  path: z.string(),
  label: Localized,
  before: DriverValue,
  beforeText: Localized,
  after: DriverValue,
  afterText: Localized,
})

export const DiffSide = z.object({
  requestId: z.string(),
  hypothetical: z.boolean(),
  counterfactualOf: z.string().nullable(),
  outcome: TerminalOutcome.nullable(),
  headline: z.string(),
  answerText: z.string(),
  confidence: z.number().nullable(),
  confidenceLabel: z.enum(["LOW", "MEDIUM", "HIGH"]).nullable(),
  packVersion: z.string(),
  packHash: z.string(),
})

/**
 * A value the answer states, before and after ("Obligation to register for VAT: yes → no", "rate:
 * 25 % → 13 %"), keyed by the rules' concept and value key; null on a side that does not state it.
 */
export const ValueChange = z.object({
  key: z.string(),
  label: Localized,
  before: Localized.nullable(),
  after: Localized.nullable(),
})

export const WhatIfDiff = z.object({
  base: DiffSide,
  other: DiffSide,
  facts: z.array(FactDiff),
  outcomeChanged: z.boolean(),
  rules: z.object({
    entered: z.array(RuleDiff),
    left: z.array(RuleDiff),
    reasonChanged: z.array(RuleDiff),
    stayed: z.array(z.string()),
  }),
  conflicts: z.object({
    appeared: z.array(DetectedConflict),
    disappeared: z.array(DetectedConflict),
    changed: z.array(z.object({ id: z.string(), before: DetectedConflict, after: DetectedConflict })),
  }),
  confidence: z.object({
    before: z.number().nullable(),
    after: z.number().nullable(),
    delta: z.number().nullable(),
    driversAdded: z.array(z.string()),
    driversRemoved: z.array(z.string()),
    /** Interactive drivers whose condition now holds differently. */
    toggled: z.array(
      z.object({
        id: z.string(),
        label: z.string(),
        before: z.boolean().nullable(),
        after: z.boolean().nullable(),
      }),
    ),
  }),
  answer: z.object({
    thresholds: ListDiff,
    obligations: ListDiff,
    deadlines: ListDiff,
    textChanged: z.boolean(),
  }),
  /** The answer's values that differ (diffs saved before values were compared have none). */
  values: z.array(ValueChange).default([]),
  /** "If the turnover were 30.000,00 EUR instead of 65.000,00 EUR: …" */
  sentence: Localized,
  /** False when the two traces reach the same conclusion on the same rules. */
  changed: z.boolean(),
})

export const CompareTracesInput = z.strictObject({
  baseRequestId: z.string().min(1).max(200),
  otherRequestId: z.string().min(1).max(200),
})

// --- Saved scenarios -------------------------------------------------------------------------

/** The longest scenario name and notes (the forms' input limits come from here). */
export const SCENARIO_NAME_MAX_LENGTH = 200
export const SCENARIO_NOTES_MAX_LENGTH = 5000
const ScenarioName = z.string().trim().min(1, "name is required").max(SCENARIO_NAME_MAX_LENGTH)
const ScenarioNotes = z.string().max(SCENARIO_NOTES_MAX_LENGTH)
const ScenarioId = z.string().min(1).max(64)

export const Scenario = z.object({
  id: z.string(),
  name: z.string(),
  notes: z.string(),
  clientId: z.string().nullable(),
  question: z.string(),
  baseRequestId: z.string(),
  resultRequestId: z.string(),
  changes: z.array(WhatIfChange),
  applied: z.array(AppliedChange),
  /** The outcomes and the sentence at save time, for lists (no trace needs opening). */
  baseOutcome: TerminalOutcome.nullable(),
  resultOutcome: TerminalOutcome.nullable(),
  sentence: Localized,
  duplicatedFrom: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})

export const ScenarioRecheck = z.object({
  id: z.number().int(),
  scenarioId: z.string(),
  /** The base run the re-check used: the original when the pack is unchanged, else a fresh full run. */
  baseRequestId: z.string(),
  resultRequestId: z.string(),
  packVersion: z.string(),
  packHash: z.string(),
  packChanged: z.boolean(),
  /** Saved result against the re-checked result: what changed since the scenario was saved. */
  diff: WhatIfDiff,
  createdAt: z.string(),
})

export const ScenarioDetail = z.object({
  scenario: Scenario,
  base: TraceDetail,
  result: TraceDetail,
  /** The comparison exactly as saved. */
  diff: WhatIfDiff,
  rechecks: z.array(ScenarioRecheck),
})

export const ScenarioFilter = z.strictObject({
  search: z.string().max(200).optional(),
  clientId: z.string().max(64).optional(),
  since: IsoDate.optional(),
  until: IsoDate.optional(),
})

export const SaveScenarioInput = z.strictObject({
  name: ScenarioName,
  notes: ScenarioNotes.optional(),
  /** Defaults to the base trace's client. */
  clientId: z.string().max(64).optional(),
  resultRequestId: z.string().min(1).max(200),
})

export const ScenarioRef = z.strictObject({ id: ScenarioId })
export const RenameScenarioInput = z.strictObject({
  id: ScenarioId,
  name: ScenarioName,
  notes: ScenarioNotes.optional(),
})
export const DuplicateScenarioInput = z.strictObject({ id: ScenarioId, name: ScenarioName.optional() })
export const CompareScenariosInput = z.strictObject({ a: ScenarioId, b: ScenarioId })

export const ScenarioComparison = z.object({ a: Scenario, b: Scenario, diff: WhatIfDiff })
export const RecheckResult = z.object({ scenario: Scenario, recheck: ScenarioRecheck })

export type FactValue = z.infer<typeof FactValue>
export type Localized = z.infer<typeof Localized>
export type WhatIfChange = z.infer<typeof WhatIfChange>
export type FactKind = z.infer<typeof FactKind>
export type FactOption = z.infer<typeof FactOption>
export type AppliedChange = z.infer<typeof AppliedChange>
export type DriverFlip = z.infer<typeof DriverFlip>
export type WhatIfDriver = z.infer<typeof WhatIfDriver>
export type WhatIfFact = z.infer<typeof WhatIfFact>
export type DriversView = z.infer<typeof DriversView>
export type RerunReason = z.infer<typeof RerunReason>
export type RerunOffer = z.infer<typeof RerunOffer>
export type CounterfactualRequest = z.infer<typeof CounterfactualRequest>
export type WhatIfRunInput = z.infer<typeof WhatIfRunInput>
export type WhatIfRunResult = z.infer<typeof WhatIfRunResult>
export type ListDiff = z.infer<typeof ListDiff>
export type RuleStanding = z.infer<typeof RuleStanding>
export type ExclusionWords = z.infer<typeof ExclusionWords>
export type RuleDiff = z.infer<typeof RuleDiff>
export type FactDiff = z.infer<typeof FactDiff>
export type DiffSide = z.infer<typeof DiffSide>
export type ValueChange = z.infer<typeof ValueChange>
export type WhatIfDiff = z.infer<typeof WhatIfDiff>
export type Scenario = z.infer<typeof Scenario>
export type ScenarioRecheck = z.infer<typeof ScenarioRecheck>
export type ScenarioDetail = z.infer<typeof ScenarioDetail>
export type ScenarioFilter = z.infer<typeof ScenarioFilter>
export type SaveScenarioInput = z.infer<typeof SaveScenarioInput>
export type ScenarioComparison = z.infer<typeof ScenarioComparison>
export type RecheckResult = z.infer<typeof RecheckResult>
