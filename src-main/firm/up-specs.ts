import type { SyncedFlag, SyncedPackVersion, SyncedReview, SyncedScenario, UpKind } from "./contract"
import type { LocalOutbox } from "./local-outbox"

// How each kind other than traces goes up: its server table, columns, unique key, and what a
// refusal says. A pack version's key is (pack id, version): the same version published at two
// desks is refused by the server's unique constraint, whichever desk comes second.

export interface PushSpec<T extends object> {
  kind: UpKind
  table: string
  /** [field, column, PostgreSQL array element type]. */
  columns: readonly (readonly [keyof T & string, string, string])[]
  /**
   * Columns a newer server schema added (who raised or decided a flag: firm schema 0005), sent
   * only to a server that has them, and left out of the comparison with what the firm holds: a
   * row that went up without them (an older app or server) is still the same item.
   */
  laterColumns?: { since: number; columns: readonly (readonly [keyof T & string, string, string])[] }
  conflictTarget: string
  /** The key as SQL over the table's columns (text), and the same key of an item. */
  keySql: string
  id(item: T): string
  pending(outbox: LocalOutbox, limit: number): T[]
  conflictReason(existing: Record<string, unknown>, desk: string): string
}

/** The firm schema version whose flags and reviews name their persons (resources/firm/0005). */
export const PERSONS_SINCE = 5

function byOtherDesk(what: string) {
  return (existing: Record<string, unknown>, desk: string): string =>
    existing.desk === desk ? `the firm holds a different ${what} under this id` : `desk ${String(existing.desk)} sent a ${what} with this id`
}

export const FLAG_SPEC: PushSpec<SyncedFlag> = {
  kind: "flag",
  table: "flags",
  columns: [
    ["flagId", "flag_id", "text"],
    ["runId", "run_id", "text"],
    ["kind", "kind", "text"],
    ["note", "note", "text"],
    ["createdAt", "created_at", "text"],
  ],
  laterColumns: {
    since: PERSONS_SINCE,
    columns: [
      ["raisedBy", "raised_by", "text"],
      ["raisedByName", "raised_by_name", "text"],
    ],
  },
  conflictTarget: "(flag_id)",
  keySql: "flag_id",
  id: (item) => item.flagId,
  pending: (outbox, limit) => outbox.pendingFlags(limit),
  conflictReason: byOtherDesk("flag"),
}

export const REVIEW_SPEC: PushSpec<SyncedReview> = {
  kind: "review",
  table: "reviews",
  columns: [
    ["flagId", "flag_id", "text"],
    ["decision", "decision", "text"],
    ["decidedAt", "decided_at", "text"],
    ["note", "note", "text"],
  ],
  laterColumns: {
    since: PERSONS_SINCE,
    columns: [
      ["decidedBy", "decided_by", "text"],
      ["decidedByName", "decided_by_name", "text"],
    ],
  },
  conflictTarget: "(flag_id)",
  keySql: "flag_id",
  id: (item) => item.flagId,
  pending: (outbox, limit) => outbox.pendingReviews(limit),
  conflictReason: byOtherDesk("review"),
}

export const SCENARIO_SPEC: PushSpec<SyncedScenario> = {
  kind: "scenario",
  table: "scenarios",
  columns: [
    ["scenarioId", "scenario_id", "text"],
    ["name", "name", "text"],
    ["baseRequestId", "base_request_id", "text"],
    ["resultRequestId", "result_request_id", "text"],
    ["changesJson", "changes_json", "text"],
    ["diffJson", "diff_json", "text"],
    ["createdAt", "created_at", "text"],
  ],
  conflictTarget: "(scenario_id)",
  keySql: "scenario_id",
  id: (item) => item.scenarioId,
  pending: (outbox, limit) => outbox.pendingScenarios(limit),
  conflictReason: byOtherDesk("scenario"),
}

export const PACK_SPEC: PushSpec<SyncedPackVersion> = {
  kind: "pack",
  table: "pack_versions",
  columns: [
    ["packId", "pack_id", "text"],
    ["version", "version", "text"],
    ["contentHash", "content_hash", "text"],
    ["prevHash", "prev_hash", "text"],
    ["hash", "hash", "text"],
    ["publishedAt", "published_at", "text"],
    ["publisherName", "publisher_name", "text"],
    ["canonicalJson", "canonical_json", "text"],
  ],
  conflictTarget: "ON CONSTRAINT pack_versions_one_publisher",
  keySql: "pack_id || '@' || version",
  id: (item) => `${item.packId}@${item.version}`,
  pending: (outbox, limit) => outbox.pendingPackVersions(limit),
  conflictReason: (existing, desk) =>
    existing.desk === desk
      ? "this desk published different content under this version"
      : `version already published at desk ${String(existing.desk)}`,
}
