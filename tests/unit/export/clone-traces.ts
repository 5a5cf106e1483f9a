import type Database from "better-sqlite3"
import { eventKey, eventsOfRequestSql } from "../../../src-main/store/event-keys"
import { chainHash, GENESIS_HASH } from "../../../src-main/trace/hash-chain"

// Many traces fast, for the large-export test and the export bench: the traces already in the
// database (real engine runs) are cloned, round robin, under new request ids with their hash
// chains recomputed, one second apart from `start`. Every clone is as valid as its template.

interface TemplateTrace {
  requestId: string
  row: Record<string, unknown>
  events: Array<{ seq: number; stage: string; status: string; ts: string; json: string }>
}

function readTemplates(sqlite: Database.Database): TemplateTrace[] {
  const events = sqlite.prepare(`SELECT seq, stage, status, ts, event_json AS json FROM events e WHERE ${eventsOfRequestSql("e", "@id")} ORDER BY e.id`)
  return (sqlite.prepare("SELECT * FROM traces ORDER BY id").all() as Array<Record<string, unknown>>).map((row) => ({
    requestId: String(row.request_id),
    row,
    events: events.all({ id: String(row.request_id) }) as TemplateTrace["events"],
  }))
}

/** Adds clones until the database holds `total` traces; ids are `${prefix}-NNNNNN-…`. */
export function cloneTraces(sqlite: Database.Database, total: number, options: { start: Date; prefix?: string }): void {
  const templates = readTemplates(sqlite)
  if (templates.length === 0) throw new Error("no traces to clone")
  const prefix = options.prefix ?? "clone"
  const columns = Object.keys(templates[0]?.row ?? {}).filter((c) => c !== "id")
  const insertTrace = sqlite.prepare(`INSERT INTO traces (${columns.join(", ")}) VALUES (${columns.map((c) => `@${c}`).join(", ")})`)
  const insertEvent = sqlite.prepare(
    "INSERT INTO events (id, request_id, seq, stage, status, ts, event_json, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  )
  const start = options.start.getTime()
  const insertRange = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const template = templates[i % templates.length]
      if (template === undefined) throw new Error("no template trace")
      const id = `${prefix}-${String(i).padStart(6, "0")}-${template.requestId.slice(0, 8)}`
      // The template id appears only as a JSON string value; replacing it keeps the form canonical.
      const rename = (text: string) => text.split(template.requestId).join(id)
      let prev = GENESIS_HASH
      const rows = template.events.map((event) => {
        const json = rename(event.json)
        const hash = chainHash(prev, json)
        const row = [id, event.seq, event.stage, event.status, event.ts, json, prev, hash] as const
        prev = hash
        return row
      })
      const { id: _rowId, ...row } = template.row
      const inserted = insertTrace.run({
        ...row,
        request_id: id,
        created_at: new Date(start + i * 1000).toISOString(),
        request_json: rename(String(template.row.request_json)),
        chain_head: prev,
      })
      const traceId = Number(inserted.lastInsertRowid)
      for (const event of rows) insertEvent.run(eventKey(traceId, event[1]), ...event)
    }
  })
  const synchronous = sqlite.pragma("synchronous", { simple: true })
  sqlite.pragma("synchronous = OFF")
  try {
    for (let from = templates.length; from < total; from += 5000) insertRange(from, Math.min(total, from + 5000))
  } finally {
    sqlite.pragma(`synchronous = ${Number(synchronous)}`)
  }
}
