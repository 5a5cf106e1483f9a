import { closeSync, openSync, writeSync } from "node:fs"
import { SyncedEvent, SyncedTrace } from "./contract"
import { checkChain } from "./down-sync"
import type { FirmDb } from "./firm-db"
import type { MirroredTrace } from "./local-mirror"

// The whole firm's traces out of its PostgreSQL, for a compliance officer: one JSON line per
// trace (the desk it came from, the trace, its events as hashed), oldest first, in pages. Every
// chain is checked again before its line is written; the file is new (never overwritten).

export interface FirmExportFilter {
  since?: string
  until?: string
  desk?: string
}

const PAGE = `SELECT id, desk, request_id AS "requestId", created_at AS "createdAt", question, as_of_date AS "asOfDate",
    request_json AS "requestJson", client_id AS "clientId", counterfactual_of AS "counterfactualOf", locale, pack_id AS "packId",
    pack_version AS "packVersion", pack_hash AS "packHash", outcome, domain, risk_tier AS "riskTier", confidence,
    answer_text AS "answerText", chain_head AS "chainHead", event_count AS "eventCount"
  FROM firm.traces
  WHERE (created_at, id) > ($1, $2::bigint) AND ($3::text IS NULL OR created_at >= $3) AND ($4::text IS NULL OR created_at < $4)
    AND ($5::text IS NULL OR desk = $5)
  ORDER BY created_at, id LIMIT 500`

/** Writes the export to `outPath`; returns how many traces it holds. */
export async function exportFirmTraces(db: FirmDb, outPath: string, filter: FirmExportFilter): Promise<number> {
  const fd = openSync(outPath, "wx")
  try {
    let written = 0
    for await (const page of firmTracePages(db, filter)) {
      for (const item of page) {
        checkChain(item)
        writeSync(fd, `${JSON.stringify(item)}\n`)
      }
      written += page.length
    }
    return written
  } finally {
    closeSync(fd)
  }
}

/** The firm's traces matching `filter`, oldest first, a page at a time, each with its desk and events. */
export async function* firmTracePages(db: FirmDb, filter: FirmExportFilter): AsyncGenerator<MirroredTrace[]> {
  let after: [string, number] = ["", 0]
  for (;;) {
    const rows = (await db.query<Record<string, unknown>>(PAGE, [...after, filter.since ?? null, dayAfter(filter.until), filter.desk ?? null])).rows
    const last = rows.at(-1)
    if (last === undefined) return
    const events = await eventsOf(db, rows.map((r) => String(r.requestId)))
    yield rows.map((row) => {
      const trace = SyncedTrace.parse({ ...row, confidence: row.confidence ?? null })
      return { desk: String(row.desk), trace, events: events.get(trace.requestId) ?? [] }
    })
    after = [String(last.createdAt), Number(last.id)]
  }
}

async function eventsOf(db: FirmDb, ids: string[]): Promise<Map<string, SyncedEvent[]>> {
  const rows = await db.query<Record<string, unknown>>(
    `SELECT request_id AS "requestId", seq, event_json AS "eventJson", prev_hash AS "prevHash", hash
     FROM firm.events WHERE request_id = ANY($1::text[]) ORDER BY request_id, seq`,
    [ids],
  )
  const byTrace = new Map<string, SyncedEvent[]>()
  for (const row of rows.rows) {
    const id = String(row.requestId)
    byTrace.set(id, [...(byTrace.get(id) ?? []), SyncedEvent.parse(row)])
  }
  return byTrace
}

/** `until` includes its whole day: created_at is compared as text with the next day. */
function dayAfter(day: string | undefined): string | null {
  if (day === undefined) return null
  const next = new Date(`${day}T00:00:00Z`)
  next.setUTCDate(next.getUTCDate() + 1)
  return next.toISOString().slice(0, 10)
}
