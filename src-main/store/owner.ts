import { randomUUID } from "node:crypto"

// Who is writing a running trace: `{pid}/{session}`, one session per open store. At open, a
// running trace whose writer is gone (dead process, or a closed store of this process) was left
// by a crash and is marked interrupted; one whose writer is alive (the app, while the CLI opens
// the same database) is left alone.

const liveSessions = new Set<string>()

export function startSession(): string {
  const owner = `${process.pid}/${randomUUID()}`
  liveSessions.add(owner)
  return owner
}

export function endSession(owner: string): void {
  liveSessions.delete(owner)
}

export function isOwnerAlive(owner: string | null): boolean {
  if (owner === null) return false
  const pid = Number(owner.split("/")[0])
  if (!Number.isInteger(pid) || pid <= 0) return false
  if (pid === process.pid) return liveSessions.has(owner)
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}
