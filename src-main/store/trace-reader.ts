import { asc, eq, sql } from "drizzle-orm"
import { ReasoningEvent } from "../../src-shared/events/event"
import { MODEL_RECORD_STAGE, type ModelRecordEvent } from "../../src-shared/events/model-record"
import { modelRecordsOf } from "../trace/model-records"
import { TraceSummary, type TraceDetail } from "../../src-shared/traces"
import { loadPack, type LoadedPack } from "../knowledge/loader"
import { events, rulePackSnapshots, traces, type EventRow, type TraceRow } from "./schema"
import { EVENT_SEQ_BITS, MAX_EVENTS_PER_TRACE } from "./event-keys"
import type { Store } from "./store"

// The read side for one trace: its summary, its events (validated at this boundary), and the
// rule pack snapshot it ran against.

export function toTraceSummary(row: TraceRow): TraceSummary {
  return TraceSummary.parse({
    requestId: row.requestId,
    question: row.question,
    status: row.status,
    outcome: row.outcome,
    domain: row.domain,
    riskTier: row.riskTier,
    confidence: row.confidence,
    // A run interrupted before its language was known: the app's default locale.
    locale: row.locale ?? "hr",
    // The date the run is about: what it evaluated on, else the date requested (or the day asked).
    asOfDate: row.evaluatedAsOf ?? row.asOfDate,
    clientId: row.clientId,
    sourceCount: row.sourceCount,
    eligibleRuleCount: row.eligibleRuleCount,
    exclusionCount: row.exclusionCount,
    conflictCount: row.conflictCount,
    refusalReason: row.refusalReason,
    durationMs: row.durationMs,
    ttfusMs: row.ttfusMs,
    createdAt: row.createdAt,
    counterfactualOf: row.counterfactualOf,
    packId: row.packId,
    packVersion: row.packVersion,
    packHash: row.packHash,
    chainHead: row.chainHead,
    eventCount: row.eventCount,
  })
}

export class TraceReader {
  private readonly byRequestId
  private readonly eventsOf

  constructor(private readonly store: Store) {
    this.byRequestId = store.db
      .select()
      .from(traces)
      .where(eq(traces.requestId, sql.placeholder("id")))
      .prepare()
    // A trace's events: the range of the events table's key that its rowid spans (event-keys.ts).
    const traceId = sql`(SELECT ${traces.id} FROM ${traces} WHERE ${traces.requestId} = ${sql.placeholder("id")})`
    this.eventsOf = store.db
      .select()
      .from(events)
      .where(sql`${events.id} BETWEEN ${traceId} << ${sql.raw(String(EVENT_SEQ_BITS))} AND (${traceId} << ${sql.raw(String(EVENT_SEQ_BITS))}) + ${sql.raw(String(MAX_EVENTS_PER_TRACE - 1))}`)
      .orderBy(asc(events.id))
      .prepare()
  }

  row(requestId: string): TraceRow | undefined {
    return this.byRequestId.get({ id: requestId })
  }

  /** Event rows ordered by seq, exactly as stored (for verification). */
  eventRows(requestId: string): EventRow[] {
    return this.eventsOf.all({ id: requestId })
  }

  /** The engine's events (a version-2 trace's model recording is set aside: modelRecords). */
  events(requestId: string): ReasoningEvent[] {
    return this.eventRows(requestId)
      .filter((row) => row.stage !== MODEL_RECORD_STAGE)
      .map((row) => ReasoningEvent.parse(JSON.parse(row.eventJson)))
  }

  /** The local model's recording (trace format 2), in chain order; none in a version-1 trace. */
  modelRecords(requestId: string): ModelRecordEvent[] {
    return modelRecordsOf(this.eventRows(requestId).filter((row) => row.stage === MODEL_RECORD_STAGE).map((row) => JSON.parse(row.eventJson) as unknown))
  }

  detail(requestId: string): TraceDetail | null {
    const row = this.row(requestId)
    if (row === undefined) return null
    return { trace: toTraceSummary(row), events: this.events(requestId) }
  }

  packSnapshot(hash: string): LoadedPack | null {
    const row = this.store.db.select().from(rulePackSnapshots).where(eq(rulePackSnapshots.hash, hash)).get()
    if (row === undefined) return null
    const pack = loadPack(JSON.parse(row.canonicalJson))
    if (pack.hash !== hash) throw new Error(`rule pack snapshot ${hash} does not match its content (hash ${pack.hash})`)
    return pack
  }

  exists(requestId: string): boolean {
    return this.store.db.select({ id: traces.id }).from(traces).where(eq(traces.requestId, requestId)).get() !== undefined
  }
}
