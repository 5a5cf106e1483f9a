import type Database from "better-sqlite3"
import { isOwnerAlive } from "./owner"

// At open, runs left `running` by a writer that no longer exists (a crash, a kill, a power cut)
// are marked interrupted. They keep their events and stay visible in the history as such.

export function markInterruptedRuns(sqlite: Database.Database, clock: () => Date): string[] {
  const running = sqlite.prepare("SELECT request_id AS requestId, owner FROM traces WHERE status = 'running'").all() as {
    requestId: string
    owner: string | null
  }[]
  const orphans = running.filter((row) => !isOwnerAlive(row.owner)).map((row) => row.requestId)
  if (orphans.length === 0) return []
  const mark = sqlite.prepare(
    "UPDATE traces SET status = 'interrupted', owner = NULL, updated_at = ? WHERE request_id = ? AND status = 'running'",
  )
  const now = clock().toISOString()
  sqlite.transaction(() => {
    for (const requestId of orphans) mark.run(now, requestId)
  })()
  return orphans
}
