import { afterEach, describe, expect, it } from "vitest"
import type { Flag, FlagQueueItem } from "../../../src-shared/flags"
import type { IpcResult } from "../../../src-shared/ipc/channel"
import { value, failure } from "../../support/ipc-result"
import type { ChannelKey } from "../../../src-shared/ipc/channels"
import { createHandlers } from "../../../src-main/handlers/index"
import { createDispatcher } from "../../../src-main/ipc/dispatcher"
import { dumpDatabase, openTempServices, untilRunStops, type TempServices } from "./temp-services"

// The flag channels (issue 19) through the real handler table and dispatcher over real services:
// a report on a finished run, the queue, one decision; every refusal comes back as a clear typed
// error (BAD_INPUT with the field, NOT_FOUND, CONFLICT) and changes nothing in the database.

let temp: TempServices | null = null
afterEach(async () => {
  await temp?.cleanup()
  temp = null
})

function setup() {
  temp = openTempServices()
  const dispatch = createDispatcher(createHandlers(temp.services), { isTrustedCaller: () => true })
  const call = (key: ChannelKey, input: unknown) =>
    dispatch(key, input, { transport: "websocket", url: null }) as Promise<IpcResult<never>>
  return { temp, call }
}

async function askAndWait(temp: TempServices, call: ReturnType<typeof setup>["call"], question: string) {
  const { requestId } = await value<{ requestId: string }>(call("runs.ask", { question, asOfDate: "2025-06-01" }))
  await untilRunStops(temp.services, requestId, temp.published)
  await temp.services.runs.settled()
  return requestId
}

describe("flag channels", () => {
  it("report a finished run, list it in the queue, decide it once; the trace still verifies", async () => {
    const { temp, call } = setup()
    const runId = await askAndWait(temp, call, "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?")
    const flag = await value<Flag>(call("flags.create", { runId, kind: "wrong", note: " Prag nije točan. " }))
    expect(flag).toMatchObject({ runId, kind: "wrong", note: "Prag nije točan.", status: "open", decision: null })

    const queue = await value<FlagQueueItem[]>(call("flags.list", {}))
    expect(queue.map((item) => item.flag.id)).toEqual([flag.id])
    expect(queue[0]?.run.question).toBe("Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?")
    expect(queue[0]?.run.headline).toEqual(expect.any(String))
    expect(queue[0]?.ageMs).toBeGreaterThanOrEqual(0)
    expect(await value<FlagQueueItem[]>(call("flags.list", { status: "all", runId }))).toHaveLength(1)

    const decided = await value<Flag>(call("flags.decide", { id: flag.id, decision: "confirmed", note: "rule vat.threshold" }))
    expect(decided).toMatchObject({ status: "confirmed", decision: { note: "rule vat.threshold" } })
    expect(await value<FlagQueueItem[]>(call("flags.list", {}))).toEqual([])
    expect((await value<FlagQueueItem[]>(call("flags.list", { status: "all" })))[0]?.flag).toEqual(decided)
    expect(await value(call("traces.verify", { requestId: runId }))).toMatchObject({ ok: true, chainOk: true, replayOk: true })
  })

  it("refuse bad input, unknown runs and flags, runs without an answer and a second decision, changing nothing", async () => {
    const { temp, call } = setup()
    const runId = await askAndWait(temp, call, "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?")
    const waiting = await askAndWait(temp, call, "porez")
    const flag = await value<Flag>(call("flags.create", { runId, kind: "unclear", note: "Nejasno." }))
    await value(call("flags.decide", { id: flag.id, decision: "rejected", note: "Jasno je." }))
    // The search index's idle catch-up would otherwise land between the two dumps.
    temp.services.store.searchIndex.catchUp()
    const before = dumpDatabase(temp.services)

    const empty = await failure(call("flags.create", { runId, kind: "wrong", note: "   " }))
    expect(empty).toMatchObject({ code: "BAD_INPUT", issues: [{ path: "note", message: "note is empty" }] })
    expect(await failure(call("flags.create", { runId, kind: "wrong", note: "x".repeat(2001) }))).toMatchObject({ code: "BAD_INPUT" })
    expect(await failure(call("flags.create", { runId, kind: "wrong", note: "a\uD800b" }))).toMatchObject({ code: "BAD_INPUT" })
    expect(await failure(call("flags.create", { runId, kind: "maybe", note: "x" }))).toMatchObject({ code: "BAD_INPUT" })
    expect(await failure(call("flags.create", { runId: "nope", kind: "wrong", note: "x" }))).toMatchObject({
      code: "NOT_FOUND",
      message: expect.stringContaining("no run nope"),
    })
    expect(await failure(call("flags.create", { runId: waiting, kind: "wrong", note: "x" }))).toMatchObject({ code: "CONFLICT" })
    expect(await failure(call("flags.create", { runId, kind: "wrong", note: "x", profileId: "nobody" }))).toMatchObject({
      code: "NOT_FOUND",
      message: expect.stringContaining("no profile nobody"),
    })
    expect(await failure(call("flags.decide", { id: "nope", decision: "confirmed", note: "x" }))).toMatchObject({ code: "NOT_FOUND" })
    expect(await failure(call("flags.decide", { id: flag.id, decision: "confirmed", note: "x" }))).toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("already rejected"),
    })
    expect(await failure(call("flags.list", { status: "closed" }))).toMatchObject({ code: "BAD_INPUT" })
    expect(dumpDatabase(temp.services)).toEqual(before)
  })
})
