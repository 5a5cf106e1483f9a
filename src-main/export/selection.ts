import type Database from "better-sqlite3"
import type { ExportSelection } from "../../src-shared/export"

// Resolves an export selection, once, into the temp table export_selection (pos, request_id,
// role) of the export's own read transaction: the selected traces in creation order, then the
// base run of every selected hypothetical. Every later read follows that table. A run still in
// progress is not exported: its row records its chain only as of its last settlement (see
// store/trace-settle.ts), and a bundle holds finished (or interrupted, or suspended) runs.

export class SelectionError extends Error {}

/** Fills export_selection and returns how many traces it holds. */
export function resolveSelection(db: Database.Database, selection: ExportSelection): number {
  const scenarioTraces = selection.scenarioId === undefined ? undefined : scenarioTraceIds(db, selection.scenarioId)
  const where: string[] = []
  const params: Record<string, string> = {}
  if (scenarioTraces !== undefined) {
    where.push("request_id IN (SELECT value FROM json_each(@ids))")
    params.ids = JSON.stringify(scenarioTraces)
  } else if (selection.traceIds !== undefined) {
    where.push("request_id IN (SELECT value FROM json_each(@ids))")
    params.ids = JSON.stringify(selection.traceIds)
  } else {
    if (selection.since !== undefined) {
      where.push("created_at >= @since")
      params.since = selection.since
    }
    if (selection.until !== undefined) {
      // Inclusive end date: everything created before the next day began (UTC timestamps).
      where.push("created_at < date(@until, '+1 day')")
      params.until = selection.until
    }
    if (selection.outcome !== undefined) {
      where.push("outcome = @outcome")
      params.outcome = selection.outcome
    }
    if (selection.riskTier !== undefined) {
      where.push("risk_tier = @riskTier")
      params.riskTier = selection.riskTier
    }
    if (selection.clientId !== undefined) {
      where.push("client_id = @clientId")
      params.clientId = selection.clientId
    }
  }
  if (selection.traceIds !== undefined || scenarioTraces !== undefined) {
    const ids = JSON.stringify(scenarioTraces ?? selection.traceIds)
    const running = db.prepare("SELECT request_id FROM traces WHERE status = 'running' AND request_id IN (SELECT value FROM json_each(?))").pluck().all(ids) as string[]
    if (running.length > 0) throw new SelectionError(`still running, export it when it has finished: ${running.slice(0, 5).join(", ")}`)
  } else where.push("status != 'running'")
  db.exec("CREATE TEMP TABLE export_selection (pos INTEGER PRIMARY KEY, request_id TEXT NOT NULL UNIQUE, role TEXT NOT NULL)")
  const filter = where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""
  db.prepare(`INSERT INTO export_selection (request_id, role) SELECT request_id, 'selected' FROM traces ${filter} ORDER BY created_at, id`).run(params)
  if (selection.traceIds !== undefined) {
    const found = new Set(db.prepare("SELECT request_id FROM export_selection").pluck().all() as string[])
    const missing = selection.traceIds.filter((id) => !found.has(id))
    if (missing.length > 0) throw new SelectionError(`no such trace: ${missing.slice(0, 5).join(", ")}${missing.length > 5 ? " …" : ""}`)
  }
  // A hypothetical is only meaningful beside the run it was derived from: bring the base along.
  db.exec(`INSERT OR IGNORE INTO export_selection (request_id, role)
    SELECT DISTINCT t.counterfactual_of, 'base' FROM export_selection s JOIN traces t ON t.request_id = s.request_id
    WHERE t.counterfactual_of IS NOT NULL ORDER BY t.counterfactual_of`)
  return db.prepare("SELECT count(*) FROM export_selection").pluck().get() as number
}

/**
 * A scenario's traces (issue 5): its base run and saved hypothetical, plus the traces of every
 * explicit re-check against a later rule pack. A deleted (hidden) scenario is not exported.
 */
function scenarioTraceIds(db: Database.Database, scenarioId: string): string[] {
  const hasScenarios = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'scenarios'").get() !== undefined
  const row = hasScenarios
    ? (db
        .prepare("SELECT base_request_id AS base, result_request_id AS result FROM scenarios WHERE id = ? AND deleted_at IS NULL")
        .get(scenarioId) as { base: string; result: string } | undefined)
    : undefined
  if (row === undefined) throw new SelectionError(`no such scenario: ${scenarioId}`)
  const rechecks = db
    .prepare("SELECT base_request_id AS base, result_request_id AS result FROM scenario_rechecks WHERE scenario_id = ? ORDER BY id")
    .all(scenarioId) as Array<{ base: string; result: string }>
  return [...new Set([row.base, row.result, ...rechecks.flatMap((r) => [r.base, r.result])])]
}
