import type Database from "better-sqlite3"
import { eventsOfTraceSql } from "../store/event-keys"
import { SyncedTrace } from "./contract"

// A batch of this desk's finished traces as it goes up, read in two statements: the traces, and
// all their events packed by SQLite itself into five strings (request ids, seqs, event texts,
// previous hashes, hashes), each joined with the ASCII record separator U+001E. The firm's
// server splits them with string_to_array. Profiling (issue 25) showed a batch's time going to
// the events: one JavaScript object per event read from SQLite, then the whole batch written as
// JSON whose every event text is itself JSON (so escaped again) and parsed back on the server.
// Packed, no event becomes a JavaScript value, and nothing is escaped on either side.
//
// U+001E cannot stand raw in JSON text (RFC 8259: control characters inside strings are escaped,
// and outside strings only space, tab, CR and LF are allowed), and hashes, seqs and request ids
// never hold it: a stored event holding one would shift the split, and the server then refuses
// the whole batch (NOT NULL, then the chain check), so nothing wrong can be kept.

/** U+001E, the record separator: never raw in JSON text, hashes, seqs or request ids. */
export const SEPARATOR = "\u001e"

// Complete traces (their chain is sealed) after a row id, not yet at the firm `@firm`, in the desk's row order.
export const PENDING_TRACES = `
  SELECT t.id AS rowId, t.request_id AS requestId, t.created_at AS createdAt, t.question, t.as_of_date AS asOfDate,
         t.request_json AS requestJson, t.client_id AS clientId, t.counterfactual_of AS counterfactualOf, t.locale,
         t.pack_id AS packId, t.pack_version AS packVersion, t.pack_hash AS packHash, t.outcome, t.domain,
         t.risk_tier AS riskTier, t.confidence, t.answer_text AS answerText, t.chain_head AS chainHead, t.event_count AS eventCount
  FROM traces t
  WHERE t.id > @after AND t.status = 'complete' AND t.chain_head IS NOT NULL AND t.event_count > 0
    AND NOT EXISTS (SELECT 1 FROM firm_sent s WHERE s.firm_id = @firm AND s.kind = 'trace' AND s.item_id = t.request_id)
  ORDER BY t.id LIMIT @limit`

export interface PackedEvents {
  count: number
  requestIds: string
  seqs: string
  eventJson: string
  prevHashes: string
  hashes: string
}

export interface TraceBatch {
  /** The desk's row id of the last trace: where the next batch starts. */
  lastRowId: number
  traces: SyncedTrace[]
  events: PackedEvents
}

// Chain order: by trace, then by the events key (trace id × 2^20 + seq), i.e. by seq.
const PACKED_EVENTS = `
  SELECT count(*) AS count,
         coalesce(group_concat(t.request_id, char(30) ORDER BY e.id), '') AS requestIds,
         coalesce(group_concat(e.seq, char(30) ORDER BY e.id), '') AS seqs,
         coalesce(group_concat(e.event_json, char(30) ORDER BY e.id), '') AS eventJson,
         coalesce(group_concat(e.prev_hash, char(30) ORDER BY e.id), '') AS prevHashes,
         coalesce(group_concat(e.hash, char(30) ORDER BY e.id), '') AS hashes
  FROM traces t JOIN events e ON ${eventsOfTraceSql("e", "t.id")} AND e.seq < t.event_count
  WHERE t.id IN (SELECT value FROM json_each(?))`

export class OutboxBatches {
  private readonly traces: Database.Statement
  private readonly events: Database.Statement

  constructor(
    sqlite: Database.Database,
    private readonly firmId: string,
  ) {
    this.traces = sqlite.prepare(PENDING_TRACES)
    this.events = sqlite.prepare(PACKED_EVENTS)
  }

  /** The next complete traces after row `afterRowId` that the firm does not have; null when none wait. */
  next(afterRowId: number, limit: number): TraceBatch | null {
    const rows = this.traces.all({ after: afterRowId, limit, firm: this.firmId }) as (Record<string, unknown> & { rowId: number })[]
    const last = rows.at(-1)
    if (last === undefined) return null
    const traces = rows.map((row) => SyncedTrace.parse(row))
    const events = this.events.get(JSON.stringify(rows.map((row) => row.rowId))) as PackedEvents
    return { lastRowId: last.rowId, traces, events }
  }
}
