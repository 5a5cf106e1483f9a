import { z } from "zod"
import { Locale } from "./events/stages"
import { ShadowProgress, ShadowReport } from "./shadow"
import { typedText } from "./text"

// The truth loop in the window (issue 19): local profiles, the rules of the pack in force by
// concept, rule changes with their review, the live pack check of a draft, and the shadow run of a
// change in review. The main process checks every rule against the pack schema and the pack lint;
// here a rule is the pack's JSON with the fields the editor reads named (the rest passes through).
// Inputs that can be refused carry the window's locale: a refusal comes back in its words.

const Id = z.string().min(1).max(200)
const Text = (max: number) => z.string().max(max)

export const RuleProfile = z.object({ id: z.string(), displayName: z.string(), createdAt: z.string() })
export const NewProfileInput = z.strictObject({
  displayName: typedText("name", 80),
  locale: Locale.optional(),
})

export const LocalizedText = z.object({ hr: z.string(), en: z.string() })

/** A rule as the pack writes it, with the fields the editor edits named; main validates it in full. */
export const EditableRule = z.looseObject({
  id: Text(200),
  conceptSlug: Text(200),
  valueKey: Text(200),
  titleHr: Text(500),
  titleEn: Text(500),
  authority: Text(40),
  effectiveFrom: Text(10),
  effectiveUntil: Text(10).nullable(),
  appliesWhen: z.unknown().optional(),
  value: z.looseObject({ type: Text(40) }),
  statement: LocalizedText,
  kind: Text(40),
  evidenceIds: z.array(Text(200)).max(50),
  legalBasis: z.object({ act: Text(500), gazette: Text(500), article: Text(200).optional() }).optional(),
})

/** An evidence record: where the rule's words are, quoted verbatim, and when they were fetched. */
export const EvidenceRecord = z.looseObject({
  id: Text(200),
  sourceId: Text(200),
  url: Text(2000),
  title: Text(500),
  quote: Text(2000),
  fetchedAt: Text(10),
  language: Text(2),
})

export const RuleSummary = z.object({
  id: z.string(),
  titleHr: z.string(),
  titleEn: z.string(),
  kind: z.string(),
  authority: z.string(),
  effectiveFrom: z.string(),
  effectiveUntil: z.string().nullable(),
  value: z.looseObject({ type: z.string() }),
})

export const RuleCatalog = z.object({
  packId: z.string(),
  version: z.string(),
  sources: z.array(z.object({ id: z.string(), name: z.string(), authority: z.string() })),
  concepts: z.array(
    z.object({ slug: z.string(), nameHr: z.string(), nameEn: z.string(), rules: z.array(RuleSummary) }),
  ),
  /** The fact paths the pack's rules and topics read (offered when a condition is written). */
  facts: z.array(z.string()),
})

export const RuleWithEvidence = z.object({ rule: EditableRule, evidence: z.array(EvidenceRecord) })

export const ChangeStatusName = z.enum(["DRAFT", "IN_REVIEW", "PUBLISHED", "RETIRED"])
export const ChangeKindName = z.enum(["add", "edit", "retire"])

export const RuleChangeView = z.object({
  id: z.string(),
  packId: z.string(),
  ruleId: z.string(),
  kind: ChangeKindName,
  rule: EditableRule.nullable(),
  evidence: z.array(EvidenceRecord),
  authorId: z.string(),
  authorName: z.string(),
  note: z.string(),
  status: ChangeStatusName,
  approvedBy: z.string().nullable(),
  approvedByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedVersionSeq: z.number().int().nullable(),
})

export const ChangeTrailEntry = z.object({ action: z.string(), profileName: z.string(), at: z.string() })
export const RuleChangeDetail = z.object({ change: RuleChangeView, trail: z.array(ChangeTrailEntry) })

export const ChangeListFilter = z.strictObject({ status: ChangeStatusName.optional(), ruleId: Id.optional() })
export const RuleRef = z.strictObject({ ruleId: Id })
export const ChangeRef = z.strictObject({ changeId: Id })

const Draft = {
  kind: ChangeKindName,
  ruleId: Id,
  /** The whole rule; absent for a retirement. */
  rule: EditableRule.optional(),
  evidence: z.array(EvidenceRecord).max(50).optional(),
}

export const ProposeInput = z.strictObject({
  ...Draft,
  actor: Id,
  note: typedText("note", 2000),
  locale: Locale.optional(),
})
export const EditDraftInput = z.strictObject({
  changeId: Id,
  actor: Id,
  rule: EditableRule.optional(),
  evidence: z.array(EvidenceRecord).max(50).optional(),
  note: typedText("note", 2000).optional(),
  locale: Locale.optional(),
})
export const MoveInput = z.strictObject({ changeId: Id, actor: Id, locale: Locale.optional() })
export const SendBackInput = z.strictObject({
  changeId: Id,
  actor: Id,
  note: typedText("note", 2000),
  locale: Locale.optional(),
})
export const PublishInput = z.strictObject({
  changeIds: z.array(Id).min(1).max(100),
  actor: Id,
  locale: Locale.optional(),
})
export const PublishResult = z.object({
  packId: z.string(),
  version: z.string(),
  contentHash: z.string(),
  publisherName: z.string(),
  /** The version answers new questions at once (else from the app's next start). */
  inForce: z.boolean(),
})

export const LintInput = z.strictObject({ ...Draft, locale: Locale.optional() })
export const LintFinding = z.object({ code: z.string(), where: z.string(), message: z.string() })
export const LintResult = z.object({
  /** Why the pack with the draft would not load or the rule is not valid, in the input's locale. */
  problem: z.string().nullable(),
  /** The pack check's findings the draft adds (what `fiskai pack check` would newly report). */
  findings: z.array(LintFinding),
})

export const ShadowStartInput = z.strictObject({
  changeId: Id,
  locale: Locale.optional(),
  /** Only the stored runs asked for these clients; absent: every stored run. */
  clientIds: z.array(Id).min(1).max(1000).optional(),
})
export const ShadowJobRef = z.strictObject({ jobId: Id })
export const ShadowJobState = z.enum(["running", "complete", "stopped", "failed"])
export const ShadowJob = z.object({
  jobId: z.string(),
  changeId: z.string(),
  state: ShadowJobState,
  progress: ShadowProgress,
  report: ShadowReport.nullable(),
  error: z.string().nullable(),
})

export type RuleProfile = z.infer<typeof RuleProfile>
export type EditableRule = z.infer<typeof EditableRule>
export type EvidenceRecord = z.infer<typeof EvidenceRecord>
export type RuleSummary = z.infer<typeof RuleSummary>
export type RuleCatalog = z.infer<typeof RuleCatalog>
export type RuleWithEvidence = z.infer<typeof RuleWithEvidence>
export type ChangeStatusName = z.infer<typeof ChangeStatusName>
export type ChangeKindName = z.infer<typeof ChangeKindName>
export type RuleChangeView = z.infer<typeof RuleChangeView>
export type RuleChangeDetail = z.infer<typeof RuleChangeDetail>
export type LintResult = z.infer<typeof LintResult>
export type LintFinding = z.infer<typeof LintFinding>
export type PublishResult = z.infer<typeof PublishResult>
export type ShadowJob = z.infer<typeof ShadowJob>
export type ShadowJobState = z.infer<typeof ShadowJobState>
