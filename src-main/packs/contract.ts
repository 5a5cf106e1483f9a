import { z } from "zod"

// The shapes of the packs room: profiles, pack versions and rule changes as the store gives them
// out. Types derive from these schemas; the repository parses every row it returns through them.

export const ChangeStatus = z.enum(["DRAFT", "IN_REVIEW", "PUBLISHED", "RETIRED"])
export const ChangeKind = z.enum(["add", "edit", "retire"])
export const VersionOrigin = z.enum(["bundled", "local", "imported"])
/**
 * Where a version came from, as shown: its stored origin, or "firm" for one another desk published
 * and this desk put into force from the firm (stored as "local" with the publishing desk, migration 0018).
 */
export const ShownOrigin = z.enum(["bundled", "local", "imported", "firm"])

export const Profile = z.strictObject({
  id: z.string().min(1),
  displayName: z.string().min(1),
  createdAt: z.string(),
})

/** A display name as typed: trimmed, 1..80 characters. */
export const ProfileName = z.string().trim().min(1).max(80)

export const PackVersionInfo = z.strictObject({
  /** Publication order in this store (1 = first stored). */
  seq: z.number().int().positive(),
  packId: z.string(),
  version: z.string(),
  contentHash: z.string().regex(/^[0-9a-f]{64}$/),
  prevHash: z.string().regex(/^[0-9a-f]{64}$/),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  publishedAt: z.string(),
  origin: ShownOrigin,
  /** The desk that published a version that came from the firm; null for every other. */
  originDesk: z.string().nullable(),
  publishedBy: z.string().nullable(),
  publisherName: z.string(),
  signer: z
    .strictObject({ publicKeyPem: z.string(), fingerprint: z.string(), signature: z.string() })
    .nullable(),
})

export const RuleChange = z.strictObject({
  id: z.string(),
  packId: z.string(),
  ruleId: z.string(),
  kind: ChangeKind,
  /** The rule as it will be published; null for a retirement. */
  rule: z.unknown().nullable(),
  /** New or corrected evidence records the rule cites. */
  evidence: z.array(z.unknown()),
  baseVersionSeq: z.number().int().positive(),
  authorId: z.string(),
  note: z.string(),
  status: ChangeStatus,
  approvedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedVersionSeq: z.number().int().positive().nullable(),
  supersededBy: z.string().nullable(),
})

export const ChangeAuditEntry = z.strictObject({
  action: z.string(),
  profileId: z.string(),
  at: z.string(),
  detail: z.unknown(),
})

export type ChangeStatus = z.infer<typeof ChangeStatus>
export type ChangeKind = z.infer<typeof ChangeKind>
export type VersionOrigin = z.infer<typeof VersionOrigin>
export type Profile = z.infer<typeof Profile>
export type PackVersionInfo = z.infer<typeof PackVersionInfo>
export type RuleChange = z.infer<typeof RuleChange>
export type ChangeAuditEntry = z.infer<typeof ChangeAuditEntry>
