import { describe, expect, test } from "vitest"
import { eventId, type ReasoningEvent } from "../../../src-shared/events/event"
import type { VerifyResult } from "../../../src-shared/traces"
import { canonicalJson } from "../../../src-main/util/canonical-json"
import { chainHash, GENESIS_HASH } from "../../../src-main/trace/hash-chain"
import { dooProfile, whatIfFixture, type WhatIfFixture } from "../whatif/fixtures"

// One verify for every trace (runs/replay-source.ts): RunService.verify and WhatIfService.verify
// give the same answer for a what-if trace, untouched or tampered with, in a real SQLite file. A
// what-if run is replayed from its base's events with the context its request records; one the
// user stopped replays to the same stop.

const UNFREEZE = [
  "DROP TRIGGER events_no_update",
  "DROP TRIGGER traces_sealed_when_complete",
  "DROP TRIGGER traces_frozen_context",
].join(";")

/** Both services' verdicts on the trace, which must be the same. */
async function verdicts(f: WhatIfFixture, requestId: string): Promise<VerifyResult> {
  const [byRuns, byWhatIf] = [await f.traces.verify(requestId), await f.whatif.verify(requestId)]
  expect(byWhatIf).toEqual(byRuns)
  return byRuns
}

async function whatIf(f: WhatIfFixture, sinks: { mode: "nonBlocking"; write: (e: ReasoningEvent) => void }[] = [], requestId?: string) {
  const base = await f.ask({ profile: dooProfile() })
  const { run } = await f.whatif.run(base, [{ kind: "set", path: "counters.revenueYtd", value: 150000 }], {
    sinks,
    ...(requestId === undefined ? {} : { requestId }),
  })
  if (run === null) throw new Error("expected a counterfactual run")
  return run
}

/** Rewrites the trace's chain from `seq` on with `edit` applied there, and its head: a consistent forgery. */
function rewrite(f: WhatIfFixture, requestId: string, seq: number, edit: (event: Record<string, unknown>) => void): void {
  const rows = f.store.sqlite.prepare("SELECT seq, event_json FROM events WHERE request_id = ? ORDER BY seq").all(requestId) as { seq: number; event_json: string }[]
  const put = f.store.sqlite.prepare("UPDATE events SET event_json = ?, prev_hash = ?, hash = ? WHERE request_id = ? AND seq = ?")
  let prev = GENESIS_HASH
  for (const row of rows) {
    const event = JSON.parse(row.event_json) as Record<string, unknown>
    if (row.seq === seq) edit(event)
    const json = canonicalJson(event)
    const hash = chainHash(prev, json)
    put.run(json, prev, hash, requestId, row.seq)
    prev = hash
  }
  f.store.sqlite.prepare("UPDATE traces SET chain_head = ? WHERE request_id = ?").run(prev, requestId)
}

describe("verify of a what-if trace", () => {
  test("RunService and WhatIfService agree that an untouched what-if trace verifies", async () => {
    const f = whatIfFixture()
    const run = await whatIf(f)
    expect(await verdicts(f, run.requestId)).toEqual({ requestId: run.requestId, ok: true, chainOk: true, replayOk: true })
  })

  test("they agree on an edited event: the chain names it", async () => {
    const f = whatIfFixture()
    const run = await whatIf(f)
    f.store.sqlite.exec(UNFREEZE)
    const row = f.store.sqlite.prepare("SELECT event_json FROM events WHERE request_id = ? AND seq = 2").pluck().get(run.requestId) as string
    const edited = canonicalJson({ ...(JSON.parse(row) as object), message: "edited" })
    f.store.sqlite.prepare("UPDATE events SET event_json = ? WHERE request_id = ? AND seq = 2").run(edited, run.requestId)
    expect(await verdicts(f, run.requestId)).toMatchObject({ ok: false, chainOk: false, firstProblem: { seq: 2, reason: expect.stringMatching(/seq 2 was changed/) } })
  })

  test("they agree on a consistently rewritten chain: the replay from the base finds the rewritten event", async () => {
    const f = whatIfFixture()
    const run = await whatIf(f)
    f.store.sqlite.exec(UNFREEZE)
    rewrite(f, run.requestId, 1, (event) => (event.message = "rewritten"))
    expect(await verdicts(f, run.requestId)).toMatchObject({
      ok: false,
      chainOk: true,
      replayOk: false,
      firstProblem: { seq: 1, reason: expect.stringMatching(/^event seq 1 \(APPLICABILITY complete\) differs from the replay at message/) },
    })
  })

  test("they agree on an edited request: the context it claims does not give the stored events", async () => {
    const f = whatIfFixture()
    const run = await whatIf(f)
    f.store.sqlite.exec(UNFREEZE)
    const forged = { ...run.request, context: { ...run.request.context, counters: { revenueYtd: 30000 } } }
    f.store.sqlite.prepare("UPDATE traces SET request_json = ? WHERE request_id = ?").run(canonicalJson(forged), run.requestId)
    expect(await verdicts(f, run.requestId)).toMatchObject({ ok: false, chainOk: true, replayOk: false, firstProblem: { seq: 1 } })
    const elsewhere = { ...run.request, counterfactualOf: run.requestId }
    f.store.sqlite.prepare("UPDATE traces SET request_json = ? WHERE request_id = ?").run(canonicalJson(elsewhere), run.requestId)
    expect(await verdicts(f, run.requestId)).toMatchObject({ ok: false, firstProblem: { seq: null, reason: "the counterfactual request names another trace" } })
  })

  test("a what-if run the user stopped replays to the same stop; a stop moved elsewhere does not", async () => {
    const f = whatIfFixture()
    const requestId = "01a00000-0000-7000-8000-00000000cf01"
    let stopping: Promise<unknown> | null = null
    const stop = (event: ReasoningEvent) => {
      if (stopping === null && event.stage === "CONFLICTS" && event.status === "started") stopping = f.traces.cancel(requestId)
    }
    const run = await whatIf(f, [{ mode: "nonBlocking", write: stop }], requestId)
    await stopping
    expect(run.terminal).toMatchObject({ stage: "ERROR", data: { code: "CANCELLED" } })
    expect(run.events.some((e) => e.stage === "ANALYSIS")).toBe(false)
    expect(await verdicts(f, requestId)).toEqual({ requestId, ok: true, chainOk: true, replayOk: true })

    // The CANCELLED terminal moved one event earlier (inside CONFLICTS, where no stop check is).
    f.store.sqlite.exec(`${UNFREEZE}; DROP TRIGGER events_no_delete`)
    const last = run.events.length - 1
    f.store.sqlite.prepare("DELETE FROM events WHERE request_id = ? AND seq = ?").run(requestId, last - 1)
    f.store.sqlite.prepare("UPDATE events SET seq = ?, id = id - 1 WHERE request_id = ? AND seq = ?").run(last - 1, requestId, last)
    f.store.sqlite.prepare("UPDATE traces SET event_count = ? WHERE request_id = ?").run(last, requestId)
    rewrite(f, requestId, last - 1, (event) => {
      event.seq = last - 1
      event.id = eventId(requestId, last - 1)
    })
    expect(await verdicts(f, requestId)).toMatchObject({ ok: false, chainOk: true, replayOk: false, firstProblem: { seq: last - 1 } })
  })

  test("they agree on an offered full re-run, a hypothetical question run", async () => {
    const f = whatIfFixture()
    const base = await f.ask({ profile: dooProfile() })
    const rerun = await f.whatif.rerun(base, [{ kind: "set", path: "asOf", value: "2019-06-01" }]).done
    expect(await verdicts(f, rerun.requestId)).toEqual({ requestId: rerun.requestId, ok: true, chainOk: true, replayOk: true })
  })
})
