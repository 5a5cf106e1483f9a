import { and, desc, eq, gte, isNull, lt, sql, type SQL } from "drizzle-orm"
import { TracePageRequest, type HistoryItem, type TraceFilter, type TracePage } from "../../src-shared/traces"
import { integer, sqliteTable } from "drizzle-orm/sqlite-core"
import { traces, type TraceRow } from "./schema"
import { isDamageError } from "./integrity"
import type { Store } from "./store"
import { toTraceSummary } from "./trace-reader"

// History pages: filters, FTS5 search over question and answer, keyset pagination on
// (created_at, id) descending. Each filter column has an index (created_at, rowid) behind it.

const DEFAULT_LIMIT = 50

export class BadCursorError extends Error {}

interface Cursor {
  createdAt: string
  id: number
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString("base64url")
}

export function decodeCursor(text: string): Cursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"))
    if (Array.isArray(value) && typeof value[0] === "string" && Number.isInteger(value[1]))
      return { createdAt: value[0], id: value[1] as number }
  } catch {
    // fall through
  }
  throw new BadCursorError("the page cursor is not valid")
}

/** The prefix index lengths of traces_fts (migration 0004): longer words are cut to the longest. */
const MAX_INDEXED_PREFIX = 6

/**
 * Turns what a user typed into an FTS5 query: every word must occur, matched by its beginning
 * (so "porez" finds "poreza", "porezni"), words split where the index's tokenizer splits them,
 * one-letter words dropped, longer words cut to 6 characters (a crude stem, and what the prefix
 * index serves without reading whole doclists). Quotes and operators are taken literally.
 * Returns null when nothing searchable is left.
 */
export function toFtsQuery(text: string): string | null {
  const words = text
    .split(/[^\p{L}\p{N}]+/u)
    .map((w) => Array.from(w).slice(0, MAX_INDEXED_PREFIX).join(""))
    .filter((w) => Array.from(w).length >= 2)
  if (words.length === 0) return null
  return [...new Set(words)].map((w) => `"${w}"*`).join(" ")
}

/** The day after an ISO date, so that `until` includes the whole day. */
function nextDay(isoDate: string): string {
  const day = new Date(`${isoDate}T00:00:00Z`)
  day.setUTCDate(day.getUTCDate() + 1)
  return day.toISOString().slice(0, 10)
}

export function filterConditions(filter: TraceFilter): SQL[] {
  const where: SQL[] = []
  if (filter.outcome !== undefined) where.push(eq(traces.outcome, filter.outcome))
  if (filter.riskTier !== undefined) where.push(eq(traces.riskTier, filter.riskTier))
  if (filter.domain !== undefined) where.push(eq(traces.domain, filter.domain))
  if (filter.clientId !== undefined) where.push(eq(traces.clientId, filter.clientId))
  if (filter.status !== undefined) where.push(eq(traces.status, filter.status))
  if (filter.since !== undefined) where.push(gte(traces.createdAt, filter.since))
  if (filter.until !== undefined) where.push(lt(traces.createdAt, nextDay(filter.until)))
  if (!filter.includeHypothetical) where.push(isNull(traces.counterfactualOf))
  // flags_run_idx (run_id, created_at) answers this per row.
  if (filter.flagged === true) where.push(sql`EXISTS (SELECT 1 FROM flags f WHERE f.run_id = ${traces.requestId})`)
  return where
}

/** The FTS5 index as a table drizzle can join (not in schema.ts: drizzle-kit must not create it). */
const tracesFts = sqliteTable("traces_fts", { rowid: integer("rowid").notNull() })

/**
 * One history page. Without a search, newest first by (created_at, id). With a search, the FTS
 * index drives the query newest first by id (the order traces were recorded, which is creation
 * order), so a page costs the rows it returns rather than every match.
 */
export function listTraces(store: Store, input: TracePageRequest): TracePage {
  const request = TracePageRequest.parse(input)
  const limit = request.limit ?? DEFAULT_LIMIT
  const where = filterConditions(request)
  const after = request.cursor === undefined ? null : decodeCursor(request.cursor)
  const fts = request.search === undefined ? null : toFtsQuery(request.search)
  let rows: TraceRow[]
  if (fts === null) {
    if (after !== null) where.push(sql`(${traces.createdAt}, ${traces.id}) < (${after.createdAt}, ${after.id})`)
    rows = store.db
      .select()
      .from(traces)
      .where(and(...where))
      .orderBy(desc(traces.createdAt), desc(traces.id))
      .limit(limit + 1)
      .all()
  } else {
    store.searchIndex.catchUp()
    if (after !== null) where.push(lt(traces.id, after.id))
    rows = store.db
      .select({ trace: traces })
      .from(tracesFts)
      .innerJoin(traces, eq(traces.id, tracesFts.rowid))
      .where(and(sql`traces_fts MATCH ${fts}`, ...where))
      .orderBy(desc(tracesFts.rowid))
      .limit(limit + 1)
      .all()
      .map((row) => row.trace)
  }
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    items: toHistoryItems(store, page),
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
  }
}

/**
 * Request ids of every trace, oldest first (for `traces verify --all`). When a damaged page of
 * the traces table cannot be read, the ids come from the table's unique index on request_id
 * (a separate b-tree), so that the runs around the damage are still found and verified.
 */
export function allRequestIds(store: Store): string[] {
  const { sqlite } = store
  try {
    return sqlite.prepare("SELECT request_id FROM traces ORDER BY id").pluck().all() as string[]
  } catch (error) {
    if (!isDamageError(error)) throw error
    try {
      const rows = sqlite.prepare("SELECT request_id AS requestId, id FROM traces INDEXED BY traces_request_id_unique").all() as { requestId: string; id: number }[]
      return rows.sort((a, b) => a.id - b.id).map((row) => row.requestId)
    } catch {
      throw error
    }
  }
}

interface FlagCounts {
  runId: string
  open: number
  decided: number
}

/**
 * A page's rows as the history shows them: each run's summary, its headline (the first line of
 * the terminal's text, as the review queue shows it) and its reports, counted in one query.
 */
function toHistoryItems(store: Store, rows: readonly TraceRow[]): HistoryItem[] {
  const counted =
    rows.length === 0
      ? []
      : (store.sqlite
          .prepare(
            `SELECT run_id AS runId, SUM(status = 'open') AS open, SUM(status <> 'open') AS decided
             FROM flags WHERE run_id IN (SELECT value FROM json_each(?)) GROUP BY run_id`,
          )
          .all(JSON.stringify(rows.map((row) => row.requestId))) as FlagCounts[])
  const flagsOf = new Map(counted.map((c) => [c.runId, { open: c.open, decided: c.decided }]))
  return rows.map((row) => {
    const headline = row.answerText?.split("\n")[0]?.trim() ?? ""
    return {
      ...toTraceSummary(row),
      headline: headline === "" ? null : headline,
      flags: flagsOf.get(row.requestId) ?? { open: 0, decided: 0 },
    }
  })
}
