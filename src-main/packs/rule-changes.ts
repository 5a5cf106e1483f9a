import { randomUUID } from "node:crypto"
import { canonicalJson } from "../util/canonical-json"
import { PackVersionsRepository } from "../store/pack-versions-repo"
import type { WorkerEntry } from "../util/worker-entry"
import type { PackVersionRow, RuleChangeRow } from "../store/schema-packs"
import type { Store } from "../store/store"
import { nextPack, parseEvidence, parseRule, type RuleEdit } from "./apply-changes"
import { ChangeAuditEntry, ChangeKind, Profile, ProfileName, RuleChange, type PackVersionInfo } from "./contract"
import { buildNextPackOffThread, type BuiltPack } from "./pack-build"
import { PackRefusal } from "./refusals"
import { isPackVersion, nextPatch } from "./semver"
import { nextState, type ChangeAction, type ChangeState } from "./status-machine"
import { keepValidated } from "./validated-pack"
import { appendVersion, versionInfo, versionPack } from "./versions"

// Rule changes (issue 19): authored by a local profile against the latest published version,
// reviewed by another, published together as the next pack version. Every move is checked by the
// status machine, runs in one transaction with its audit row (who, when, what), and the
// database's triggers hold the same line.

export interface ProposeInput {
  readonly author: string
  readonly kind: ChangeKind
  readonly ruleId: string
  /** The full rule (pack schema); omitted for a retirement. */
  readonly rule?: unknown
  /** New or corrected evidence records the rule cites (pack schema), by id. */
  readonly evidence?: readonly unknown[]
  readonly note: string
  /** The pack the change is for; defaults to the pack published last. */
  readonly packId?: string
}

export interface PublishInput {
  readonly actor: string
  readonly changeIds: readonly string[]
  /** Defaults to the latest version's next patch version. */
  readonly version?: string
}

interface PublicationPlan {
  readonly rows: RuleChangeRow[]
  readonly base: PackVersionRow
  readonly edits: readonly RuleEdit[]
  readonly next: { version: string; publishedAt: string }
}

export class RuleChanges {
  private readonly repo: PackVersionsRepository

  constructor(store: Store) {
    this.repo = new PackVersionsRepository(store)
  }

  createProfile(displayName: string): Profile {
    const name = ProfileName.safeParse(displayName)
    if (!name.success) throw new PackRefusal("profile-name")
    const row = { id: randomUUID(), displayName: name.data, createdAt: this.repo.now() }
    this.repo.insertProfile(row)
    return Profile.parse(row)
  }

  profiles(): Profile[] {
    return this.repo.profiles().map((row) => Profile.parse(row))
  }

  /** A new draft: validated against the latest published version (the pack with it must lint clean). */
  propose(input: ProposeInput): RuleChange {
    // Checked (pack schema and lint: about a second for the shipped pack) outside the write
    // transaction; the change records the version it was checked against, and publishing checks
    // it again against the version it then builds on.
    this.requireProfile(input.author)
    const base = this.repo.latestVersion(input.packId)
    if (base === null) throw new PackRefusal("no-version")
    const rule = input.kind === "retire" ? null : parseRule(input.rule)
    const evidence = parseEvidence(input.evidence ?? [])
    this.check(base.id, [{ kind: input.kind, ruleId: input.ruleId, rule, evidence }])
    return this.repo.transaction(() => {
      const now = this.repo.now()
      const row = this.repo.insertChange({
        id: randomUUID(),
        packId: base.packId,
        ruleId: input.ruleId,
        kind: input.kind,
        ruleJson: rule === null ? null : canonicalJson(rule),
        evidenceJson: canonicalJson(evidence),
        baseVersionId: base.id,
        authorId: input.author,
        note: input.note,
        createdAt: now,
        updatedAt: now,
      })
      this.repo.audit(row.id, "created", input.author, now, { kind: input.kind, ruleId: input.ruleId })
      return toChange(row)
    })
  }

  /** The author edits a draft: a new rule, evidence and/or note, checked like a new proposal. */
  edit(changeId: string, actor: string, update: { rule?: unknown; evidence?: readonly unknown[]; note?: string }): RuleChange {
    const row = this.requireChange(changeId)
    nextState(stateOf(row), { type: "edit", actor })
    const newRule = update.rule !== undefined && row.kind !== "retire"
    const after: RuleEdit = {
      ...editOf(row),
      ...(newRule ? { rule: parseRule(update.rule) } : {}),
      ...(update.evidence === undefined ? {} : { evidence: parseEvidence(update.evidence) }),
    }
    // Checked before the write transaction, as a proposal is (the lint takes a while).
    if (newRule || update.evidence !== undefined) this.check(this.latestId(row.packId), [after])
    return this.move(changeId, { type: "edit", actor }, () => ({
      ...(newRule ? { ruleJson: canonicalJson(after.rule) } : {}),
      ...(update.evidence === undefined ? {} : { evidenceJson: canonicalJson(after.evidence) }),
      ...(update.note === undefined ? {} : { note: update.note }),
    }))
  }

  submit(changeId: string, actor: string): RuleChange {
    return this.move(changeId, { type: "submit", actor }, () => ({ status: "IN_REVIEW", approvedBy: null }))
  }

  approve(changeId: string, actor: string): RuleChange {
    return this.move(changeId, { type: "approve", actor }, () => ({ approvedBy: actor }))
  }

  requestChanges(changeId: string, actor: string, note: string): RuleChange {
    return this.move(changeId, { type: "request-changes", actor }, () => ({ status: "DRAFT", approvedBy: null }), { note })
  }

  /**
   * Publishes approved changes as the next version of their pack: the latest version plus the
   * changes, linted, hashed and chained, all in one transaction. Earlier published changes of
   * the same rules are retired (superseded). Builds the next pack on this thread (the CLI, tests);
   * a host that stores runs on this thread publishes with publishOffThread.
   */
  publish(input: PublishInput): PackVersionInfo {
    const plan = this.planPublication(input)
    const next = nextPack(versionPack(this.repo, plan.base), plan.edits, plan.next)
    const published = this.commitPublication(input, plan, next)
    keepValidated(next)
    return published
  }

  /**
   * publish, with the next pack built and linted on a worker thread, so that the thread that
   * stores the app's runs is not held by it (issue 19). Only the checks before and the write
   * after run here; a build that fails, or a process that quits meanwhile, writes nothing.
   */
  async publishOffThread(input: PublishInput, entry?: WorkerEntry): Promise<PackVersionInfo> {
    const plan = this.planPublication(input)
    const baseJson = this.repo.content(plan.base.contentHash)
    if (baseJson === null) throw new Error(`pack ${plan.base.packId} ${plan.base.version}: its content (${plan.base.contentHash}) is missing from the store`)
    const built = await buildNextPackOffThread({ baseJson, baseHash: plan.base.contentHash, edits: [...plan.edits], next: plan.next }, entry)
    const published = this.commitPublication(input, plan, built)
    // Validated by the build thread and hashed again here: the pack in force is read back from it,
    // not parsed and validated again on this thread (services.reloadPack after a publication).
    keepValidated(built)
    return published
  }

  /**
   * Writes a publication in one transaction: it refuses if a change or the latest version moved
   * while the next pack was built (the build runs before the transaction: about a second for the
   * shipped pack, which asking, as it writes traces, must not wait for).
   */
  private commitPublication(input: PublishInput, plan: PublicationPlan, next: BuiltPack): PackVersionInfo {
    return this.repo.transaction(() => {
      const again = input.changeIds.map((id) => this.requireChange(id))
      const moved = again.some((row, i) => canonicalJson(row) !== canonicalJson(plan.rows[i]))
      if (moved || this.repo.latestVersion(plan.base.packId)?.id !== plan.base.id) throw new PackRefusal("changed-meanwhile")
      const actor = this.requireProfile(input.actor)
      const published = appendVersion(this.repo, next, {
        origin: "local",
        publishedBy: actor.id,
        publisherName: actor.displayName,
        signer: null,
      })
      for (const row of plan.rows) this.markPublished(row, published.id, input.actor)
      return versionInfo(published)
    })
  }

  /** What a publication builds on: the changes (each allowed to be published), the base version, the next version's number and date. */
  private planPublication(input: PublishInput): PublicationPlan {
    this.requireProfile(input.actor)
    if (input.changeIds.length === 0) throw new PackRefusal("nothing-to-publish")
    const rows = input.changeIds.map((id) => this.requireChange(id))
    for (const row of rows) nextState(stateOf(row), { type: "publish", actor: input.actor })
    const packId = rows[0]?.packId ?? ""
    const other = rows.find((r) => r.packId !== packId)
    if (other !== undefined) throw new PackRefusal("other-pack", { pack: other.packId, stored: packId })
    const base = this.repo.latestVersion(packId)
    if (base === null) throw new PackRefusal("no-version")
    const version = input.version ?? nextPatch(base.version)
    if (!isPackVersion(version)) throw new PackRefusal("version-invalid", { version })
    return { rows, base, edits: rows.map(editOf), next: { version, publishedAt: this.repo.now().slice(0, 10) } }
  }

  get(changeId: string): RuleChange {
    return toChange(this.requireChange(changeId))
  }

  list(filter: { statuses?: readonly RuleChange["status"][]; ruleId?: string } = {}): RuleChange[] {
    return this.repo.changes(filter).map(toChange)
  }

  auditTrail(changeId: string): ChangeAuditEntry[] {
    return this.repo
      .auditTrail(changeId)
      .map((r) => ChangeAuditEntry.parse({ action: r.action, profileId: r.profileId, at: r.at, detail: JSON.parse(r.detailJson) }))
  }

  private markPublished(row: RuleChangeRow, versionId: number, actor: string): void {
    const now = this.repo.now()
    for (const old of this.repo.changes({ statuses: ["PUBLISHED"], packId: row.packId, ruleId: row.ruleId })) {
      nextState(stateOf(old), { type: "supersede", actor })
      this.repo.updateChange(old.id, "PUBLISHED", { status: "RETIRED", supersededBy: row.id, updatedAt: now })
      this.repo.audit(old.id, "superseded", actor, now, { by: row.id })
    }
    this.repo.updateChange(row.id, "IN_REVIEW", { status: "PUBLISHED", publishedVersionId: versionId, updatedAt: now })
    this.repo.audit(row.id, "published", actor, now, { versionSeq: versionId })
  }

  /** One move of one change: checked, written if still in the state it was read in, audited. */
  private move(
    changeId: string,
    action: ChangeAction,
    changes: (row: RuleChangeRow) => Parameters<PackVersionsRepository["updateChange"]>[2],
    detail: Record<string, unknown> = {},
  ): RuleChange {
    return this.repo.transaction(() => {
      this.requireProfile(action.actor)
      const row = this.requireChange(changeId)
      nextState(stateOf(row), action)
      const now = this.repo.now()
      if (!this.repo.updateChange(changeId, row.status, { ...changes(row), updatedAt: now }))
        throw new PackRefusal("changed-meanwhile")
      this.repo.audit(changeId, action.type, action.actor, now, detail)
      return toChange(this.requireChange(changeId))
    })
  }

  /** The latest version with the edits must load and lint clean. */
  private check(baseVersionId: number, edits: RuleEdit[]): void {
    const base = this.repo.versionById(baseVersionId)
    if (base === null) throw new PackRefusal("no-version")
    const loaded = versionPack(this.repo, base)
    nextPack(loaded, edits, { version: loaded.version, publishedAt: loaded.pack.publishedAt })
  }

  private latestId(packId: string): number {
    const latest = this.repo.latestVersion(packId)
    if (latest === null) throw new PackRefusal("no-version")
    return latest.id
  }

  private requireProfile(id: string): Profile {
    const row = this.repo.profile(id)
    if (row === null) throw new PackRefusal("unknown-profile", { profile: id })
    return Profile.parse(row)
  }

  private requireChange(id: string): RuleChangeRow {
    const row = this.repo.change(id)
    if (row === null) throw new PackRefusal("unknown-change", { change: id })
    return row
  }
}

function stateOf(row: RuleChangeRow): ChangeState {
  return {
    id: row.id,
    ruleId: row.ruleId,
    status: RuleChange.shape.status.parse(row.status),
    authorId: row.authorId,
    approvedBy: row.approvedBy,
  }
}

function editOf(row: RuleChangeRow): RuleEdit {
  return {
    kind: RuleChange.shape.kind.parse(row.kind),
    ruleId: row.ruleId,
    rule: row.ruleJson === null ? null : (JSON.parse(row.ruleJson) as unknown),
    evidence: JSON.parse(row.evidenceJson) as unknown[],
  }
}

function toChange(row: RuleChangeRow): RuleChange {
  return RuleChange.parse({
    id: row.id,
    packId: row.packId,
    ruleId: row.ruleId,
    kind: row.kind,
    rule: row.ruleJson === null ? null : (JSON.parse(row.ruleJson) as unknown),
    evidence: JSON.parse(row.evidenceJson) as unknown,
    baseVersionSeq: row.baseVersionId,
    authorId: row.authorId,
    note: row.note,
    status: row.status,
    approvedBy: row.approvedBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    publishedVersionSeq: row.publishedVersionId,
    supersededBy: row.supersededBy,
  })
}
