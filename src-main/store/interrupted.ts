import type Database from "better-sqlite3"
import { ReasoningEvent } from "../../src-shared/events/event"
import { eventsOfRequestSql } from "./event-keys"
import { isOwnerAlive } from "./owner"
import { RunTiming } from "./run-timing"
import { TraceSettler } from "./trace-settle"
import { summarizeEvent, type TracePatch } from "../trace/summary"
import { parseJsonOrNull } from "../util/parse-json"

// At open, runs left `running` by a writer that no longer exists (a crash, a kill, a power cut)
// are marked interrupted. They keep their events and stay visible in the history as such. Their
// row is settled from the events that reached the store: the writer settles a row only when a run
// ends or suspends, so the chain head, the event count and the summary columns are taken from
// the events themselves (the last stored event is the head; there are no gaps, the events'
// key and the chain see to that), the time to first useful stage too.

interface StoredEventRow {
  seq: number
  eventJson: string
  hash: string
}

export function markInterruptedRuns(sqlite: Database.Database, clock: () => Date): string[] {
  const running = sqlite.prepare("SELECT request_id AS requestId, owner, locale FROM traces WHERE status = 'running'").all() as {
    requestId: string
    owner: string | null
    locale: string | null
  }[]
  const orphans = running.filter((row) => !isOwnerAlive(row.owner))
  if (orphans.length === 0) return []
  const eventsOf = sqlite.prepare(`SELECT seq, event_json AS eventJson, hash FROM events e WHERE ${eventsOfRequestSql("e", "@requestId")} ORDER BY e.id`)
  const settler = new TraceSettler(sqlite)
  const now = clock().toISOString()
  const marked: string[] = []
  sqlite.transaction(() => {
    for (const orphan of orphans) {
      const rows = eventsOf.all({ requestId: orphan.requestId }) as StoredEventRow[]
      const settlement = {
        status: "interrupted" as const,
        owner: null,
        patch: summaryOf(rows, orphan.locale),
        chainHead: rows.at(-1)?.hash ?? null,
        eventCount: rows.length,
      }
      if (settler.settle(orphan.requestId, now, settlement, "running") === 1) marked.push(orphan.requestId)
    }
  })()
  return marked
}

/**
 * The summary columns the stored events tell. Columns the row already has (set when the run last
 * suspended) come out the same; a locale the request fixed is kept (the frozen-context trigger).
 */
function summaryOf(rows: readonly StoredEventRow[], requestLocale: string | null): TracePatch {
  const patch: TracePatch = {}
  const timing = new RunTiming()
  for (const row of rows) {
    const event = ReasoningEvent.safeParse(parseJsonOrNull(row.eventJson))
    // An event that does not read is left to verify to report; it does not stop the marking.
    if (!event.success) continue
    summarizeEvent(event.data, patch, requestLocale ?? undefined)
    timing.observe(event.data, Date.parse(event.data.ts))
  }
  // The time to first useful stage, if the run got that far (it has no duration: it never ended).
  if (timing.ttfusMs !== null) patch.ttfusMs = timing.ttfusMs
  return patch
}
