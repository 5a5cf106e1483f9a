import type { BundleProblem } from "../../../src-shared/export"
import { chainHash, GENESIS_HASH } from "../../trace/hash-chain"
import { EVENTS_FILE, TRACES_JSONL_FILE, type ManifestTrace } from "../bundle-format"

// One trace's hash chain, checked from the bundle alone. Each event is checked against the hash
// traces.jsonl records for it, linked to the recorded hash of the event before, so an edit is
// pinned to the event that was edited (later events still link to their recorded predecessors);
// the chain as a whole must then end in the head the signed manifest names.

export interface EventLine {
  /** 1-based line in events.jsonl. */
  line: number
  text: string
  /** seq read from the event's JSON, or null when the line is not a readable event. */
  seq: number | null
  /** The parsed JSON, or undefined when the line is not JSON. */
  value: unknown
}

export function checkChain(
  trace: ManifestTrace,
  events: readonly EventLine[],
  recordedHashes: readonly string[] | null,
  problem: (p: Omit<BundleProblem, "requestId">) => void,
): boolean {
  let ok = true
  const fail = (p: Omit<BundleProblem, "requestId">) => {
    ok = false
    problem(p)
  }
  checkOrder(events, fail)
  if (events.length !== trace.eventCount)
    fail({
      file: EVENTS_FILE,
      seq: null,
      line: events[0]?.line ?? null,
      message: `the manifest lists ${trace.eventCount} events for this trace, events.jsonl holds ${events.length}`,
    })
  if (recordedHashes !== null && recordedHashes.length !== events.length)
    fail({
      file: TRACES_JSONL_FILE,
      seq: null,
      line: null,
      message: `traces.jsonl records ${recordedHashes.length} event hashes, events.jsonl holds ${events.length} events`,
    })
  let recomputed = GENESIS_HASH
  for (const [position, event] of events.entries()) {
    recomputed = chainHash(recomputed, event.text)
    // Indexed by the event's own seq, so a deleted or moved event does not make its neighbours
    // look altered (order and count are checked above).
    const index = event.seq ?? position
    const recorded = recordedHashes?.[index]
    if (recorded === undefined) continue
    const recordedPrev = index === 0 ? GENESIS_HASH : (recordedHashes?.[index - 1] ?? GENESIS_HASH)
    if (chainHash(recordedPrev, event.text) !== recorded)
      fail({
        file: EVENTS_FILE,
        seq: event.seq ?? position,
        line: event.line,
        message: `event seq ${event.seq ?? position} was altered: its bytes no longer hash to the chain hash recorded for it`,
      })
  }
  const head = events.length === 0 ? null : recomputed
  if (head !== trace.chainHead)
    fail({
      file: EVENTS_FILE,
      seq: events.length === 0 ? null : events.length - 1,
      line: events.at(-1)?.line ?? null,
      message: `the recomputed chain head ${head ?? "(none)"} differs from the signed manifest's ${trace.chainHead ?? "(none)"}`,
    })
  return ok
}

/** seq must run 0, 1, 2, … in file order; names reordered, missing and extra events. */
function checkOrder(events: readonly EventLine[], fail: (p: Omit<BundleProblem, "requestId">) => void): void {
  const seqs = events.map((e) => e.seq)
  const sorted = seqs.every((s, i) => s === i)
  if (sorted) return
  const present = new Set(seqs.filter((s): s is number => s !== null))
  const isPermutation = present.size === events.length && [...present].every((s) => s >= 0 && s < events.length)
  for (const [position, event] of events.entries()) {
    if (event.seq === position || event.seq === null) continue
    const message = isPermutation
      ? `event seq ${event.seq} is out of chain order: found at position ${position}`
      : present.size < events.length && seqs.indexOf(event.seq) !== position
        ? `event seq ${event.seq} appears twice`
        : event.seq > position && !present.has(position)
          ? `event seq ${position} is missing (line ${event.line} holds seq ${event.seq})`
          : `event seq ${event.seq} is out of place at position ${position}`
    fail({ file: EVENTS_FILE, seq: isPermutation ? event.seq : position, line: event.line, message })
    if (!isPermutation) return
  }
}
