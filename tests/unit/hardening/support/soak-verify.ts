import Database from "better-sqlite3"
import type { ReasoningEvent } from "../../../../src-shared/events/event"
import { verifyChain, type ChainRow } from "../../../../src-main/trace/chain-verify"
import { eventsOfRequestSql, eventsOfTraceSql } from "../../../../src-main/store/event-keys"
import type { Services } from "../../../../src-main/composition/services"

// The soak's checks, through a second, read-only connection. While the soak runs: each event the
// live bus carries must follow the previous one of its trace (no gap, no repeat), and once a run
// has settled its stored events must be exactly those (none lost). The tally is dropped once
// checked, so the harness itself retains nothing per run and the memory figures are the app's.
// At the end: every hash chain recomputed from the rows, and the runs replayed (all or a sample).

export interface StoredTraceCheck {
  tracesChecked: number
  eventsStored: number
  /** Traces whose stored events differ from the events published live. */
  lostEvents: string[]
  chainProblems: string[]
  replayProblems: string[]
  /** Traces still running or awaiting input after the soak settled. */
  unfinished: string[]
}

interface TraceRow {
  id: number
  request_id: string
  status: string
  chain_head: string | null
  event_count: number
}

export class PublishedEvents {
  readonly lostEvents: string[] = []
  /** Per trace not yet checked: how many events the bus carried (seq 0..n-1, in order). */
  private readonly counts = new Map<string, number>()
  private readonly db: Database.Database
  private readonly stored: Database.Statement

  constructor(dbPath: string) {
    this.db = new Database(dbPath, { readonly: true, fileMustExist: true })
    this.stored = this.db.prepare(`SELECT event_count AS eventCount, (SELECT count(*) FROM events e WHERE ${eventsOfRequestSql("e", "@id")}) AS rows FROM traces WHERE request_id = @id`)
  }

  onEvent(event: ReasoningEvent): void {
    const count = this.counts.get(event.requestId) ?? 0
    if (event.seq !== count) this.lostEvents.push(`${event.requestId}: the bus carried seq ${event.seq} after ${count} event(s)`)
    this.counts.set(event.requestId, Math.max(count, event.seq + 1))
  }

  /** Compares settled traces' stored events with what the bus carried, then forgets them. */
  check(requestIds: Iterable<string>): void {
    for (const requestId of requestIds) {
      const published = this.counts.get(requestId) ?? 0
      const row = this.stored.get({ id: requestId }) as { eventCount: number; rows: number } | undefined
      if (row === undefined) this.lostEvents.push(`${requestId}: ${published} event(s) published, trace not stored`)
      else if (row.rows !== published || row.eventCount !== published)
        this.lostEvents.push(`${requestId}: published ${published}, stored ${row.rows}, event_count ${row.eventCount}`)
      this.counts.delete(requestId)
    }
  }

  checkRemaining(): void {
    this.check([...this.counts.keys()])
  }

  close(): void {
    this.db.close()
  }
}

export async function verifyStoredTraces(services: Services, replayEvery: number): Promise<Omit<StoredTraceCheck, "lostEvents">> {
  const db = new Database(services.store.path, { readonly: true, fileMustExist: true })
  try {
    // Paged, not iterated: the connection must stay free for the event reads in between.
    const page = db.prepare("SELECT id, request_id, status, chain_head, event_count FROM traces WHERE id > ? ORDER BY id LIMIT 500")
    const rowsOf = db.prepare(`SELECT seq, event_json AS eventJson, prev_hash AS prevHash, hash FROM events e WHERE ${eventsOfTraceSql("e", "?")} ORDER BY e.id`)
    const check = { tracesChecked: 0, eventsStored: 0, chainProblems: [] as string[], replayProblems: [] as string[], unfinished: [] as string[] }
    for (let traces = page.all(0) as TraceRow[]; traces.length > 0; traces = page.all(traces[traces.length - 1]?.id ?? Infinity) as TraceRow[])
      for (const trace of traces) {
        const rows = rowsOf.all(trace.id, trace.id) as ChainRow[]
        check.eventsStored += rows.length
        if (trace.status === "running" || trace.status === "awaiting_input") check.unfinished.push(`${trace.request_id} ${trace.status}`)
        const chain = verifyChain(rows, { requestId: trace.request_id, chainHead: trace.chain_head, eventCount: trace.event_count })
        if (chain !== null) check.chainProblems.push(`${trace.request_id}: ${chain.reason}`)
        if (check.tracesChecked % replayEvery === 0) {
          const verdict = await services.traces.verify(trace.request_id)
          if (!verdict.ok) check.replayProblems.push(`${trace.request_id}: ${verdict.firstProblem?.reason ?? "not ok"}`)
        }
        check.tracesChecked += 1
      }
    return check
  } finally {
    db.close()
  }
}
