import { and, asc, desc, eq, inArray } from "drizzle-orm"
import { canonicalJson } from "../util/canonical-json"
import { rulePackSnapshots } from "./schema"
import {
  packVersions,
  profiles,
  ruleChangeAudit,
  ruleChanges,
  type PackVersionRow,
  type ProfileRow,
  type RuleChangeRow,
} from "./schema-packs"
import type { Store } from "./store"

// Rows of the pack-version tables (migration 0011), and nothing more: what a version, a change
// or a profile is, and which moves are allowed, is the packs room's (src-main/packs/), which runs
// its checks and these writes in one transaction (`transaction`). The triggers refuse whatever
// would rewrite a published version or break its chain, even if a caller got that wrong.

export type NewPackVersion = Omit<PackVersionRow, "id" | "originDesk"> & { canonicalJson: string; originDesk?: string | null }
export type NewRuleChange = Omit<RuleChangeRow, "status" | "approvedBy" | "publishedVersionId" | "supersededBy">
export type RuleChangeUpdate = Partial<Pick<RuleChangeRow, "ruleJson" | "evidenceJson" | "note" | "status" | "approvedBy" | "publishedVersionId" | "supersededBy" | "updatedAt">>

export class PackVersionsRepository {
  constructor(private readonly store: Store) {}

  /** Runs `work` in one IMMEDIATE transaction: all of it is written, or nothing. */
  transaction<T>(work: () => T): T {
    return this.store.sqlite.transaction(work).immediate()
  }

  now(): string {
    return this.store.clock().toISOString()
  }

  insertProfile(row: ProfileRow): void {
    this.store.db.insert(profiles).values(row).run()
  }

  profile(id: string): ProfileRow | null {
    return this.store.db.select().from(profiles).where(eq(profiles.id, id)).get() ?? null
  }

  profiles(): ProfileRow[] {
    return this.store.db.select().from(profiles).orderBy(asc(profiles.createdAt), asc(profiles.id)).all()
  }

  /** Every version, newest first (publication order), optionally of one pack. */
  versions(packId?: string): PackVersionRow[] {
    const query = this.store.db.select().from(packVersions)
    const filtered = packId === undefined ? query : query.where(eq(packVersions.packId, packId))
    return filtered.orderBy(desc(packVersions.id)).all()
  }

  latestVersion(packId?: string): PackVersionRow | null {
    const query = this.store.db.select().from(packVersions)
    const filtered = packId === undefined ? query : query.where(eq(packVersions.packId, packId))
    return filtered.orderBy(desc(packVersions.id)).limit(1).get() ?? null
  }

  versionById(id: number): PackVersionRow | null {
    return this.store.db.select().from(packVersions).where(eq(packVersions.id, id)).get() ?? null
  }

  version(packId: string, version: string): PackVersionRow | null {
    return (
      this.store.db
        .select()
        .from(packVersions)
        .where(and(eq(packVersions.packId, packId), eq(packVersions.version, version)))
        .get() ?? null
    )
  }

  /** Versions named `version`, of any pack (the CLI names a version by its number alone). */
  versionsNamed(version: string): PackVersionRow[] {
    return this.store.db.select().from(packVersions).where(eq(packVersions.version, version)).orderBy(desc(packVersions.id)).all()
  }

  versionWithContent(packId: string, contentHash: string): PackVersionRow | null {
    return (
      this.store.db
        .select()
        .from(packVersions)
        .where(and(eq(packVersions.packId, packId), eq(packVersions.contentHash, contentHash)))
        .get() ?? null
    )
  }

  packIds(): string[] {
    return this.store.db
      .selectDistinct({ packId: packVersions.packId })
      .from(packVersions)
      .all()
      .map((r) => r.packId)
  }

  /** The pack's canonical JSON, as stored with the version (rule_pack_snapshots). */
  content(contentHash: string): string | null {
    const row = this.store.db
      .select({ json: rulePackSnapshots.canonicalJson })
      .from(rulePackSnapshots)
      .where(eq(rulePackSnapshots.hash, contentHash))
      .get()
    return row?.json ?? null
  }

  /** Stores the content (if traces have not already) and the version row; returns the row. */
  insertVersion(row: NewPackVersion): PackVersionRow {
    const { canonicalJson: json, ...version } = row
    this.store.db
      .insert(rulePackSnapshots)
      .values({ hash: row.contentHash, packId: row.packId, version: row.version, canonicalJson: json, createdAt: row.publishedAt })
      .onConflictDoNothing()
      .run()
    return this.store.db.insert(packVersions).values(version).returning().get()
  }

  insertChange(row: NewRuleChange): RuleChangeRow {
    return this.store.db.insert(ruleChanges).values({ ...row, status: "DRAFT" }).returning().get()
  }

  change(id: string): RuleChangeRow | null {
    return this.store.db.select().from(ruleChanges).where(eq(ruleChanges.id, id)).get() ?? null
  }

  /** Changes oldest first, optionally only those in the given statuses and of one pack. */
  changes(filter: { statuses?: readonly string[]; packId?: string; ruleId?: string } = {}): RuleChangeRow[] {
    const where = [
      filter.statuses === undefined ? undefined : inArray(ruleChanges.status, [...filter.statuses]),
      filter.packId === undefined ? undefined : eq(ruleChanges.packId, filter.packId),
      filter.ruleId === undefined ? undefined : eq(ruleChanges.ruleId, filter.ruleId),
    ]
    return this.store.db
      .select()
      .from(ruleChanges)
      .where(and(...where))
      .orderBy(asc(ruleChanges.createdAt), asc(ruleChanges.id))
      .all()
  }

  /** Updates a change only if it is still in `expectedStatus`; false when it had moved meanwhile. */
  updateChange(id: string, expectedStatus: string, set: RuleChangeUpdate): boolean {
    return (
      this.store.db
        .update(ruleChanges)
        .set(set)
        .where(and(eq(ruleChanges.id, id), eq(ruleChanges.status, expectedStatus)))
        .run().changes === 1
    )
  }

  audit(changeId: string, action: string, profileId: string, at: string, detail: unknown): void {
    this.store.db
      .insert(ruleChangeAudit)
      .values({ changeId, action, profileId, at, detailJson: canonicalJson(detail) })
      .run()
  }

  auditTrail(changeId: string): Array<{ action: string; profileId: string; at: string; detailJson: string }> {
    return this.store.db
      .select({
        action: ruleChangeAudit.action,
        profileId: ruleChangeAudit.profileId,
        at: ruleChangeAudit.at,
        detailJson: ruleChangeAudit.detailJson,
      })
      .from(ruleChangeAudit)
      .where(eq(ruleChangeAudit.changeId, changeId))
      .orderBy(asc(ruleChangeAudit.id))
      .all()
  }
}
