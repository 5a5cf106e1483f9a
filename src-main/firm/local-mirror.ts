import type Database from "better-sqlite3"
import {
  DownCursor,
  type DownSource,
  type SyncedEvent,
  type SyncedFlag,
  type SyncedPackVersion,
  type SyncedReview,
  type SyncedTrace,
} from "./contract"
import { lastFirmId } from "./firm-identity"

// The desk's read-only copy of other desks' work (migration 0013: firm_traces, firm_events,
// firm_flags, firm_reviews, firm_pack_versions; triggers refuse changes). Each page that comes
// down is written in one transaction together with its cursor, so a sync cut at any point
// either has the page and its position, or neither: nothing is lost or taken twice. Positions are
// kept per firm (desk migration 0016). A row that is here already is left as it is (ON CONFLICT
// DO NOTHING): a desk restored from a backup, or a firm's server restored from one, has its pages
// read again from an earlier position, and the rows it still has are the same rows.

export interface MirroredTrace {
  desk: string
  trace: SyncedTrace
  events: SyncedEvent[]
}

export type Page<T> = { rows: T[]; cursor: DownCursor }

/** A down-sync position: a table's, or its second one over rows committed ahead of it (down-sync.ts). */
export type Position = DownSource | `${DownSource}:ahead`

export const START: DownCursor = { tx: "0", rowId: 0 }

export class LocalMirror {
  private readonly insertTrace: Database.Statement
  private readonly insertEvent: Database.Statement
  private readonly insertFlag: Database.Statement
  private readonly insertReview: Database.Statement
  private readonly insertPack: Database.Statement
  private readonly saveCursor: Database.Statement

  constructor(
    private readonly sqlite: Database.Database,
    /** The firm whose positions these are: by default the one this desk synced with last. */
    private readonly firmId = lastFirmId(sqlite),
  ) {
    this.insertTrace = sqlite.prepare(
      `INSERT INTO firm_traces (request_id, desk, created_at, question, as_of_date, locale, outcome, domain, risk_tier,
         confidence, answer_text, pack_id, pack_version, pack_hash, chain_head, event_count, received_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (request_id) DO NOTHING`,
    )
    this.insertEvent = sqlite.prepare("INSERT INTO firm_events (request_id, seq, event_json, prev_hash, hash) VALUES (?, ?, ?, ?, ?) ON CONFLICT (request_id, seq) DO NOTHING")
    this.insertFlag = sqlite.prepare(
      `INSERT INTO firm_flags (flag_id, desk, run_id, kind, note, created_at, raised_by, raised_by_name)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (flag_id) DO NOTHING`,
    )
    this.insertReview = sqlite.prepare(
      `INSERT INTO firm_reviews (flag_id, desk, decision, decided_at, note, decided_by, decided_by_name)
       VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (flag_id) DO NOTHING`,
    )
    this.insertPack = sqlite.prepare(
      `INSERT INTO firm_pack_versions (pack_id, version, desk, content_hash, prev_hash, hash, published_at, publisher_name, canonical_json)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (pack_id, version) DO NOTHING`,
    )
    this.saveCursor = sqlite.prepare(
      `INSERT INTO firm_cursor (firm_id, source, tx, row_id, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (firm_id, source) DO UPDATE SET tx = excluded.tx, row_id = excluded.row_id, updated_at = excluded.updated_at`,
    )
  }

  cursor(position: Position): DownCursor {
    const row = this.sqlite.prepare("SELECT tx, row_id AS rowId FROM firm_cursor WHERE firm_id = ? AND source = ?").get(this.firmId, position)
    return row === undefined ? START : DownCursor.parse(row)
  }

  storeTraces(page: Page<MirroredTrace>, at: string, position: Position = "traces"): void {
    this.sqlite.transaction(() => {
      for (const { desk, trace: t, events } of page.rows) {
        this.insertTrace.run(t.requestId, desk, t.createdAt, t.question, t.asOfDate, t.locale, t.outcome, t.domain, t.riskTier,
          t.confidence, t.answerText, t.packId, t.packVersion, t.packHash, t.chainHead, t.eventCount, at)
        for (const e of events) this.insertEvent.run(t.requestId, e.seq, e.eventJson, e.prevHash, e.hash)
      }
      this.saveCursor.run(this.firmId, position, page.cursor.tx, page.cursor.rowId, at)
    })()
  }

  storeFlags(page: Page<{ desk: string; flag: SyncedFlag }>, at: string, position: Position = "flags"): void {
    this.sqlite.transaction(() => {
      for (const { desk, flag: f } of page.rows)
        this.insertFlag.run(f.flagId, desk, f.runId, f.kind, f.note, f.createdAt, f.raisedBy, f.raisedByName)
      this.saveCursor.run(this.firmId, position, page.cursor.tx, page.cursor.rowId, at)
    })()
  }

  storeReviews(page: Page<{ desk: string; review: SyncedReview }>, at: string, position: Position = "reviews"): void {
    this.sqlite.transaction(() => {
      for (const { desk, review: r } of page.rows)
        this.insertReview.run(r.flagId, desk, r.decision, r.decidedAt, r.note, r.decidedBy, r.decidedByName)
      this.saveCursor.run(this.firmId, position, page.cursor.tx, page.cursor.rowId, at)
    })()
  }

  storePackVersions(page: Page<{ desk: string; pack: SyncedPackVersion }>, at: string, position: Position = "pack_versions"): void {
    this.sqlite.transaction(() => {
      for (const { desk, pack: p } of page.rows)
        this.insertPack.run(p.packId, p.version, desk, p.contentHash, p.prevHash, p.hash, p.publishedAt, p.publisherName, p.canonicalJson)
      this.saveCursor.run(this.firmId, position, page.cursor.tx, page.cursor.rowId, at)
    })()
  }

  counts(): { traces: number; packVersions: number } {
    const count = (table: string) => Number(this.sqlite.prepare(`SELECT count(*) FROM ${table}`).pluck().get())
    return { traces: count("firm_traces"), packVersions: count("firm_pack_versions") }
  }
}
