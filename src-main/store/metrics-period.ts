import type { MetricsBucket, MetricsRequest } from "../../src-shared/metrics"

// The dashboard's period: the last N calendar days up to and including today, in UTC (traces'
// created_at is UTC), cut into days or ISO weeks (Monday first). Pure: the store's clock is passed in.

export interface MetricsPeriod {
  days: MetricsRequest["days"]
  bucket: MetricsBucket
  /** First day counted. */
  since: string
  /** Last day counted (today). */
  until: string
  /** The day after `until`: created_at < this. */
  untilNext: string
  buckets: string[]
}

const DAY_MS = 86_400_000

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

function dayMs(iso: string): number {
  return Date.parse(`${iso}T00:00:00Z`)
}

/** The Monday of the ISO week a day falls in. */
export function mondayOf(iso: string): string {
  const ms = dayMs(iso)
  const weekday = (new Date(ms).getUTCDay() + 6) % 7 // Monday 0 … Sunday 6
  return isoDay(ms - weekday * DAY_MS)
}

export function metricsPeriod(request: MetricsRequest, now: Date): MetricsPeriod {
  const until = isoDay(now.getTime())
  const since = isoDay(dayMs(until) - (request.days - 1) * DAY_MS)
  const untilNext = isoDay(dayMs(until) + DAY_MS)
  const buckets: string[] = []
  const first = request.bucket === "week" ? mondayOf(since) : since
  const step = request.bucket === "week" ? 7 * DAY_MS : DAY_MS
  for (let ms = dayMs(first); ms <= dayMs(until); ms += step) buckets.push(isoDay(ms))
  return { days: request.days, bucket: request.bucket, since, until, untilNext, buckets }
}

/**
 * SQL for the bucket a trace's created_at falls in: its day, or the Monday of its week
 * ('weekday 0' moves to the coming Sunday, or stays on a Sunday; six days back is that week's Monday).
 */
export function bucketSql(bucket: MetricsBucket, column: string): string {
  return bucket === "week" ? `date(substr(${column}, 1, 10), 'weekday 0', '-6 days')` : `substr(${column}, 1, 10)`
}
