import type Database from "better-sqlite3"
import { FirmStatus, type KindCounts } from "./contract"
import { readFirmLink } from "./firm-link"
import { LocalMirror } from "./local-mirror"
import { LocalOutbox } from "./local-outbox"

// What the status bar (later) and `fiskai firm status` show: whether this desk is connected to a
// firm, how the last sync went, and how many items wait to go up. Reads only the desk's own
// database: it answers at once, with or without the network.

export type LiveState = "syncing" | "offline" | "failed" | null

export function firmStatus(sqlite: Database.Database, live: LiveState = null): FirmStatus {
  const link = readFirmLink(sqlite)
  const outbox = new LocalOutbox(sqlite)
  const waiting = outbox.waiting()
  const state = link === null ? "not-connected" : (live ?? (link.lastError === null ? "idle" : "failed"))
  return FirmStatus.parse({
    state,
    url: link?.url ?? null,
    waiting,
    waitingTotal: total(waiting),
    conflicts: outbox.conflicts(),
    lastSyncAt: link?.lastSyncAt ?? null,
    lastError: link?.lastError ?? null,
    fromOtherDesks: new LocalMirror(sqlite).counts(),
  })
}

function total(counts: KindCounts): number {
  return counts.trace + counts.flag + counts.review + counts.scenario + counts.pack
}
