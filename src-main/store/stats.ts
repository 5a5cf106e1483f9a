import { and, count, desc, eq, isNotNull, sql, type SQL } from "drizzle-orm"
import type { TraceFilter, TraceStats } from "../../src-shared/traces"
import { filterConditions, toFtsQuery } from "./history"
import { traces } from "./schema"
import type { Store } from "./store"

// Dashboard aggregates over the history (hypothetical runs excluded unless asked for):
// outcome by risk tier, confidence distribution in tenths, TTFUS percentiles (nearest rank),
// refusal reasons.

const CONFIDENCE_BUCKETS = Array.from({ length: 10 }, (_, i) => `${(i / 10).toFixed(1)}-${((i + 1) / 10).toFixed(1)}`)

export function traceStats(store: Store, filter: TraceFilter = {}): TraceStats {
  const { db } = store
  const base = filterConditions(filter)
  const fts = filter.search === undefined ? null : toFtsQuery(filter.search)
  if (fts !== null) {
    store.searchIndex.catchUp()
    base.push(sql`${traces.id} IN (SELECT rowid FROM traces_fts WHERE traces_fts MATCH ${fts})`)
  }
  const where = (...extra: SQL[]) => and(...base, ...extra)

  const total = db.select({ n: count() }).from(traces).where(where()).get()?.n ?? 0

  const outcomeByTier = db
    .select({ riskTier: traces.riskTier, outcome: traces.outcome, count: count() })
    .from(traces)
    .where(where())
    .groupBy(traces.riskTier, traces.outcome)
    .orderBy(traces.riskTier, traces.outcome)
    .all()

  const bucket = sql<number>`min(cast(${traces.confidence} * 10 as integer), 9)`
  const byBucket = new Map(
    db
      .select({ bucket, count: count() })
      .from(traces)
      .where(where(isNotNull(traces.confidence)))
      .groupBy(bucket)
      .all()
      .map((row) => [row.bucket, row.count]),
  )
  const confidenceHistogram = CONFIDENCE_BUCKETS.map((label, i) => ({ bucket: label, count: byBucket.get(i) ?? 0 }))

  const timed = db.select({ n: count() }).from(traces).where(where(isNotNull(traces.ttfusMs))).get()?.n ?? 0
  const percentile = (p: number): number | null => {
    if (timed === 0) return null
    const offset = Math.max(0, Math.ceil(p * timed) - 1)
    const row = db
      .select({ v: traces.ttfusMs })
      .from(traces)
      .where(where(isNotNull(traces.ttfusMs)))
      .orderBy(traces.ttfusMs)
      .limit(1)
      .offset(offset)
      .get()
    return row?.v ?? null
  }

  const refusalReasons = db
    .select({ reason: traces.refusalReason, count: count() })
    .from(traces)
    .where(where(eq(traces.outcome, "REFUSAL"), isNotNull(traces.refusalReason)))
    .groupBy(traces.refusalReason)
    .orderBy(desc(count()))
    .all()
    .map((row) => ({ reason: row.reason ?? "", count: row.count }))

  return {
    total,
    outcomeByTier,
    confidenceHistogram,
    ttfusPercentiles: { p50: percentile(0.5), p95: percentile(0.95), p99: percentile(0.99) },
    refusalReasons,
  }
}
