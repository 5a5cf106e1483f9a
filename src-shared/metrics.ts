import { z } from "zod"
import { IsoDate } from "./context"
import { ReasoningStage, RiskTier, TerminalOutcome } from "./events/stages"

// The dashboard's figures (issue 23; seed 001 §11 as the firm sees its own use), computed in the
// main process from the store and shared by the IPC channel, the CLI and the window.

export const METRIC_PERIODS = [7, 30, 90] as const
export const MetricsPeriodDays = z.union([z.literal(7), z.literal(30), z.literal(90)])
export const MetricsBucket = z.enum(["day", "week"])

export const MetricsRequest = z.strictObject({
  days: MetricsPeriodDays,
  bucket: MetricsBucket,
})

/** A share: how many of how many; `rate` is null when nothing could be counted (0 of 0). */
export const Rate = z.object({
  numerator: z.number().int().nonnegative(),
  denominator: z.number().int().nonnegative(),
  rate: z.number().min(0).max(1).nullable(),
})

/** Nearest-rank percentiles of a set of durations; null when the set is empty. */
export const Percentiles = z.object({
  count: z.number().int().nonnegative(),
  p50: z.number().nullable(),
  p95: z.number().nullable(),
})

export const OutcomeCount = z.object({
  /** First day of the bucket (the day, or the Monday of the ISO week). */
  bucket: IsoDate,
  riskTier: RiskTier.nullable(),
  outcome: TerminalOutcome,
  count: z.number().int().positive(),
})

/** The shares that a day or week can be read by, one row per bucket. */
export const RateRow = z.object({
  bucket: IsoDate,
  coverage: Rate,
  clarification: Rate,
  temporal: Rate,
  freshness: Rate,
})

export const StageTiming = z.object({
  /** "TTFUS" (submit to the first source visible), "RUN" (the whole run) or a pipeline stage. */
  stage: z.union([z.literal("TTFUS"), z.literal("RUN"), ReasoningStage]),
  ms: Percentiles,
})

export const DashboardMetrics = z.object({
  period: z.object({
    days: MetricsPeriodDays,
    bucket: MetricsBucket,
    /** First and last day counted (calendar days in the desk's time zone, both included). */
    since: IsoDate,
    until: IsoDate,
    /** Every bucket of the period in order, so a chart shows the empty ones too. */
    buckets: z.array(IsoDate),
  }),
  /** Finished runs by outcome: answers, qualified, conditional, refusals, errors. */
  totals: z.object({
    runs: z.number().int().nonnegative(),
    byOutcome: z.record(TerminalOutcome, z.number().int().nonnegative()),
  }),
  outcomes: z.array(OutcomeCount),
  rates: z.object({
    coverage: Rate,
    clarification: Rate,
    temporal: Rate,
    freshness: Rate,
    refusalRecovery: Rate,
    dispute: Rate,
    confirmedIncorrect: Rate,
  }),
  rateSeries: z.array(RateRow),
  /** Age in days of each answer's primary citation when the answer was given. */
  freshnessAgeDays: Percentiles,
  triage: z.object({
    open: z.number().int().nonnegative(),
    /** Hours from a flag to its decision, over the flags decided that were raised in the period. */
    hours: Percentiles,
  }),
  timings: z.array(StageTiming),
  /** The windows refusal recovery is counted in (see store/metrics-recovery.ts). */
  recovery: z.object({ followUps: z.number().int().positive(), windowMinutes: z.number().int().positive() }),
})

export type MetricsPeriodDays = z.infer<typeof MetricsPeriodDays>
export type MetricsBucket = z.infer<typeof MetricsBucket>
export type MetricsRequest = z.infer<typeof MetricsRequest>
export type Rate = z.infer<typeof Rate>
export type Percentiles = z.infer<typeof Percentiles>
export type OutcomeCount = z.infer<typeof OutcomeCount>
export type RateRow = z.infer<typeof RateRow>
export type StageTiming = z.infer<typeof StageTiming>
export type DashboardMetrics = z.infer<typeof DashboardMetrics>

/** A share from its two counts (null when there was nothing to count). */
export function toRate(numerator: number, denominator: number): Rate {
  return { numerator, denominator, rate: denominator === 0 ? null : numerator / denominator }
}
