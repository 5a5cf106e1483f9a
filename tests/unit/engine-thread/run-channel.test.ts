import { describe, expect, test } from "vitest"
import type { ReasoningEvent } from "../../../src-shared/events/event"
import { RunChannel, type Delivery } from "../../../src-main/engine-thread/run-channel"
import { AS_OF, CLEAR_QUESTION, hrCorePack } from "../store/engine-fixtures"
import { drain, fixedClock } from "../engine/helpers"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"

// A run's deliveries from the engine thread: taken in order; what the thread has posted is
// collected before the channel says nothing is at hand or waits.

async function someEvents(): Promise<ReasoningEvent[]> {
  const deps = { pack: hrCorePack(), clock: fixedClock(), deliberatePauseMs: 0 }
  const { events } = await drain(buildAnswerWithReasoning({ requestId: "r1", question: CLEAR_QUESTION, asOfDate: AS_OF, askedOn: AS_OF }, deps))
  return events
}

function channelWith(posted: Delivery[]): { channel: RunChannel; collects: () => number } {
  let collects = 0
  const channel: RunChannel = new RunChannel({ pack: hrCorePack(), clock: fixedClock() }, () => {
    collects += 1
    for (const delivery of posted.splice(0)) channel.deliver(delivery)
  })
  return { channel, collects: () => collects }
}

describe("RunChannel", () => {
  test("collects what was posted before saying whether the next event is at hand, and only when its queue is empty", async () => {
    const [first, second] = await someEvents()
    if (first === undefined || second === undefined) throw new Error("too few events")
    const posted: Delivery[] = [{ kind: "event", event: first }, { kind: "event", event: second }]
    const { channel, collects } = channelWith(posted)
    expect(channel.nextEventReady()).toBe(true)
    expect(collects()).toBe(1)
    expect(await channel.take()).toEqual({ kind: "event", event: first })
    expect(channel.nextEventReady()).toBe(true)
    expect(await channel.take()).toEqual({ kind: "event", event: second })
    expect(collects()).toBe(1)
    expect(channel.nextEventReady()).toBe(false)
    expect(collects()).toBe(2)
  })

  test("the end of a run or its failure is not an event at hand", () => {
    const ended = channelWith([{ kind: "end" }])
    expect(ended.channel.nextEventReady()).toBe(false)
    const failed = channelWith([{ kind: "failed", error: new Error("gone") }])
    expect(failed.channel.nextEventReady()).toBe(false)
  })

  test("a take that finds nothing waits for the next delivery; a delivery posted meanwhile is collected first", async () => {
    const [first] = await someEvents()
    if (first === undefined) throw new Error("no events")
    const posted: Delivery[] = []
    const { channel } = channelWith(posted)
    const taken = channel.take()
    channel.deliver({ kind: "event", event: first })
    expect(await taken).toEqual({ kind: "event", event: first })
    posted.push({ kind: "end" })
    expect(await channel.take()).toEqual({ kind: "end" })
  })
})
