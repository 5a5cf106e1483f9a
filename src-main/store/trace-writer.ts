import type Database from "better-sqlite3"
import type { ReasoningEvent } from "../../src-shared/events/event"
import type { ModelRecordEvent } from "../../src-shared/events/model-record"
import type { TraceStatus } from "../../src-shared/traces"
import type { LoadedPack } from "../knowledge/loader"
import type { ChainedEvent } from "../trace/hash-chain"
import type { Store } from "./store"
import { eventKey } from "./event-keys"
import { TraceSettler, type Settlement } from "./trace-settle"

// The write side of the trace store: a trace row, its events in batches, one transaction each.
// Stage-boundary batches commit with synchronous=NORMAL: in WAL mode that is atomic and survives
// a crash of the app (what interrupted/resume is about). A batch that ends or suspends a run commits
// with synchronous=FULL, whose WAL fsync also hardens every earlier batch of the run.

export interface NewTrace {
  requestId: string
  createdAt: string
  question: string
  asOfDate: string
  requestJson: string
  clientId: string | null
  counterfactualOf: string | null
  locale: string | null
  pack: LoadedPack
}

export interface PersistedEvent {
  /** An engine event, or (trace format 2) a record of the local model's output. */
  event: ReasoningEvent | ModelRecordEvent
  chained: ChainedEvent
}

export interface Batch {
  requestId: string
  /** Present for the run's first batch: the trace row is created in the same transaction. */
  create?: NewTrace
  /** The trace's rowid, when the caller has it from an earlier commit (saves looking it up). */
  traceId?: number
  events: readonly PersistedEvent[]
  /**
   * How the trace row stands after this batch: given when the run ends, suspends or is aborted.
   * A stage boundary in between only appends events (the row's chain position catches up at the
   * next settlement, or when a crashed run is marked interrupted), which keeps each of those
   * commits to the pages of the events table.
   */
  settle?: Omit<Settlement, "owner">
  /** fsync at commit (terminal, awaiting_input, or an abort). */
  durable: boolean
}

export class TraceWriter {
  private readonly knownPacks = new Set<string>()
  private readonly insertEvent: Database.Statement
  private readonly insertPack: Database.Statement
  private readonly insertTrace: Database.Statement
  private readonly settler: TraceSettler
  private readonly traceIdByRequest: Database.Statement
  private readonly syncNormal: Database.Statement
  private readonly syncFull: Database.Statement
  private readonly writeBatch: Database.Transaction<(batch: Batch) => number>

  constructor(private readonly store: Store) {
    const { sqlite } = store
    // The hot path uses statements prepared once (drizzle builds and prepares a query per call).
    this.insertEvent = sqlite.prepare(
      "INSERT INTO events (id, request_id, seq, stage, status, ts, event_json, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    )
    this.insertPack = sqlite.prepare(
      "INSERT INTO rule_pack_snapshots (hash, pack_id, version, canonical_json, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
    )
    this.insertTrace = sqlite.prepare(
      `INSERT INTO traces (request_id, created_at, updated_at, question, as_of_date, request_json, client_id, pack_id,
         pack_version, pack_hash, counterfactual_of, locale, status, owner)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'running', ?)`,
    )
    this.settler = new TraceSettler(sqlite)
    this.traceIdByRequest = sqlite.prepare("SELECT id FROM traces WHERE request_id = ?").pluck()
    this.syncNormal = sqlite.prepare("PRAGMA synchronous = NORMAL")
    this.syncFull = sqlite.prepare("PRAGMA synchronous = FULL")
    this.writeBatch = sqlite.transaction((batch: Batch) => this.applyBatch(batch))
  }

  /** Commits one batch atomically; returns the trace's rowid. */
  commit(batch: Batch): number {
    try {
      if (batch.durable) return this.writeBatch.immediate(batch)
      this.syncNormal.run()
      try {
        return this.writeBatch.immediate(batch)
      } finally {
        this.syncFull.run()
      }
    } catch (error) {
      // A rolled-back batch may have carried a pack snapshot: forget what we think is stored.
      this.knownPacks.clear()
      throw error
    }
  }

  /** Takes a suspended trace over for continuation (resume, cancel); false if another writer has it. */
  claim(requestId: string, fromStatus: TraceStatus): boolean {
    const now = this.store.clock().toISOString()
    const result = this.store.sqlite
      .prepare("UPDATE traces SET status = 'running', owner = ?, updated_at = ? WHERE request_id = ? AND status = ?")
      .run(this.store.owner, now, requestId, fromStatus)
    return result.changes === 1
  }

  /** Gives a claimed trace back untouched (a continuation that appended nothing). */
  release(requestId: string, toStatus: TraceStatus): void {
    const now = this.store.clock().toISOString()
    this.store.sqlite
      .prepare("UPDATE traces SET status = ?, owner = NULL, updated_at = ? WHERE request_id = ? AND status = 'running' AND owner = ?")
      .run(toStatus, now, requestId, this.store.owner)
  }

  private applyBatch(batch: Batch): number {
    const now = this.store.clock().toISOString()
    const traceId = batch.create !== undefined ? this.createTrace(batch.create, now) : (batch.traceId ?? this.traceIdOf(batch.requestId))
    for (const { event, chained } of batch.events) {
      const key = eventKey(traceId, chained.seq)
      this.insertEvent.run(key, batch.requestId, chained.seq, event.stage, event.status, event.ts, chained.eventJson, chained.prevHash, chained.hash)
    }
    if (batch.settle !== undefined) {
      const changed = this.settler.settle(batch.requestId, now, { ...batch.settle, owner: this.store.owner })
      if (changed !== 1) throw new Error(`trace ${batch.requestId} is not in the store`)
    }
    return traceId
  }

  /** The trace's rowid (its events' keys derive from it). */
  private traceIdOf(requestId: string): number {
    const id = this.traceIdByRequest.get(requestId) as number | undefined
    if (id === undefined) throw new Error(`trace ${requestId} is not in the store`)
    return id
  }

  /** Inserts the trace row; returns its rowid. */
  private createTrace(trace: NewTrace, now: string): number {
    const { pack } = trace
    if (!this.knownPacks.has(pack.hash)) {
      this.insertPack.run(pack.hash, pack.id, pack.version, pack.canonicalJson, now)
      this.knownPacks.add(pack.hash)
    }
    const inserted = this.insertTrace.run(
      trace.requestId,
      trace.createdAt,
      now,
      trace.question,
      trace.asOfDate,
      trace.requestJson,
      trace.clientId,
      pack.id,
      pack.version,
      pack.hash,
      trace.counterfactualOf,
      trace.locale,
      this.store.owner,
    )
    return Number(inserted.lastInsertRowid)
  }
}
