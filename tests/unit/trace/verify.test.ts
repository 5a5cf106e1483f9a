import { describe, expect, test } from "vitest"
import { canonicalJson } from "../../../src-main/util/canonical-json"
import type { ChainRow } from "../../../src-main/trace/chain-verify"
import { chainHash, GENESIS_HASH } from "../../../src-main/trace/hash-chain"
import type { ReplayCue } from "../../../src-main/trace/replay"
import { loadSnapshot, verifyTrace, type ReplayPlan, type TraceFacts } from "../../../src-main/trace/verify"

// verify (trace/verify.ts) without a store or an engine: rows chained in memory, a stand-in pack
// and plans whose replay yields given events. The chain is checked first, then the replay; a
// trace recorded by another engine version is not replayed, its chain and pack still are.

const REQUEST_ID = "req_1"
const PACK = { id: "pack", hash: "a".repeat(64) }
type Pack = typeof PACK

const events = ["QUESTION_INTAKE", "SOURCES", "ANSWER"].map((stage, seq) => ({
  requestId: REQUEST_ID,
  seq,
  ts: `2026-01-01T00:00:0${seq}.000Z`,
  stage,
  status: "complete",
}))

function chained(values: readonly unknown[]): ChainRow[] {
  let prevHash = GENESIS_HASH
  return values.map((value, seq) => {
    const eventJson = canonicalJson(value)
    const row = { seq, eventJson, prevHash, hash: chainHash(prevHash, eventJson) }
    prevHash = row.hash
    return row
  })
}

const ROWS = chained(events)
const FACTS: TraceFacts = { requestId: REQUEST_ID, status: "complete", chainHead: ROWS.at(-1)?.hash ?? null, eventCount: 3, packHash: PACK.hash }

async function* stream(values: readonly unknown[]): AsyncGenerator<unknown> {
  for (const value of values) yield value
}

/** A plan that replays `values`, recording the pack and cue it was given. */
function replaying(values: readonly unknown[], seen: { pack?: Pack; cue?: ReplayCue } = {}): ReplayPlan<Pack> {
  return {
    ok: true,
    replay: (pack, cue) => {
      seen.pack = pack
      seen.cue = cue
      return stream(values)
    },
  }
}

describe("verifyTrace", () => {
  test("an untouched trace verifies: its replay is made with its pack snapshot", async () => {
    const seen: { pack?: Pack; cue?: ReplayCue } = {}
    const result = await verifyTrace({ trace: FACTS, rows: ROWS, pack: { pack: PACK }, plan: replaying(events, seen) })
    expect(result).toEqual({ requestId: REQUEST_ID, ok: true, chainOk: true, replayOk: true })
    expect(seen).toEqual({ pack: PACK, cue: { clarifications: [] } })
  })

  test("a broken chain is the first problem, before the replay's", async () => {
    const rows = ROWS.map((row) => (row.seq === 1 ? { ...row, eventJson: row.eventJson.replace("SOURCES", "SOURCEZ") } : row))
    const result = await verifyTrace({ trace: FACTS, rows, pack: { pack: PACK }, plan: replaying(events) })
    expect(result).toMatchObject({ ok: false, chainOk: false, replayOk: false, firstProblem: { seq: 1, reason: expect.stringMatching(/seq 1 was changed/) } })
  })

  test("a consistent chain whose events the replay does not give fails the replay", async () => {
    const replayed = events.map((e) => (e.seq === 2 ? { ...e, stage: "REFUSAL" } : e))
    const result = await verifyTrace({ trace: FACTS, rows: ROWS, pack: { pack: PACK }, plan: replaying(replayed) })
    expect(result).toEqual({
      requestId: REQUEST_ID,
      ok: false,
      chainOk: true,
      replayOk: false,
      firstProblem: { seq: 2, reason: "event seq 2 (ANSWER complete) differs from the replay at stage" },
    })
  })

  test("a missing or unreadable pack snapshot, or a trace with nothing to replay from, fails the replay", async () => {
    const plan = replaying(events)
    expect(await verifyTrace({ trace: FACTS, rows: ROWS, pack: loadSnapshot<Pack>(() => null), plan })).toMatchObject({
      ok: false,
      chainOk: true,
      firstProblem: { seq: null, reason: `the rule pack snapshot ${PACK.hash} is missing` },
    })
    const broken = loadSnapshot<Pack>(() => {
      throw new Error("rule pack snapshot does not match its content")
    })
    expect(await verifyTrace({ trace: FACTS, rows: ROWS, pack: broken, plan })).toMatchObject({
      firstProblem: { seq: null, reason: "rule pack snapshot does not match its content" },
    })
    const unreadable: ReplayPlan<Pack> = { ok: false, reason: "the trace's frozen request cannot be read" }
    expect(await verifyTrace({ trace: FACTS, rows: ROWS, pack: { pack: PACK }, plan: unreadable })).toMatchObject({
      ok: false,
      chainOk: true,
      replayOk: false,
      firstProblem: { seq: null, reason: "the trace's frozen request cannot be read" },
    })
  })

  test("a trace another engine version recorded is not replayed; its chain and pack snapshot still count", async () => {
    const skipped = "recorded by engine version 1"
    const plan: ReplayPlan<Pack> = {
      ok: true,
      skipped,
      replay: () => {
        throw new Error("not to be replayed")
      },
    }
    expect(await verifyTrace({ trace: FACTS, rows: ROWS, pack: { pack: PACK }, plan })).toEqual({
      requestId: REQUEST_ID,
      ok: true,
      chainOk: true,
      replayOk: false,
      replaySkipped: skipped,
    })
    expect(await verifyTrace({ trace: FACTS, rows: ROWS, pack: { missing: true }, plan })).toMatchObject({
      ok: false,
      replaySkipped: skipped,
      firstProblem: { reason: `the rule pack snapshot ${PACK.hash} is missing` },
    })
  })
})
