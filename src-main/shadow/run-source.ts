import Database from "better-sqlite3"
import { loadPack, type LoadedPack } from "../knowledge/loader"
import { eventsOfTraceSql } from "../store/event-keys"
import { parseJsonOrNull } from "../util/parse-json"

// The shadow's read-only view of the trace store: which runs it covers (the finished question
// runs, of some clients or all, up to the last one recorded when it started: runs asked during the
// shadow are not in it), in pages of trace ids; and, on each worker, a page's runs with the few
// events the comparison reads, and the pack snapshots they ran with. Its own connections, opened
// read-only: the app goes on writing while a shadow reads.
// Read-only SQL against the store's schema (src-main/store/schema.ts); the store is not changed.

/** A stored finished run as the shadow reads it. */
export interface StoredRun {
  requestId: string
  question: string
  /** The date it evaluated on (else the date requested). */
  asOfDate: string
  clientId: string | null
  createdAt: string
  requestJson: string
  packHash: string
  /** Its QUESTION_INTAKE and CLARIFICATION complete events, parsed (not validated), in chain order: the engine version and the recorded answers. */
  gateEvents: unknown[]
  /** Its terminal event, parsed (not validated); null when it has none. */
  terminal: unknown
  /** The rule ids of its RETRIEVAL and APPLICABILITY complete events (read by SQLite: the events themselves are not parsed here). */
  retrievedRuleIds: string[]
  eligibleRuleIds: string[]
}

export function openReadOnly(dbPath: string): Database.Database {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true })
  db.pragma("busy_timeout = 5000")
  return db
}

/** The runs a shadow covers. */
export interface Selection {
  /** Only runs asked for these clients; null: every run. */
  clientIds: readonly string[] | null
}

const SELECTED = `status = 'complete' AND counterfactual_of IS NULL`
const CLIENT_FILTER = `AND client_id IN (SELECT value FROM json_each(@clients))`

export class RunPages {
  private readonly page
  private after = 0
  readonly total: number
  private readonly lastId: number

  constructor(
    private readonly db: Database.Database,
    private readonly selection: Selection,
  ) {
    const filter = selection.clientIds === null ? SELECTED : `${SELECTED} ${CLIENT_FILTER}`
    this.lastId = (db.prepare("SELECT coalesce(max(id), 0) FROM traces").pluck().get() as number) ?? 0
    this.total = db.prepare(`SELECT count(*) FROM traces WHERE id <= @last AND ${filter}`).pluck().get(this.params({ last: this.lastId })) as number
    // NOT INDEXED: by the primary key's range only. With the status index SQLite read and sorted
    // every selected run for each page (about 4 ms a page of 64 at 10,000 runs, on the thread
    // that hands the pages out); by id each page reads only its own rows.
    this.page = db.prepare(`SELECT id FROM traces NOT INDEXED WHERE id > @after AND id <= @last AND ${filter} ORDER BY id LIMIT @limit`).pluck()
  }

  /** The next page of trace ids, oldest first; empty at the end. */
  next(limit: number): number[] {
    const ids = this.page.all(this.params({ after: this.after, last: this.lastId, limit })) as number[]
    const last = ids.at(-1)
    if (last !== undefined) this.after = last
    return ids
  }

  private params(values: Record<string, number>): Record<string, number | string> {
    return this.selection.clientIds === null ? values : { ...values, clients: JSON.stringify(this.selection.clientIds) }
  }
}

interface RunRow extends Omit<StoredRun, "gateEvents" | "terminal" | "retrievedRuleIds" | "eligibleRuleIds"> {
  gateJson: string | null
  terminalJson: string | null
  retrievedJson: string | null
  eligibleJson: string | null
}

/** A trace's complete events of `stages`, as SQL over `events e` for the trace `t`. */
function completeEventsOf(stages: readonly string[]): string {
  return `FROM events e WHERE ${eventsOfTraceSql("e", "t.id")} AND e.status = 'complete' AND e.stage IN (${stages.map((s) => `'${s}'`).join(", ")})`
}

/**
 * The events a run's gates are re-created from: the intake, each clarification's answer, and a
 * clarification's question too, since a local model's accepted reading (issue 24) is recorded in
 * the option the user took and the engine re-opens that gate only when given the reading.
 */
function gateEventsOf(): string {
  return `FROM events e WHERE ${eventsOfTraceSql("e", "t.id")} AND ((e.status = 'complete' AND e.stage IN ('QUESTION_INTAKE', 'CLARIFICATION')) OR (e.status = 'awaiting_input' AND e.stage = 'CLARIFICATION'))`
}

const TERMINAL_STAGES = ["ANSWER", "QUALIFIED_ANSWER", "CONDITIONAL_ANSWER", "REFUSAL", "ERROR"]

/** Reads pages of runs and the pack snapshots they name (each loaded once). */
export class RunReader {
  private readonly runs
  private readonly snapshot
  private readonly packs = new Map<string, LoadedPack>()

  constructor(private readonly db: Database.Database) {
    // Only what the comparison reads: the small gate events whole, the terminal's text, and the
    // rule id lists picked out by SQLite's JSON functions (parsing the large events in JavaScript
    // cost more than the engine's own run).
    this.runs = db.prepare(
      `SELECT t.request_id AS requestId, t.question AS question, coalesce(t.evaluated_as_of, t.as_of_date) AS asOfDate,
         t.client_id AS clientId, t.created_at AS createdAt, t.request_json AS requestJson, t.pack_hash AS packHash,
         (SELECT '[' || group_concat(e.event_json, ',') || ']' ${gateEventsOf()}) AS gateJson,
         (SELECT e.event_json ${completeEventsOf(TERMINAL_STAGES)} ORDER BY e.id DESC LIMIT 1) AS terminalJson,
         (SELECT json_extract(e.event_json, '$.data.ruleIds') ${completeEventsOf(["RETRIEVAL"])} ORDER BY e.id DESC LIMIT 1) AS retrievedJson,
         (SELECT json_extract(e.event_json, '$.data.eligibleRuleIds') ${completeEventsOf(["APPLICABILITY"])} ORDER BY e.id DESC LIMIT 1) AS eligibleJson
       FROM traces t WHERE t.id IN (SELECT value FROM json_each(?)) ORDER BY t.id`,
    )
    this.snapshot = db.prepare("SELECT canonical_json FROM rule_pack_snapshots WHERE hash = ?").pluck()
  }

  read(ids: readonly number[]): StoredRun[] {
    const rows = this.runs.all(JSON.stringify(ids)) as RunRow[]
    return rows.map(({ gateJson, terminalJson, retrievedJson, eligibleJson, ...row }) => ({
      ...row,
      gateEvents: inChainOrder(gateJson),
      terminal: terminalJson === null ? null : parseJsonOrNull(terminalJson),
      retrievedRuleIds: stringsOf(retrievedJson),
      eligibleRuleIds: stringsOf(eligibleJson),
    }))
  }

  /** The pack snapshot a run ran with; throws when it is missing or does not match its hash. */
  pack(hash: string): LoadedPack {
    const known = this.packs.get(hash)
    if (known !== undefined) return known
    const json = this.snapshot.get(hash) as string | undefined
    if (json === undefined) throw new Error(`the rule pack snapshot ${hash} is missing`)
    const pack = loadPack(JSON.parse(json))
    if (pack.hash !== hash) throw new Error(`the rule pack snapshot ${hash} does not match its content`)
    this.packs.set(hash, pack)
    return pack
  }
}

function inChainOrder(json: string | null): unknown[] {
  const events = json === null ? null : parseJsonOrNull(json)
  if (!Array.isArray(events)) return []
  const seq = (e: unknown) => ((e as { seq?: unknown } | null)?.seq as number | undefined) ?? 0
  return events.sort((a, b) => seq(a) - seq(b))
}

function stringsOf(json: string | null): string[] {
  const value = json === null ? null : parseJsonOrNull(json)
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []
}
