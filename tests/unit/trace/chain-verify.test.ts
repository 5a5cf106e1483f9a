import { createHash } from "node:crypto"
import { describe, expect, test } from "vitest"
import { canonicalJson } from "../../../src-main/util/canonical-json"
import { verifyChain, type ChainRow } from "../../../src-main/trace/chain-verify"
import { chainEvent, chainHash, GENESIS_HASH, openSealedEvent } from "../../../src-main/trace/hash-chain"
import type { ReasoningEvent } from "../../../src-shared/events/event"

// The chain formula and its check (trace/hash-chain.ts, trace/chain-verify.ts) on rows made in
// memory; tests/unit/store/verify.test.ts tampers with a real database's rows.

const REQUEST_ID = "req_1"

function chained(count: number): ChainRow[] {
  let prevHash = GENESIS_HASH
  return Array.from({ length: count }, (_, seq) => {
    const eventJson = canonicalJson({ requestId: REQUEST_ID, seq, stage: "SOURCES", status: "progress" })
    const row = { seq, eventJson, prevHash, hash: chainHash(prevHash, eventJson) }
    prevHash = row.hash
    return row
  })
}

const expectation = (rows: readonly ChainRow[], more: { status?: string; eventCount?: number } = {}) => ({
  requestId: REQUEST_ID,
  chainHead: rows.at(-1)?.hash ?? null,
  eventCount: rows.length,
  ...more,
})

describe("the hash chain", () => {
  test("hash_n is the SHA-256 of hash_{n-1} followed by the event's canonical JSON", () => {
    expect(GENESIS_HASH).toBe("0".repeat(64))
    expect(chainHash(GENESIS_HASH, "{}")).toBe(createHash("sha256").update(`${GENESIS_HASH}{}`, "utf8").digest("hex"))
    const event = { requestId: REQUEST_ID, seq: 0, stage: "SOURCES", status: "progress", ts: "x" } as unknown as ReasoningEvent
    expect(chainEvent(GENESIS_HASH, event)).toEqual({ seq: 0, eventJson: canonicalJson(event), prevHash: GENESIS_HASH, hash: chainHash(GENESIS_HASH, canonicalJson(event)) })
  })

  test("a sealed event is deep-frozen and keeps its text and hash on its own chain only", () => {
    const eventJson = canonicalJson({ data: { n: 1 }, requestId: REQUEST_ID, seq: 0 })
    const sealed = { eventJson, prevHash: GENESIS_HASH, hash: "f".repeat(64) }
    const event = openSealedEvent(sealed)
    expect(Object.isFrozen((event as unknown as { data: object }).data)).toBe(true)
    // On the chain it was sealed on, its hash is taken as sent; on another, it is computed again.
    expect(chainEvent(GENESIS_HASH, event).hash).toBe(sealed.hash)
    const other = "1".repeat(64)
    expect(chainEvent(other, event)).toEqual({ seq: 0, eventJson, prevHash: other, hash: chainHash(other, eventJson) })
  })

  test("an untouched chain verifies, an empty one too", () => {
    const rows = chained(4)
    expect(verifyChain(rows, expectation(rows))).toBeNull()
    expect(verifyChain([], expectation([]))).toBeNull()
  })

  test("an edited, a missing and a moved row are each named", () => {
    const rows = chained(4)
    const edited = rows.map((r) => (r.seq === 2 ? { ...r, eventJson: r.eventJson.replace("progress", "complete") } : r))
    expect(verifyChain(edited, expectation(rows))).toEqual({ seq: 2, reason: "event seq 2 was changed: its content does not match its hash" })
    expect(verifyChain([rows[0], rows[2], rows[3]] as ChainRow[], expectation(rows))).toEqual({
      seq: 1,
      reason: "event seq 1 is missing (the next stored event is seq 2)",
    })
    const last = rows.slice(0, 3)
    expect(verifyChain(last, expectation(rows))).toMatchObject({ seq: 3, reason: "the trace recorded 4 events but only 3 are stored" })
  })

  test("a running trace's row records its chain as of its last settlement; events may follow it", () => {
    const rows = chained(5)
    const settled = { chainHead: rows[2]?.hash ?? null, eventCount: 3, status: "running" }
    expect(verifyChain(rows, { requestId: REQUEST_ID, ...settled })).toBeNull()
    expect(verifyChain(rows, { requestId: REQUEST_ID, ...settled, chainHead: rows[1]?.hash ?? null })).toMatchObject({ seq: 2 })
  })
})
