import { z } from "zod"
import { FirmStatus, FirmSyncState, KindCounts } from "../../src-shared/firm"

// The shapes that cross between a desk and the firm's server (issue 25). Rows read from either
// database are parsed with these before use: the server is shared, so what comes down is input.

const Hash = z.string().regex(/^[0-9a-f]{64}$/)

export const SyncedEvent = z.object({
  seq: z.number().int().nonnegative(),
  eventJson: z.string(),
  prevHash: Hash,
  hash: Hash,
})
export type SyncedEvent = z.infer<typeof SyncedEvent>

/** A finished trace as it goes up and comes down. */
export const SyncedTrace = z.object({
  requestId: z.string().min(1),
  createdAt: z.string(),
  question: z.string(),
  asOfDate: z.string(),
  requestJson: z.string(),
  clientId: z.string().nullable(),
  counterfactualOf: z.string().nullable(),
  locale: z.string().nullable(),
  packId: z.string(),
  packVersion: z.string(),
  packHash: z.string(),
  outcome: z.string().nullable(),
  domain: z.string().nullable(),
  riskTier: z.string().nullable(),
  confidence: z.number().nullable(),
  answerText: z.string().nullable(),
  chainHead: Hash,
  eventCount: z.number().int().positive(),
})
export type SyncedTrace = z.infer<typeof SyncedTrace>

/**
 * Who raised or decided a flag at its desk: that desk's profile id and its name (firm schema 0005).
 * Both null when nobody was named, or when an app that did not send them sent the row.
 */
const PersonColumns = { id: z.string().nullable(), name: z.string().nullable() }

export const SyncedFlag = z.object({
  flagId: z.string().min(1),
  runId: z.string(),
  kind: z.enum(["wrong", "unclear"]),
  note: z.string(),
  createdAt: z.string(),
  raisedBy: PersonColumns.id,
  raisedByName: PersonColumns.name,
})
export type SyncedFlag = z.infer<typeof SyncedFlag>

export const SyncedReview = z.object({
  flagId: z.string().min(1),
  decision: z.enum(["confirmed", "rejected"]),
  decidedAt: z.string(),
  note: z.string(),
  decidedBy: PersonColumns.id,
  decidedByName: PersonColumns.name,
})
export type SyncedReview = z.infer<typeof SyncedReview>

export const SyncedScenario = z.object({
  scenarioId: z.string().min(1),
  name: z.string(),
  baseRequestId: z.string(),
  resultRequestId: z.string(),
  changesJson: z.string(),
  diffJson: z.string(),
  createdAt: z.string(),
})
export type SyncedScenario = z.infer<typeof SyncedScenario>

export const SyncedPackVersion = z.object({
  packId: z.string().min(1),
  version: z.string().min(1),
  contentHash: Hash,
  prevHash: Hash,
  hash: Hash,
  publishedAt: z.string(),
  publisherName: z.string(),
  canonicalJson: z.string(),
})
export type SyncedPackVersion = z.infer<typeof SyncedPackVersion>

export const UpKind = z.enum(["trace", "flag", "review", "scenario", "pack"])
export type UpKind = z.infer<typeof UpKind>

export const DownSource = z.enum(["traces", "flags", "reviews", "pack_versions"])
export type DownSource = z.infer<typeof DownSource>

/** Where a down-sync stands in one server table: the (transaction id, row id) last taken. */
export const DownCursor = z.object({ tx: z.string().regex(/^\d+$/), rowId: z.number().int().nonnegative() })
export type DownCursor = z.infer<typeof DownCursor>

// The status shapes the window sees too live in src-shared/firm.ts.
export { FirmStatus, FirmSyncState, KindCounts }

/** What one sync did. */
export const SyncReport = z.object({
  desk: z.string(),
  sent: KindCounts,
  /** Items the firm already had from this desk, identical (a resumed sync). */
  alreadyThere: KindCounts,
  /** Items the firm refused: the same id or pack version from another desk, or different content. */
  conflicts: z.array(z.object({ kind: UpKind, id: z.string(), reason: z.string() })),
  received: z.object({ traces: z.number().int(), flags: z.number().int(), reviews: z.number().int(), packVersions: z.number().int() }),
  /**
   * The server was restored or replaced since this desk's last sync (server-epoch.ts): every mark
   * was checked against it and its history read again from the start.
   */
  serverRestored: z.boolean(),
})
export type SyncReport = z.infer<typeof SyncReport>
