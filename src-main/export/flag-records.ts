import { z } from "zod"
import type Database from "better-sqlite3"
import { canonicalJson } from "../util/canonical-json"
import { FLAGS_FILE } from "./bundle-format"

export { FLAGS_FILE }

// The flags of the exported runs in the audit bundle (issue 19, format version 2): what a user
// reported about an answer (kind, note, when) and what a reviewer decided (confirmed or rejected,
// the note, when, and the rule change a confirmation names, with its author and reviewer). One
// record per line of flags.jsonl, in canonical JSON, the runs' bundle order then the flags' own;
// the file is listed in the signed manifest like every other, so its records are signed too.
// Format version 3 adds who raised the flag and who decided it (the local profiles' names, null
// when none was recorded: flags from before migration 0017, or raised with no profile chosen);
// a version 2 bundle's records have neither, and still verify as version 2 records.

export const FlagRuleChange = z.strictObject({
  id: z.string().min(1),
  ruleId: z.string(),
  kind: z.enum(["add", "edit", "retire"]),
  status: z.enum(["DRAFT", "IN_REVIEW", "PUBLISHED", "RETIRED"]),
  authorName: z.string().nullable(),
  approvedByName: z.string().nullable(),
})

/** A decision as format version 2 records it. */
export const FlagDecisionRecordV2 = z.strictObject({
  decision: z.enum(["confirmed", "rejected"]),
  decidedAt: z.string().min(1),
  note: z.string(),
  /** The rule change a confirmation names as the fix; never on a rejection. */
  ruleChange: FlagRuleChange.nullable(),
})

export const FlagDecisionRecord = FlagDecisionRecordV2.extend({
  /** Format version 3: the name of the profile that decided it; null when none was recorded. */
  decidedByName: z.string().nullable(),
})

const RecordV2 = z.strictObject({
  id: z.string().min(1),
  /** The flagged run: a trace of this bundle. */
  runId: z.string().min(1),
  kind: z.enum(["wrong", "unclear"]),
  note: z.string(),
  reportedAt: z.string().min(1),
  /** Null while the flag is open. */
  decision: FlagDecisionRecordV2.nullable(),
})

const RecordV3 = RecordV2.extend({
  /** Format version 3: the name of the profile that raised it; null when none was recorded. */
  raisedByName: z.string().nullable(),
  decision: FlagDecisionRecord.nullable(),
})

const onlyConfirmedLinks = (r: { decision: { decision: string; ruleChange: unknown } | null }) =>
  r.decision === null || r.decision.decision === "confirmed" || r.decision.ruleChange === null
const ONLY_CONFIRMED = { message: "only a confirmed flag names a rule change", path: ["decision", "ruleChange"] }

/** A flag record as format version 2 wrote it (no persons). */
export const FlagRecordV2 = RecordV2.refine(onlyConfirmedLinks, ONLY_CONFIRMED)
/** A flag record as this app writes it (format version 3). */
export const FlagRecord = RecordV3.refine(onlyConfirmedLinks, ONLY_CONFIRMED)
/**
 * A flag record of a firm-wide bundle (one with desks.jsonl, src-main/firm/firm-bundle.ts): a
 * format version 3 record that also names the desk that raised it. The rule change a confirmation
 * names stays at its desk (rule changes are not shared through the firm), so it is null there.
 */
export const FirmFlagRecord = RecordV3.extend({ desk: z.string().min(1) }).refine(onlyConfirmedLinks, ONLY_CONFIRMED)

export type FlagRecord = z.infer<typeof FlagRecord>
export type FirmFlagRecord = z.infer<typeof FirmFlagRecord>

/** The record schema of a bundle's format version (flags.jsonl exists from version 2), and of a firm-wide bundle's. */
export function flagRecordSchema(formatVersion: number, firmWide = false): typeof FlagRecordV2 | typeof FlagRecord | typeof FirmFlagRecord {
  if (formatVersion === 2) return FlagRecordV2
  return firmWide ? FirmFlagRecord : FlagRecord
}

interface FlagRow {
  id: string
  runId: string
  kind: FlagRecord["kind"]
  note: string
  createdAt: string
  status: "open" | "confirmed" | "rejected"
  decidedAt: string | null
  decisionNote: string | null
  changeId: string | null
  ruleId: string | null
  changeKind: FlagRuleChange["kind"] | null
  changeStatus: FlagRuleChange["status"] | null
  authorName: string | null
  approvedByName: string | null
  raisedByName: string | null
  decidedByName: string | null
}
type FlagRuleChange = z.infer<typeof FlagRuleChange>

/**
 * The flags of the runs in the export's selection (its temp table `export_selection`), as
 * flags.jsonl lines. Read in the export's read transaction: the same snapshot as the traces.
 */
export function flagLinesOfSelection(db: Database.Database): string[] {
  const rows = db
    .prepare(
      `SELECT f.id AS id, f.run_id AS runId, f.kind AS kind, f.note AS note, f.created_at AS createdAt, f.status AS status,
         f.decided_at AS decidedAt, f.decision_note AS decisionNote, rc.id AS changeId, rc.rule_id AS ruleId,
         rc.kind AS changeKind, rc.status AS changeStatus, pa.display_name AS authorName, pb.display_name AS approvedByName,
         pr.display_name AS raisedByName, pd.display_name AS decidedByName
       FROM export_selection s JOIN flags f ON f.run_id = s.request_id
       LEFT JOIN profiles pr ON pr.id = f.raised_by
       LEFT JOIN profiles pd ON pd.id = f.decided_by
       LEFT JOIN rule_changes rc ON rc.id = f.rule_change_id
       LEFT JOIN profiles pa ON pa.id = rc.author_id
       LEFT JOIN profiles pb ON pb.id = rc.approved_by
       ORDER BY s.pos, f.created_at, f.rowid`,
    )
    .all() as FlagRow[]
  return rows.map((row) => canonicalJson(FlagRecord.parse(recordOf(row))))
}

function recordOf(row: FlagRow): FlagRecord {
  const ruleChange =
    row.changeId === null || row.ruleId === null || row.changeKind === null || row.changeStatus === null
      ? null
      : {
          id: row.changeId,
          ruleId: row.ruleId,
          kind: row.changeKind,
          status: row.changeStatus,
          authorName: row.authorName,
          approvedByName: row.approvedByName,
        }
  return {
    id: row.id,
    runId: row.runId,
    kind: row.kind,
    note: row.note,
    reportedAt: row.createdAt,
    raisedByName: row.raisedByName,
    decision:
      row.status === "open" || row.decidedAt === null || row.decisionNote === null
        ? null
        : {
            decision: row.status,
            decidedAt: row.decidedAt,
            note: row.decisionNote,
            ruleChange,
            decidedByName: row.decidedByName,
          },
  }
}
