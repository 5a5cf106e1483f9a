import type Database from "better-sqlite3"
import { canonicalJson, sha256Hex } from "../util/canonical-json"
import { eventsOfTraceSql } from "../store/event-keys"
import { lastFirmId } from "./firm-identity"
import { OutboxBatches, PENDING_TRACES, type TraceBatch } from "./outbox-batch"
import {
  type SyncedEvent,
  SyncedFlag,
  SyncedPackVersion,
  SyncedReview,
  SyncedScenario,
  SyncedTrace,
  type KindCounts,
  type UpKind,
} from "./contract"

// The desk's side of up-sync: what is finished here and not yet at the firm, read in batches
// by the desk's own row order, and the marks (firm_sent) written once the firm has an item.
// Only complete traces go up: their chain is sealed. A run still running, waiting for an answer
// or interrupted may yet grow, so it waits until it ends.

export interface PendingTrace {
  rowId: number
  trace: SyncedTrace
  events: SyncedEvent[]
}

const TRACE_EVENTS = `
  SELECT e.seq, e.event_json AS eventJson, e.prev_hash AS prevHash, e.hash
  FROM events e WHERE ${eventsOfTraceSql("e", "@traceId")} AND e.seq < @count ORDER BY e.id`

// Marks are per firm (desk migration 0016): `@firm` is the firm this outbox sends to.
const NOT_SENT = (kind: UpKind, idSql: string) =>
  `NOT EXISTS (SELECT 1 FROM firm_sent s WHERE s.firm_id = @firm AND s.kind = '${kind}' AND s.item_id = ${idSql})`

// Who raised and decided a flag go up as the profile's id and its name now (profiles are never deleted).
const PENDING_FLAGS = `
  SELECT f.id AS flagId, f.run_id AS runId, f.kind, f.note, f.created_at AS createdAt,
         f.raised_by AS raisedBy, (SELECT p.display_name FROM profiles p WHERE p.id = f.raised_by) AS raisedByName
  FROM flags f
  WHERE ${NOT_SENT("flag", "f.id")} ORDER BY f.created_at, f.id LIMIT @limit`

const PENDING_REVIEWS = `
  SELECT f.id AS flagId, f.status AS decision, f.decided_at AS decidedAt, f.decision_note AS note,
         f.decided_by AS decidedBy, (SELECT p.display_name FROM profiles p WHERE p.id = f.decided_by) AS decidedByName
  FROM flags f
  WHERE f.status <> 'open' AND ${NOT_SENT("review", "f.id")} ORDER BY f.decided_at, f.id LIMIT @limit`

const PENDING_SCENARIOS = `
  SELECT s.id AS scenarioId, s.name, s.base_request_id AS baseRequestId, s.result_request_id AS resultRequestId,
         s.changes_json AS changesJson, s.diff_json AS diffJson, s.created_at AS createdAt FROM scenarios s
  WHERE s.deleted_at IS NULL AND ${NOT_SENT("scenario", "s.id")} ORDER BY s.created_at, s.id LIMIT @limit`

// Versions published here; the bundled pack is at every desk already, imports came from
// elsewhere, and a version another desk published came down from the firm (firm-packs.ts).
const PUBLISHED_HERE = `v.origin = 'local' AND v.origin_desk IS NULL AND NOT EXISTS (SELECT 1 FROM firm_pack_versions f
    WHERE f.pack_id = v.pack_id AND f.version = v.version AND f.content_hash = v.content_hash)`
const PENDING_PACKS = `
  SELECT v.pack_id AS packId, v.version, v.content_hash AS contentHash, v.prev_hash AS prevHash, v.hash,
         v.published_at AS publishedAt, v.publisher_name AS publisherName, p.canonical_json AS canonicalJson
  FROM pack_versions v JOIN rule_pack_snapshots p ON p.hash = v.content_hash
  WHERE ${PUBLISHED_HERE} AND ${NOT_SENT("pack", "v.pack_id || '@' || v.version")} ORDER BY v.id LIMIT @limit`

export class LocalOutbox {
  private readonly statements: Record<string, Database.Statement>
  private readonly batches: OutboxBatches

  /** The firm the marks are for: by default the one this desk synced with last. */
  readonly firmId: string

  constructor(
    private readonly sqlite: Database.Database,
    firmId = lastFirmId(sqlite),
  ) {
    this.firmId = firmId
    this.batches = new OutboxBatches(sqlite, firmId)
    this.statements = {
      traces: sqlite.prepare(PENDING_TRACES),
      events: sqlite.prepare(TRACE_EVENTS),
      flags: sqlite.prepare(PENDING_FLAGS),
      reviews: sqlite.prepare(PENDING_REVIEWS),
      scenarios: sqlite.prepare(PENDING_SCENARIOS),
      packs: sqlite.prepare(PENDING_PACKS),
      mark: sqlite.prepare(
        "INSERT INTO firm_sent (firm_id, kind, item_id, digest, outcome, sent_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (firm_id, kind, item_id) DO NOTHING",
      ),
    }
  }

  /** Complete traces after the desk's row `afterRowId` that the firm does not have yet, with their events. */
  pendingTraces(afterRowId: number, limit: number): PendingTrace[] {
    const rows = this.statements.traces.all({ after: afterRowId, limit, firm: this.firmId }) as (Record<string, unknown> & { rowId: number })[]
    return rows.map((row) => {
      const trace = SyncedTrace.parse(row)
      // The desk's own rows, checked when written (CHECKs, triggers, the chain): read as they are,
      // since every event of every run passes here. The server checks the chain again.
      const events = this.statements.events.all({ traceId: row.rowId, count: trace.eventCount }) as SyncedEvent[]
      return { rowId: row.rowId, trace, events }
    })
  }

  /** The same traces as one packed batch, as they go up (outbox-batch.ts); null when none wait. */
  nextTraceBatch(afterRowId: number, limit: number): TraceBatch | null {
    return this.batches.next(afterRowId, limit)
  }

  pendingFlags(limit: number): SyncedFlag[] {
    return (this.statements.flags.all({ limit, firm: this.firmId }) as unknown[]).map((row) => SyncedFlag.parse(row))
  }

  pendingReviews(limit: number): SyncedReview[] {
    return (this.statements.reviews.all({ limit, firm: this.firmId }) as unknown[]).map((row) => SyncedReview.parse(row))
  }

  pendingScenarios(limit: number): SyncedScenario[] {
    return (this.statements.scenarios.all({ limit, firm: this.firmId }) as unknown[]).map((row) => SyncedScenario.parse(row))
  }

  pendingPackVersions(limit: number): SyncedPackVersion[] {
    return (this.statements.packs.all({ limit, firm: this.firmId }) as unknown[]).map((row) => SyncedPackVersion.parse(row))
  }

  /** Records what the firm now has (or refused), all in one transaction. */
  mark(items: readonly { kind: UpKind; id: string; digest: string; outcome: "sent" | "conflict" }[], at: string): void {
    this.sqlite.transaction(() => {
      for (const item of items) this.statements.mark.run(this.firmId, item.kind, item.id, item.digest, item.outcome, at)
    })()
  }

  /** How many items wait to go up, by kind. */
  waiting(): KindCounts {
    const count = (sql: string) => Number(this.sqlite.prepare(sql).pluck().get({ firm: this.firmId }))
    return {
      trace: count(
        `SELECT count(*) FROM traces t WHERE t.status = 'complete' AND t.chain_head IS NOT NULL AND t.event_count > 0 AND ${NOT_SENT("trace", "t.request_id")}`,
      ),
      flag: count(`SELECT count(*) FROM flags f WHERE ${NOT_SENT("flag", "f.id")}`),
      review: count(`SELECT count(*) FROM flags f WHERE f.status <> 'open' AND ${NOT_SENT("review", "f.id")}`),
      scenario: count(`SELECT count(*) FROM scenarios s WHERE s.deleted_at IS NULL AND ${NOT_SENT("scenario", "s.id")}`),
      pack: count(`SELECT count(*) FROM pack_versions v WHERE ${PUBLISHED_HERE} AND ${NOT_SENT("pack", "v.pack_id || '@' || v.version")}`),
    }
  }

  conflicts(): number {
    return Number(this.sqlite.prepare("SELECT count(*) FROM firm_sent WHERE firm_id = ? AND outcome = 'conflict'").pluck().get(this.firmId))
  }
}

/** The digest recorded for an item that went up: what identifies its content. */
export function itemDigest(value: unknown): string {
  return sha256Hex(canonicalJson(value))
}
