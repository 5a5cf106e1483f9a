import { afterEach, describe, expect, it } from "vitest"
import type { ReasoningEvent } from "../../../src-shared/events/event"
import type { IpcResult } from "../../../src-shared/ipc/channel"
import { value, failure } from "../../support/ipc-result"
import type { ChannelKey } from "../../../src-shared/ipc/channels"
import type { Thread, ThreadDeleteResult, ThreadDetail, ThreadTurnRef } from "../../../src-shared/threads"
import type { Services } from "../../../src-main/composition/services"
import { createHandlers } from "../../../src-main/handlers/index"
import { createDispatcher } from "../../../src-main/ipc/dispatcher"
import { openTempServices, untilRunStops, type TempServices } from "./temp-services"

// The thread channels through the real handler table and dispatcher over real services (engine
// thread, SQLite file in a temp dir): a turn's id comes back before any of its events, which then
// arrive on runs.event like any run's; a suspended turn is answered with runs.answer; refusals
// come back typed (BAD_INPUT, NOT_FOUND, CONFLICT).

const RATE_QUESTION = "Koja je stopa PDV-a na kruh?"

interface Setup {
  services: Services
  published: ReasoningEvent[]
  call(key: ChannelKey, input: unknown): Promise<IpcResult<never>>
}

let temp: TempServices | null = null
afterEach(async () => {
  await temp?.cleanup()
  temp = null
})

function setup(): Setup {
  const opened = openTempServices()
  temp = opened
  const dispatch = createDispatcher(createHandlers(opened.services), { isTrustedCaller: () => true })
  const call = (key: ChannelKey, input: unknown) => dispatch(key, input, { transport: "websocket", url: null }) as Promise<IpcResult<never>>
  return { services: opened.services, published: opened.published, call }
}

async function askAndWait({ services, published, call }: Setup, threadId: string, question: string): Promise<ThreadTurnRef> {
  const turn = await value<ThreadTurnRef>(call("threads.ask", { threadId, question }))
  await untilRunStops(services, turn.requestId, published)
  await services.traces.settled()
  return turn
}

describe("thread channels", () => {
  it("ask answers with the run's id before its events, which then arrive on runs.event", async () => {
    const s = setup()
    const thread = await value<Thread>(s.call("threads.create", { asOfDate: "2025-06-01" }))
    const turn = await value<ThreadTurnRef>(s.call("threads.ask", { threadId: thread.id, question: RATE_QUESTION }))
    expect(turn).toMatchObject({ threadId: thread.id, seq: 1 })
    expect(s.published.filter((e) => e.requestId === turn.requestId)).toEqual([])
    const events = await untilRunStops(s.services, turn.requestId, s.published)
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i))
    expect(events.at(-1)).toMatchObject({ stage: "ANSWER" })
    await s.services.traces.settled()

    const second = await askAndWait(s, thread.id, "A za 2023?")
    const detail = await value<ThreadDetail>(s.call("threads.get", { id: thread.id }))
    expect(detail.thread).toMatchObject({ title: RATE_QUESTION, turnCount: 2 })
    expect(detail.turns.map((t) => t.requestId)).toEqual([turn.requestId, second.requestId])
    expect(detail.state.lastRequestId).toBe(second.requestId)
    expect(await value(s.call("traces.verify", { requestId: second.requestId }))).toMatchObject({ ok: true })
  })

  it("a suspended turn is answered with runs.answer; rename, search and delete", async () => {
    const s = setup()
    const thread = await value<Thread>(s.call("threads.create", { title: "Porezi" }))
    const turn = await askAndWait(s, thread.id, "porez")
    const waiting = await value<ThreadDetail>(s.call("threads.get", { id: thread.id }))
    expect(waiting.turns[0]?.status).toBe("awaiting_input")
    const stopped = s.published.filter((e) => e.requestId === turn.requestId).at(-1)
    if (stopped?.status !== "awaiting_input") throw new Error("not suspended")
    const option = stopped.data.options?.[0]?.value ?? ""
    await value(s.call("runs.answer", { requestId: turn.requestId, answer: option }))
    await s.services.runs.settled()
    await s.services.traces.settled()
    expect((await value<ThreadDetail>(s.call("threads.get", { id: thread.id }))).turns[0]?.status).toBe("complete")

    expect(await value<Thread>(s.call("threads.rename", { id: thread.id, title: "Porez na dobit" }))).toMatchObject({ title: "Porez na dobit" })
    expect((await value<Thread[]>(s.call("threads.search", { text: "dobit" }))).map((t) => t.id)).toEqual([thread.id])
    expect((await value<Thread[]>(s.call("threads.list", {}))).map((t) => t.id)).toEqual([thread.id])
    const deleted = await value<ThreadDeleteResult>(s.call("threads.delete", { id: thread.id }))
    expect(deleted).toEqual({ id: thread.id, turnCount: 1, keptTraceCount: 1, flaggedTraceCount: 0 })
    expect(await value<Thread[]>(s.call("threads.list", {}))).toEqual([])
    expect(await value(s.call("traces.get", { requestId: turn.requestId }))).toMatchObject({ trace: { status: "complete" } })
  })

  it("refuses bad input, unknown threads and clients, and a question while the last one runs", async () => {
    const s = setup()
    const thread = await value<Thread>(s.call("threads.create", {}))
    expect(await failure(s.call("threads.ask", { threadId: thread.id, question: "  " }))).toMatchObject({
      code: "BAD_INPUT",
      issues: [{ path: "question", message: "question is empty" }],
    })
    expect(await failure(s.call("threads.ask", { threadId: thread.id, question: "x", dropped: ["colour"] }))).toMatchObject({ code: "BAD_INPUT" })
    expect(await failure(s.call("threads.ask", { threadId: "nope", question: RATE_QUESTION }))).toMatchObject({ code: "NOT_FOUND" })
    expect(await failure(s.call("threads.create", { clientId: "c-none" }))).toMatchObject({ code: "NOT_FOUND" })
    expect(await failure(s.call("threads.get", { id: "nope" }))).toMatchObject({ code: "NOT_FOUND" })
    expect(await failure(s.call("threads.rename", { id: thread.id, title: "" }))).toMatchObject({ code: "BAD_INPUT" })
    expect(await failure(s.call("threads.delete", { id: "nope" }))).toMatchObject({ code: "NOT_FOUND" })

    const running = await value<ThreadTurnRef>(s.call("threads.ask", { threadId: thread.id, question: RATE_QUESTION }))
    expect(await failure(s.call("threads.ask", { threadId: thread.id, question: "A za 2023?" }))).toMatchObject({ code: "CONFLICT" })
    await untilRunStops(s.services, running.requestId, s.published)
    await s.services.traces.settled()
    expect((await value<ThreadDetail>(s.call("threads.get", { id: thread.id }))).turns).toHaveLength(1)
  })
})
