import type { Store } from "./store"
import { eventsOfRequestSql } from "./event-keys"

// Retention: nothing is deleted implicitly. purgeOlderThan(date) is the one way traces leave the
// store, and it leaves a record: purge_audit (counts) and purged_traces (each trace's chain head
// and event count), written in the same transaction before the rows go, which is what the
// delete triggers check. Chains are per trace and a trace goes whole, so no remaining chain breaks.
//
// Counterfactuals: a base trace is KEPT while a trace that stays (newer than the cutoff, or still
// running) is a counterfactual of it, directly or through other counterfactuals. Purging the base
// would orphan the hypothetical and delete something newer than the date the user chose. An old
// counterfactual of a newer base is purged on its own; the base is unaffected.
// Other records that refer to a trace by foreign key (saved What-if scenarios, …) keep it too:
// they are found from the schema itself, so a table added later is covered without a change here.

export interface PurgeResult {
  purgeId: number | null
  traceCount: number
  eventCount: number
  /** Old enough, but kept: a remaining counterfactual refers to them. */
  keptCount: number
}

interface Candidate {
  requestId: string
  createdAt: string
  outcome: string | null
  chainHead: string | null
  eventCount: number
  counterfactualOf: string | null
}

/** Purges traces created before `olderThan` (an ISO date or instant). */
export function purgeOlderThan(store: Store, olderThan: string): PurgeResult {
  const { sqlite } = store
  const run = sqlite.transaction((): PurgeResult => {
    const candidates = sqlite
      .prepare(
        `SELECT request_id AS requestId, created_at AS createdAt, outcome, chain_head AS chainHead,
                event_count AS eventCount, counterfactual_of AS counterfactualOf
         FROM traces WHERE created_at < ? AND status != 'running'`,
      )
      .all(olderThan) as Candidate[]
    const purge = new Map(candidates.map((c) => [c.requestId, c]))
    for (const requestId of referencedElsewhere(sqlite)) purge.delete(requestId)
    const allCounterfactuals = sqlite
      .prepare("SELECT request_id AS requestId, counterfactual_of AS base FROM traces WHERE counterfactual_of IS NOT NULL")
      .all() as { requestId: string; base: string }[]
    // Keep every base that a remaining trace depends on, until nothing changes.
    let changed = true
    while (changed) {
      changed = false
      for (const { requestId, base } of allCounterfactuals) {
        if (!purge.has(requestId) && purge.has(base)) {
          purge.delete(base)
          changed = true
        }
      }
    }
    const keptCount = candidates.length - purge.size
    if (purge.size === 0) return { purgeId: null, traceCount: 0, eventCount: 0, keptCount }

    const victims = [...purge.values()]
    const eventCount = victims.reduce((sum, v) => sum + v.eventCount, 0)
    const audit = sqlite
      .prepare(
        "INSERT INTO purge_audit (purged_at, older_than, trace_count, event_count, kept_count) VALUES (?, ?, ?, ?, ?)",
      )
      .run(store.clock().toISOString(), olderThan, victims.length, eventCount, keptCount)
    const purgeId = Number(audit.lastInsertRowid)
    const record = sqlite.prepare(
      "INSERT INTO purged_traces (purge_id, request_id, created_at, outcome, chain_head, event_count) VALUES (?, ?, ?, ?, ?, ?)",
    )
    const deleteEvents = sqlite.prepare(`DELETE FROM events WHERE ${eventsOfRequestSql("events", "@requestId")}`)
    const deleteTrace = sqlite.prepare("DELETE FROM traces WHERE request_id = ?")
    for (const v of victims) record.run(purgeId, v.requestId, v.createdAt, v.outcome, v.chainHead, v.eventCount)
    for (const v of victims) deleteEvents.run({ requestId: v.requestId })
    // Counterfactuals before their bases (foreign key), deepest first.
    for (const v of orderChildrenFirst(victims)) deleteTrace.run(v.requestId)
    return { purgeId, traceCount: victims.length, eventCount, keptCount }
  })
  return run.immediate()
}

/** Request ids of traces that a row outside the trace tables refers to by foreign key. */
function referencedElsewhere(sqlite: Store["sqlite"]): Set<string> {
  const references = sqlite
    .prepare(
      `SELECT m.name AS tableName, f."from" AS columnName FROM sqlite_master m, pragma_foreign_key_list(m.name) f
       WHERE m.type = 'table' AND f."table" = 'traces' AND m.name NOT IN ('traces', 'events')`,
    )
    .all() as { tableName: string; columnName: string }[]
  const ids = new Set<string>()
  for (const { tableName, columnName } of references) {
    const column = `"${columnName.replaceAll('"', '""')}"`
    const rows = sqlite.prepare(`SELECT DISTINCT ${column} AS id FROM "${tableName.replaceAll('"', '""')}" WHERE ${column} IS NOT NULL`).all() as { id: string }[]
    for (const row of rows) ids.add(row.id)
  }
  return ids
}

function orderChildrenFirst(victims: Candidate[]): Candidate[] {
  const byId = new Map(victims.map((v) => [v.requestId, v]))
  const depth = (v: Candidate): number => {
    let d = 0
    let base = v.counterfactualOf
    while (base !== null && d < byId.size) {
      const parent = byId.get(base)
      if (parent === undefined) break
      d += 1
      base = parent.counterfactualOf
    }
    return d
  }
  return [...victims].sort((a, b) => depth(b) - depth(a))
}
