import type { MetricsBucket, MetricsRequest } from "../../src-shared/metrics"
import { isoDayIn, isoWeekMonday, localMidnightUtc, shiftIsoDay } from "./metrics-zone"

// The dashboard's period: the last N calendar days up to and including today, cut into days or
// ISO weeks (Monday first). Days are the desk's days, in its time zone: traces' created_at is UTC,
// and a question asked at 00:30 in Zagreb belongs to that day, not to the UTC day before (issue 23).
// Pure: the store's clock and the zone are passed in.

export interface MetricsPeriod {
  days: MetricsRequest["days"]
  bucket: MetricsBucket
  timeZone: string
  /** First day counted (a local calendar day). */
  since: string
  /** Last day counted (today, locally). */
  until: string
  /** The UTC instants where `since` begins and the day after `until` begins: since ≤ created_at < untilNext. */
  sinceAt: string
  untilNextAt: string
  /** Every bucket's first day, in order, and the UTC instant where each begins. */
  buckets: string[]
  bucketStarts: string[]
}

export function metricsPeriod(request: MetricsRequest, now: Date, timeZone: string): MetricsPeriod {
  const until = isoDayIn(now.getTime(), timeZone)
  const since = shiftIsoDay(until, -(request.days - 1))
  const untilNext = shiftIsoDay(until, 1)
  const step = request.bucket === "week" ? 7 : 1
  const buckets: string[] = []
  for (
    let day = request.bucket === "week" ? isoWeekMonday(since) : since;
    day <= until;
    day = shiftIsoDay(day, step)
  )
    buckets.push(day)
  return {
    days: request.days,
    bucket: request.bucket,
    timeZone,
    since,
    until,
    sinceAt: localMidnightUtc(since, timeZone),
    untilNextAt: localMidnightUtc(untilNext, timeZone),
    buckets,
    bucketStarts: buckets.map((day) => localMidnightUtc(day, timeZone)),
  }
}

const SQL_SAFE = /^[0-9TZ:.-]+$/

function literal(text: string): string {
  // Only dates and instants this module made reach here; the check keeps it that way.
  if (!SQL_SAFE.test(text)) throw new Error(`not a date or instant: ${text}`)
  return `'${text}'`
}

/**
 * SQL for the bucket a trace's created_at falls in: the last bucket whose local midnight (as a UTC
 * instant) is at or before it. SQLite knows no time zones, so the period's bucket starts, made in
 * JavaScript with the zone's rules (DST included), are compared as ISO strings, which sort as time.
 * Only rows of the period reach the expression (periodRunsCte), so none falls before the first start.
 */
export function bucketSql(period: Pick<MetricsPeriod, "buckets" | "bucketStarts">, column: string): string {
  const branches: string[] = []
  for (let i = period.buckets.length - 1; i >= 1; i--) {
    const start = period.bucketStarts[i]
    const bucket = period.buckets[i]
    if (start !== undefined && bucket !== undefined)
      branches.push(`WHEN ${column} >= ${literal(start)} THEN ${literal(bucket)}`)
  }
  const first = period.buckets[0]
  if (first === undefined) return "NULL"
  return branches.length === 0 ? literal(first) : `CASE ${branches.join(" ")} ELSE ${literal(first)} END`
}
