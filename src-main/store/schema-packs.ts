import { sql } from "drizzle-orm"
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core"
import { rulePackSnapshots } from "./schema"

// Pack versions and rule changes (issue 19, the store side of the regulatory truth layer), read
// by drizzle-kit with schema.ts. Triggers (custom part of migration 0011) make a published pack
// version append-only and chained, keep what a change was authored as once it left its draft,
// allow only the status machine's moves (src-main/packs/status-machine.ts), and keep the audit
// append-only. A version's content is the pack's canonical JSON in rule_pack_snapshots, the same
// table traces name their pack by, so a trace made with a version names it by hash.

/** Local profiles: who authored, reviewed and published. No passwords: a desk's people by name. */
export const profiles = sqliteTable("profiles", {
  id: text("id").primaryKey(),
  displayName: text("display_name").notNull(),
  createdAt: text("created_at").notNull(),
})

/** One published pack version: immutable, chained per pack id in publication order (id). */
export const packVersions = sqliteTable(
  "pack_versions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    packId: text("pack_id").notNull(),
    version: text("version").notNull(),
    /** SHA-256 of the pack's canonical JSON (LoadedPack.hash); the content is the snapshot row. */
    contentHash: text("content_hash")
      .notNull()
      .references(() => rulePackSnapshots.hash),
    /** The previous version's `hash` for this pack id; 64 zeros for its first version. */
    prevHash: text("prev_hash").notNull(),
    /** sha256(prev_hash + canonicalJson(header)): src-main/packs/pack-chain.ts. */
    hash: text("hash").notNull(),
    publishedAt: text("published_at").notNull(),
    /** "bundled", "local" (published here from rule changes) or "imported" (a signed pack file). */
    origin: text("origin").notNull(),
    /** The profile that published it; null for the bundled pack and for imports. */
    publishedBy: text("published_by").references(() => profiles.id),
    /** Who the file says published it (imports), or the profile's name at the time (local). */
    publisherName: text("publisher_name").notNull(),
    /** Imports: the signer's public key (SPKI PEM), its fingerprint and the signature (base64). */
    signerPublicKey: text("signer_public_key"),
    signerFingerprint: text("signer_fingerprint"),
    signature: text("signature"),
    /** A version put into force here from the firm (migration 0018): the desk that published it; else null. */
    originDesk: text("origin_desk"),
  },
  (t) => [
    uniqueIndex("pack_versions_version_idx").on(t.packId, t.version),
    uniqueIndex("pack_versions_content_idx").on(t.packId, t.contentHash),
    uniqueIndex("pack_versions_hash_idx").on(t.hash),
    check("pack_versions_origin", sql`${t.origin} IN ('bundled', 'local', 'imported')`),
    check(
      "pack_versions_signed",
      sql`(${t.origin} = 'imported') = (${t.signerPublicKey} IS NOT NULL AND ${t.signerFingerprint} IS NOT NULL AND ${t.signature} IS NOT NULL)`,
    ),
  ],
)

/** A proposed new, edited or retired rule, moving DRAFT -> IN_REVIEW -> PUBLISHED -> RETIRED. */
export const ruleChanges = sqliteTable(
  "rule_changes",
  {
    id: text("id").primaryKey(),
    packId: text("pack_id").notNull(),
    ruleId: text("rule_id").notNull(),
    kind: text("kind").notNull(),
    /** The whole rule as it will be published (canonical JSON); null for a retirement. */
    ruleJson: text("rule_json"),
    /** Evidence records the rule cites that are new or corrected (canonical JSON array). */
    evidenceJson: text("evidence_json").notNull().default("[]"),
    /** The version the change was written against. */
    baseVersionId: integer("base_version_id")
      .notNull()
      .references(() => packVersions.id),
    authorId: text("author_id")
      .notNull()
      .references(() => profiles.id),
    note: text("note").notNull(),
    status: text("status").notNull().default("DRAFT"),
    approvedBy: text("approved_by").references(() => profiles.id),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    /** The version that published it. */
    publishedVersionId: integer("published_version_id").references(() => packVersions.id),
    /** The later published change that superseded it (RETIRED). */
    supersededBy: text("superseded_by"),
  },
  (t) => [
    index("rule_changes_status_idx").on(t.status, t.createdAt),
    index("rule_changes_rule_idx").on(t.packId, t.ruleId, t.status),
    check("rule_changes_kind", sql`${t.kind} IN ('add', 'edit', 'retire')`),
    check("rule_changes_status", sql`${t.status} IN ('DRAFT', 'IN_REVIEW', 'PUBLISHED', 'RETIRED')`),
    check("rule_changes_body", sql`(${t.kind} = 'retire') = (${t.ruleJson} IS NULL)`),
    check("rule_changes_four_eyes", sql`${t.approvedBy} IS NULL OR ${t.approvedBy} <> ${t.authorId}`),
    check(
      "rule_changes_published",
      sql`(${t.status} IN ('PUBLISHED', 'RETIRED')) = (${t.publishedVersionId} IS NOT NULL)`,
    ),
  ],
)

/** Append-only: every move of a change, and who made it. */
export const ruleChangeAudit = sqliteTable(
  "rule_change_audit",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    changeId: text("change_id")
      .notNull()
      .references(() => ruleChanges.id),
    action: text("action").notNull(),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id),
    at: text("at").notNull(),
    detailJson: text("detail_json").notNull(),
  },
  (t) => [index("rule_change_audit_change_idx").on(t.changeId, t.id)],
)

export type ProfileRow = typeof profiles.$inferSelect
export type PackVersionRow = typeof packVersions.$inferSelect
export type RuleChangeRow = typeof ruleChanges.$inferSelect
