import type { SyncedTrace } from "./contract"
import type { FirmDb } from "./firm-db"
import type { LocalOutbox } from "./local-outbox"
import type { TraceBatch } from "./outbox-batch"
import type { Mark } from "./up-marks"

// Up-sync of finished traces: each batch is ONE statement, so one round trip and its own
// transaction (the server's deferred check that every trace has its events runs at its commit).
// The statement inserts the traces the firm lacks and, in the same statement, the events of
// exactly those traces; the server's chain check runs once over all of them at the statement's
// end. The desk marks the batch only after the statement came back committed. While the server
// works on batch N the desk reads batch N+1 from SQLite.

const TRACE_COLUMNS: readonly [keyof SyncedTrace, string, string][] = [
  ["requestId", "request_id", "text"],
  ["createdAt", "created_at", "text"],
  ["question", "question", "text"],
  ["asOfDate", "as_of_date", "text"],
  ["requestJson", "request_json", "text"],
  ["clientId", "client_id", "text"],
  ["counterfactualOf", "counterfactual_of", "text"],
  ["locale", "locale", "text"],
  ["packId", "pack_id", "text"],
  ["packVersion", "pack_version", "text"],
  ["packHash", "pack_hash", "text"],
  ["outcome", "outcome", "text"],
  ["domain", "domain", "text"],
  ["riskTier", "risk_tier", "text"],
  ["confidence", "confidence", "float8"],
  ["answerText", "answer_text", "text"],
  ["chainHead", "chain_head", "text"],
  ["eventCount", "event_count", "int4"],
]

const EVENT_PARAMS = TRACE_COLUMNS.length
const split = (n: number) => `string_to_array($${EVENT_PARAMS + n}, chr(30))`

// The events' CTE reads only the traces the first one inserted: a trace the firm already has
// gets no second copy of its events (which the chain check would refuse anyway).
export const INSERT_TRACE_BATCH = `WITH new_traces AS (
    INSERT INTO firm.traces (${TRACE_COLUMNS.map(([, c]) => c).join(", ")})
    SELECT * FROM unnest(${TRACE_COLUMNS.map(([, , t], i) => `$${i + 1}::${t}[]`).join(", ")})
    ON CONFLICT (request_id) DO NOTHING RETURNING request_id
  ), new_events AS (
    INSERT INTO firm.events (request_id, seq, event_json, prev_hash, hash)
    SELECT e.r, e.s::int4, e.j, e.p, e.h
    FROM unnest(${split(1)}, ${split(2)}, ${split(3)}, ${split(4)}, ${split(5)}) AS e(r, s, j, p, h)
    WHERE e.r IN (SELECT request_id FROM new_traces)
  )
  SELECT request_id FROM new_traces`

export interface TraceUpOptions {
  desk: string
  batchSize: number
  /** Connections beyond `db` that batches may go over at once; opened only when a backlog waits. */
  openLane?: () => Promise<FirmDb>
  /** How many connections at most, `db` included (default 1 without openLane, else TRACE_LANES). */
  lanes?: number
}

/**
 * Two connections by default: each trace's chain is checked on its own, so batches are
 * independent and two server processes check two batches at once (issue 25: one connection's
 * ceiling was about 1,200 traces/s, most of it the server's chain check). More would only add
 * connections to the firm's server, shared by all its desks, for little on the usual 2-4 cores.
 */
export const TRACE_LANES = 2

/**
 * Sends every pending complete trace; calls `record` with each committed batch's marks. Batches
 * are taken in the desk's row order by whichever lane is free; each lane reads its next batch
 * while its current one is at the server. A lane that fails stops the others taking new batches;
 * the batches already committed are still recorded, and the first failure is thrown.
 */
export async function pushTraceBatches(db: FirmDb, outbox: LocalOutbox, options: TraceUpOptions, record: (marks: Mark[]) => void): Promise<void> {
  const queue = new BatchQueue(outbox, options.batchSize)
  const first = queue.take()
  if (first === null) return
  const lanes = [settledLater(runLane(db, first, queue, options.desk, record))]
  const wanted = options.openLane === undefined ? 1 : (options.lanes ?? TRACE_LANES)
  for (let i = 1; i < wanted && queue.hasMore(); i += 1) {
    // No extra connection (the server is at its limit, a cut): the lanes already open carry on.
    const lane = await options.openLane?.().catch(() => null)
    if (lane === null || lane === undefined) break
    const batch = queue.take()
    if (batch !== null) lanes.push(settledLater(runLane(lane, batch, queue, options.desk, record)))
  }
  const failed = (await Promise.allSettled(lanes)).find((r) => r.status === "rejected")
  if (failed !== undefined) throw failed.reason
}

/**
 * A lane may fail while the next connection is still being opened, before allSettled holds it:
 * its failure is read there, and this only keeps it from counting as unhandled meanwhile (the
 * CI run once ended on such an unhandled "Connection terminated").
 */
function settledLater(lane: Promise<void>): Promise<void> {
  lane.catch(() => undefined)
  return lane
}

/** The desk's pending batches in row order, shared by the lanes (JavaScript runs one at a time). */
class BatchQueue {
  private afterRowId = 0
  private peeked: TraceBatch | null = null
  private stopped = false

  constructor(
    private readonly outbox: LocalOutbox,
    private readonly size: number,
  ) {}

  take(): TraceBatch | null {
    if (this.stopped) return null
    const batch = this.peeked ?? this.outbox.nextTraceBatch(this.afterRowId, this.size)
    this.peeked = null
    if (batch === null) this.stopped = true
    else this.afterRowId = batch.lastRowId
    return batch
  }

  /** Whether another batch waits (read now, handed out by the next take). */
  hasMore(): boolean {
    if (this.stopped) return false
    this.peeked ??= this.outbox.nextTraceBatch(this.afterRowId, this.size)
    return this.peeked !== null
  }

  stop(): void {
    this.stopped = true
  }
}

async function runLane(db: FirmDb, first: TraceBatch, queue: BatchQueue, desk: string, record: (marks: Mark[]) => void): Promise<void> {
  let batch: TraceBatch | null = first
  try {
    while (batch !== null) {
      const inFlight = insertTraceBatch(db, batch, desk)
      // A failure is taken from `inFlight` below; this only keeps it from counting as unhandled meanwhile.
      inFlight.catch(() => undefined)
      // Read the next batch while the server works on this one, once its statement has left whole.
      await db.flushed?.()
      const next = queue.take()
      record(await inFlight)
      batch = next
    }
  } catch (error) {
    queue.stop()
    throw error
  }
}

/** The parameters of INSERT_TRACE_BATCH for a batch: one array per trace column, then the packed events. */
export function traceBatchValues({ traces, events }: TraceBatch): unknown[] {
  return [
    ...TRACE_COLUMNS.map(([key]) => traces.map((trace) => trace[key])),
    events.requestIds,
    events.seqs,
    events.eventJson,
    events.prevHashes,
    events.hashes,
  ]
}

async function insertTraceBatch(db: FirmDb, batch: TraceBatch, desk: string): Promise<Mark[]> {
  const inserted = new Set((await db.query<{ request_id: string }>(INSERT_TRACE_BATCH, traceBatchValues(batch))).rows.map((r) => r.request_id))
  const existing = await existingTraces(db, batch.traces.filter((trace) => !inserted.has(trace.requestId)))
  return batch.traces.map((trace) => {
    const mark = { kind: "trace" as const, id: trace.requestId, digest: trace.chainHead }
    if (inserted.has(trace.requestId)) return { ...mark, result: "new" }
    const there = existing.get(trace.requestId)
    if (there === undefined) return { ...mark, result: "conflict", reason: "the firm refused it without a row" }
    if (there.desk !== desk) return { ...mark, result: "conflict", reason: `desk ${there.desk} sent a trace with this request id` }
    const same = there.chain_head === trace.chainHead && there.event_count === trace.eventCount
    return same ? { ...mark, result: "there" } : { ...mark, result: "conflict", reason: "the firm holds another chain under this request id" }
  })
}

interface ExistingTrace {
  request_id: string
  desk: string
  chain_head: string
  event_count: number
}

/** What the firm holds under the request ids it did not take now (a batch resumed after a cut). */
async function existingTraces(db: FirmDb, traces: readonly SyncedTrace[]): Promise<Map<string, ExistingTrace>> {
  if (traces.length === 0) return new Map()
  const rows = await db.query<ExistingTrace>(
    "SELECT request_id, desk, chain_head, event_count FROM firm.traces WHERE request_id = ANY($1::text[])",
    [traces.map((trace) => trace.requestId)],
  )
  return new Map(rows.rows.map((row) => [row.request_id, row]))
}
