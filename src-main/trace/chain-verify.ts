import { canonicalJson } from "../util/canonical-json"
import { chainHash, GENESIS_HASH } from "./hash-chain"

// Recomputes a trace's hash chain from its stored rows and names the first event that breaks it:
// an edited row (hash), a deleted one (seq gap, count), a reordered one (prev link, seq inside the
// JSON), an inserted one (seq, count, chain head).

export interface ChainRow {
  seq: number
  eventJson: string
  prevHash: string
  hash: string
}

export interface ChainExpectation {
  requestId: string
  chainHead: string | null
  eventCount: number
  /**
   * A running trace's row records its chain as of its last settlement (when it was created,
   * suspended or resumed); the events of the stages since then follow it on the same chain.
   */
  status?: string
}

export interface ChainProblem {
  seq: number | null
  reason: string
}

export function verifyChain(rows: readonly ChainRow[], trace: ChainExpectation): ChainProblem | null {
  let expectedPrev = GENESIS_HASH
  for (const [position, row] of rows.entries()) {
    if (row.seq !== position) {
      return row.seq > position
        ? { seq: position, reason: `event seq ${position} is missing (the next stored event is seq ${row.seq})` }
        : { seq: row.seq, reason: `event seq ${row.seq} appears out of place at position ${position}` }
    }
    if (row.prevHash !== expectedPrev)
      return { seq: row.seq, reason: `event seq ${row.seq} does not link to the previous event (prev_hash differs)` }
    if (chainHash(expectedPrev, row.eventJson) !== row.hash)
      return { seq: row.seq, reason: `event seq ${row.seq} was changed: its content does not match its hash` }
    const inner = parseEnvelope(row.eventJson)
    if (inner === null) return { seq: row.seq, reason: `event seq ${row.seq} is not valid canonical JSON` }
    if (inner.requestId !== trace.requestId || inner.seq !== row.seq)
      return {
        seq: row.seq,
        reason: `the row at seq ${row.seq} holds event ${String(inner.requestId)} seq ${String(inner.seq)}`,
      }
    expectedPrev = row.hash
  }
  if (trace.status === "running" && rows.length > trace.eventCount) {
    const settledHead = trace.eventCount === 0 ? null : (rows[trace.eventCount - 1]?.hash ?? null)
    if (settledHead !== trace.chainHead)
      return { seq: trace.eventCount === 0 ? null : trace.eventCount - 1, reason: "the trace's chain head does not match the event it recorded last" }
    return null
  }
  if (rows.length !== trace.eventCount) {
    return rows.length < trace.eventCount
      ? { seq: rows.length, reason: `the trace recorded ${trace.eventCount} events but only ${rows.length} are stored` }
      : { seq: trace.eventCount, reason: `event seq ${trace.eventCount} was added after the trace recorded ${trace.eventCount} events` }
  }
  const head = rows.length === 0 ? null : expectedPrev
  if (head !== trace.chainHead)
    return { seq: rows.length === 0 ? null : rows.length - 1, reason: "the trace's chain head does not match its last event" }
  return null
}

function parseEnvelope(json: string): { requestId: unknown; seq: unknown } | null {
  try {
    const value: unknown = JSON.parse(json)
    if (value === null || typeof value !== "object" || canonicalJson(value) !== json) return null
    const record = value as Record<string, unknown>
    return { requestId: record.requestId, seq: record.seq }
  } catch {
    return null
  }
}
