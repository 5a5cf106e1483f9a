import { isTerminal, type ReasoningEvent } from "../../src-shared/events/event"
import type { ModelRecordEvent } from "../../src-shared/events/model-record"
import type { TraceStatus } from "../../src-shared/traces"
import { chainEvent, GENESIS_HASH } from "../trace/hash-chain"
import { summarizeEvent, type TracePatch } from "../trace/summary"
import type { Batch, NewTrace, PersistedEvent, TraceWriter } from "../store/trace-writer"
import { RunTiming } from "../store/run-timing"
import type { ReasoningSink } from "./types"

// The audit sink (seed 003: buffered): chains every event onto the trace's hash chain and
// persists the buffer, each batch in one transaction, at every stage boundary (a `complete` event),
// at awaiting_input and at the terminal; the trace row (status running) comes first, from open() or
// else with the first batch. A stage boundary only appends events; the batches that end, suspend or
// abort the run also settle the trace row (status, chain head, event count, the summary columns
// gathered since).
//
// Group commit: when the engine is ahead of the store (the engine thread computes the next stages
// while this thread commits), the events after a boundary may already be at hand. The boundary
// then waits for them, not for the engine: it is committed with the next boundary or terminal, or
// as soon as no further event is at hand, whichever comes first. So a boundary is never left
// uncommitted while the run waits on the engine, and boundaries that arrived together cost one
// commit, not one each.

/** Where an existing trace's chain stands, to append to it (resume, cancel). */
export interface ChainPosition {
  head: string
  /** The trace's stored events (the next seq follows them; timings continue from them). */
  stored: readonly ReasoningEvent[]
}

export interface AuditSinkOptions {
  /** Continues an existing trace (resume, cancel) instead of creating one. */
  resumeAt?: ChainPosition
  /** Whether the run's next event is already at hand (EngineRun.nextEventReady); absent: never. */
  nextEventReady?: () => boolean
  /**
   * Trace format 2: the local model's recording, asked for at the terminal and chained after it in
   * the same commit (a complete trace is sealed). `firstSeq` is the seq the first record takes.
   */
  trailer?: (firstSeq: number) => readonly ModelRecordEvent[]
}

export class AuditSink implements ReasoningSink {
  readonly mode = "buffered" as const
  private buffer: PersistedEvent[] = []
  private patch: TracePatch = {}
  private readonly timing = new RunTiming()
  private created: boolean
  private nextSeq: number
  private head: string
  private ended = false
  /** The status the trace has in the store (a new row and a claimed one are both running). */
  private storedStatus: TraceStatus = "running"
  private ttfusStored = false
  /** The trace's rowid, once a commit has told it. */
  private traceId: number | undefined
  private appended = 0
  /** The buffer holds a stage boundary that waits for the events already at hand after it. */
  private boundaryBuffered = false
  private readonly nextEventReady: () => boolean
  private readonly trailer: ((firstSeq: number) => readonly ModelRecordEvent[]) | undefined

  /**
   * @param trace the row to create at the first event; ignored when `options.resumeAt` continues an existing trace.
   * @param requestLocale the locale the request asked for (else the run's language is recorded).
   */
  constructor(
    private readonly writer: TraceWriter,
    private readonly trace: NewTrace,
    private readonly requestLocale: string | undefined,
    options: AuditSinkOptions = {},
  ) {
    const { resumeAt } = options
    this.nextEventReady = options.nextEventReady ?? (() => false)
    this.trailer = options.trailer
    this.created = resumeAt !== undefined
    this.nextSeq = resumeAt?.stored.length ?? 0
    this.head = resumeAt?.head ?? GENESIS_HASH
    for (const event of resumeAt?.stored ?? []) this.timing.observe(event, Date.parse(event.ts))
  }

  write(event: ReasoningEvent): void {
    if (this.ended) throw new Error(`audit sink for ${this.trace.requestId} got an event after the run ended`)
    if (event.requestId !== this.trace.requestId)
      throw new Error(`audit sink for ${this.trace.requestId} got an event of ${event.requestId}`)
    if (event.seq !== this.nextSeq)
      throw new Error(`event ${event.id} is out of order: expected seq ${this.nextSeq}, got ${event.seq}`)
    const chained = chainEvent(this.head, event)
    this.buffer.push({ event, chained })
    this.head = chained.hash
    this.nextSeq += 1
    this.timing.observe(event, Date.parse(event.ts))
    summarizeEvent(event, this.patch, this.requestLocale)

    if (isTerminal(event)) {
      this.patch.durationMs = this.timing.activeMs(Date.parse(event.ts))
      this.chainTrailer()
      this.commit("complete", true)
      this.ended = true
    } else if (event.status === "awaiting_input") this.commit("awaiting_input", true)
    else {
      if (event.status === "complete") this.boundaryBuffered = true
      if (this.boundaryBuffered && !this.nextEventReady()) this.append()
    }
  }

  /** The model's records after the terminal, on the same chain (they take part in no summary). */
  private chainTrailer(): void {
    let records: readonly ModelRecordEvent[] = []
    try {
      records = this.trailer?.(this.nextSeq) ?? []
    } catch {
      // The model never fails a run: without its records the trace is a version-1 trace.
    }
    const inOrder = records.every((r, i) => r.requestId === this.trace.requestId && r.seq === this.nextSeq + i)
    for (const record of inOrder ? records : []) {
      const chained = chainEvent(this.head, record)
      this.buffer.push({ event: record, chained })
      this.head = chained.hash
      this.nextSeq += 1
    }
  }

  /**
   * Creates the trace row (status running, no events yet) ahead of the first stage, so that this
   * commit overlaps the engine's first stage instead of following it. Nothing is lost if it fails:
   * the first batch creates the row in its own transaction, and that failure is the one reported.
   */
  open(): void {
    if (this.created) return
    try {
      this.send(undefined, false)
    } catch {
      // Reported by the first batch (see above).
    }
  }

  /** Events this sink has committed to the store. */
  get appendedCount(): number {
    return this.appended
  }

  async flush(): Promise<void> {
    if (this.buffer.length > 0) this.commit(this.bufferedStatus("running"), true)
  }

  /** The run failed or was abandoned: persist what happened and mark the trace interrupted. */
  abort(): void {
    if (this.ended) return
    // Nothing was ever written and nothing is buffered: there is no trace to mark.
    if (!this.created && this.buffer.length === 0) return
    this.commit(this.bufferedStatus("interrupted"), true)
    this.ended = true
  }

  /** A retried batch (its first commit failed) still says how the run stands. */
  private bufferedStatus(otherwise: TraceStatus): TraceStatus {
    const last = this.buffer.at(-1)
    // The model's records only ever follow the terminal.
    if (last?.event.stage === "MODEL") return "complete"
    if (last !== undefined && isTerminal(last.event)) return "complete"
    if (last?.event.status === "awaiting_input") return "awaiting_input"
    return otherwise
  }

  /** A stage boundary: the buffered events (and, the first time, the trace row). */
  private append(): void {
    this.send(undefined, false)
  }

  /** The run ends, suspends or is abandoned: its events, and the trace row brought up to date. */
  private commit(status: TraceStatus, durable: boolean): void {
    const ttfus = this.timing.ttfusMs
    if (ttfus !== null && !this.ttfusStored) {
      this.patch.ttfusMs = ttfus
      this.ttfusStored = true
    }
    const settle = {
      status: status === this.storedStatus && this.created ? null : status,
      patch: this.patch,
      chainHead: this.nextSeq === 0 ? null : this.head,
      eventCount: this.nextSeq,
    }
    this.send(settle, durable)
    this.storedStatus = status
    this.patch = {}
  }

  /** Commits the buffer (creating the trace row the first time) and empties it. */
  private send(settle: Batch["settle"], durable: boolean): void {
    this.traceId = this.writer.commit({
      requestId: this.trace.requestId,
      ...(this.created ? {} : { create: this.trace }),
      ...(this.traceId === undefined ? {} : { traceId: this.traceId }),
      events: this.buffer,
      ...(settle === undefined ? {} : { settle }),
      durable,
    })
    this.created = true
    this.appended += this.buffer.length
    this.buffer = []
    this.boundaryBuffered = false
  }
}
