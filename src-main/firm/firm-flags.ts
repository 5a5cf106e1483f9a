import type Database from "better-sqlite3"
import { TerminalOutcome } from "../../src-shared/events/stages"
import type { FirmQueueItem } from "../../src-shared/firm"
import { Flag, FlagQueueItem } from "../../src-shared/flags"

// Other desks' flags as this desk holds them (firm_flags and firm_reviews, from down-sync), in the
// shape of the desk's own flags (src-shared/flags.ts), each with the desk that raised it: who
// raised it and who decided it are that desk's profiles, by the id and name it sent (firm schema
// 0005), shown as a local flag shows its own. A flag that went up from an app that did not send
// them names nobody, like a local flag raised before profiles were recorded. The rule change a
// confirmation names stays at its desk (rule changes are not shared), so it is null here.

export interface FirmFlag {
  desk: string
  flag: Flag
}

/** A row of another desk's review queue, as this desk's own queue gives one (`fiskai firm flags`, firm.flags). */
export type { FirmQueueItem }

interface Row {
  desk: string
  id: string
  runId: string
  kind: string
  note: string
  createdAt: string
  raisedBy: string | null
  raisedByName: string | null
  decision: string | null
  decidedAt: string | null
  decisionNote: string | null
  decidedBy: string | null
  decidedByName: string | null
}

/** Every flag from other desks, oldest first (then by id). */
export function readFirmFlags(sqlite: Database.Database): FirmFlag[] {
  const rows = sqlite
    .prepare(
      `SELECT f.desk, f.flag_id AS id, f.run_id AS runId, f.kind, f.note, f.created_at AS createdAt,
         f.raised_by AS raisedBy, f.raised_by_name AS raisedByName, r.decision, r.decided_at AS decidedAt,
         r.note AS decisionNote, r.decided_by AS decidedBy, r.decided_by_name AS decidedByName
       FROM firm_flags f LEFT JOIN firm_reviews r ON r.flag_id = f.flag_id
       ORDER BY f.created_at, f.flag_id`,
    )
    .all() as Row[]
  return rows.map((row) => ({ desk: row.desk, flag: flagOf(row) }))
}

function flagOf(row: Row): Flag {
  const decided = row.decision !== null && row.decidedAt !== null && row.decisionNote !== null
  return Flag.parse({
    id: row.id,
    runId: row.runId,
    kind: row.kind,
    note: row.note,
    createdAt: row.createdAt,
    status: decided ? row.decision : "open",
    decision: decided ? { decidedAt: row.decidedAt, note: row.decisionNote, decidedBy: person(row.decidedBy, row.decidedByName) } : null,
    ruleChangeId: null,
    raisedBy: person(row.raisedBy, row.raisedByName),
  })
}

/** A person as the local flags show one: the profile's id and name (the id stands in for a lost name). */
function person(id: string | null, name: string | null): { id: string; name: string } | null {
  return id === null ? null : { id, name: name ?? id }
}

interface RunRow {
  question: string
  answerText: string | null
  outcome: string | null
  confidence: number | null
  createdAt: string
}

/**
 * Other desks' flags with the run each is about (firm_traces), oldest first; only the open ones
 * unless `all`. The run's client stays at its desk (clients are not shared), so it names none.
 */
export function readFirmQueue(sqlite: Database.Database, now: Date, all = false): FirmQueueItem[] {
  const run = sqlite.prepare(
    `SELECT question, answer_text AS answerText, outcome, confidence, created_at AS createdAt FROM firm_traces WHERE request_id = ?`,
  )
  const items: FirmQueueItem[] = []
  for (const { desk, flag } of readFirmFlags(sqlite)) {
    if (!all && flag.status !== "open") continue
    const row = run.get(flag.runId) as RunRow | undefined
    // The run's first line is its headline, as the desk's own queue shows it (store/flags-repo.ts).
    const headline = row?.answerText?.split("\n")[0]?.trim() ?? ""
    const item = FlagQueueItem.parse({
      flag,
      run: {
        question: row?.question ?? "",
        clientId: null,
        clientName: null,
        headline: headline === "" ? null : headline,
        outcome: TerminalOutcome.nullable().catch(null).parse(row?.outcome ?? null),
        confidence: row?.confidence ?? null,
        createdAt: row?.createdAt ?? flag.createdAt,
      },
      linkedChange: null,
      ageMs: Math.max(0, now.getTime() - Date.parse(flag.createdAt)),
    })
    items.push({ desk, item })
  }
  return items
}
