import type { UpKind } from "./contract"
import type { LocalOutbox } from "./local-outbox"

// What became of each item sent up, and the tally a sync reports. An item is marked at the desk
// only after the server's transaction that took it committed.

export interface UpTally {
  sent: number
  alreadyThere: number
  conflicts: { kind: UpKind; id: string; reason: string }[]
}

/** What became of one item: new at the firm, already there (identical), or refused. */
export interface Mark {
  kind: UpKind
  id: string
  digest: string
  result: "new" | "there" | "conflict"
  reason?: string
}

export function emptyTally(): UpTally {
  return { sent: 0, alreadyThere: 0, conflicts: [] }
}

export function record(outbox: LocalOutbox, marks: readonly Mark[], at: string): void {
  outbox.mark(
    marks.map(({ kind, id, digest, result }) => ({ kind, id, digest, outcome: result === "conflict" ? "conflict" : "sent" })),
    at,
  )
}

export function addToTally(tally: UpTally, marks: readonly Mark[]): void {
  for (const mark of marks) {
    if (mark.result === "new") tally.sent += 1
    else if (mark.result === "there") tally.alreadyThere += 1
    else tally.conflicts.push({ kind: mark.kind, id: mark.id, reason: mark.reason ?? "the firm holds different content under this id" })
  }
}
