import { FirmFlagRecord } from "../export/flag-records"
import { canonicalJson } from "../util/canonical-json"
import type { FirmDb } from "./firm-db"
import { serverSchemaVersion } from "./server-schema"
import { PERSONS_SINCE } from "./up-specs"

// The flags.jsonl of a firm-wide audit bundle (issue 25): the flags every desk raised on the
// bundle's runs, with their decisions, as the firm's server holds them (firm.flags, firm.reviews),
// in the desk bundle's format version 3 record (src-main/export/flag-records.ts) plus the desk
// that raised each. Who raised and who decided a flag are the names the desk sent (firm schema
// 0005); null when it sent none. The file is listed in the signed manifest like every other, so
// a changed record fails `fiskai verify` as in a desk's bundle.

interface Row {
  desk: string
  id: string
  runId: string
  kind: "wrong" | "unclear"
  note: string
  reportedAt: string
  raisedByName: string | null
  decision: "confirmed" | "rejected" | null
  decidedAt: string | null
  decisionNote: string | null
  decidedByName: string | null
}

const PAGE = 5_000

/** The bundle's flag lines: the flags on `runIds`, by run id then as reported. */
export async function firmFlagLines(db: FirmDb, runIds: readonly string[]): Promise<string[]> {
  const persons = (await serverSchemaVersion(db)) >= PERSONS_SINCE
  const sorted = [...runIds].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const lines: string[] = []
  for (let start = 0; start < sorted.length; start += PAGE) {
    const rows = await db.query<Row>(
      `SELECT f.desk, f.flag_id AS id, f.run_id AS "runId", f.kind, f.note, f.created_at AS "reportedAt",
         ${persons ? "f.raised_by_name" : "NULL::text"} AS "raisedByName", r.decision, r.decided_at AS "decidedAt",
         r.note AS "decisionNote", ${persons ? "r.decided_by_name" : "NULL::text"} AS "decidedByName"
       FROM firm.flags f LEFT JOIN firm.reviews r ON r.flag_id = f.flag_id
       WHERE f.run_id = ANY($1::text[])
       ORDER BY f.run_id COLLATE "C", f.created_at, f.flag_id COLLATE "C"`,
      [sorted.slice(start, start + PAGE)],
    )
    for (const row of rows.rows) lines.push(canonicalJson(FirmFlagRecord.parse(recordOf(row))))
  }
  return lines
}

function recordOf(row: Row): FirmFlagRecord {
  return {
    desk: row.desk,
    id: row.id,
    runId: row.runId,
    kind: row.kind,
    note: row.note,
    reportedAt: row.reportedAt,
    raisedByName: row.raisedByName,
    decision:
      row.decision === null || row.decidedAt === null || row.decisionNote === null
        ? null
        : { decision: row.decision, decidedAt: row.decidedAt, note: row.decisionNote, ruleChange: null, decidedByName: row.decidedByName },
  }
}
