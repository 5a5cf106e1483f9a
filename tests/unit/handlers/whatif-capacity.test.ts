import { afterEach, describe, expect, it } from "vitest"
import { isTerminal, type ReasoningEvent } from "../../../src-shared/events/event"
import type { IpcResult } from "../../../src-shared/ipc/channel"
import { value } from "../../support/ipc-result"
import type { ChannelKey } from "../../../src-shared/ipc/channels"
import { createHandlers } from "../../../src-main/handlers/index"
import { createDispatcher } from "../../../src-main/ipc/dispatcher"
import { openTempServices, untilRunStops, type TempServices } from "./temp-services"

// A burst of what-if runs meets the same capacity gate as a burst of questions: the runs beyond
// the host's limit end at once in ERROR CAPACITY (stored like any terminal), the others answer,
// and once the burst is over the gate is free again.

const BURST = 200

let temp: TempServices | null = null
afterEach(async () => {
  await temp?.cleanup()
  temp = null
})

function setup() {
  temp = openTempServices()
  const dispatch = createDispatcher(createHandlers(temp.services), { isTrustedCaller: () => true })
  const call = <T>(key: ChannelKey, input: unknown) =>
    value(dispatch(key, input, { transport: "websocket", url: null }) as Promise<IpcResult<T>>)
  return { temp, call }
}

/** The terminal event of every id, once all of them have one. */
function terminalsOf(temp: TempServices, ids: readonly string[]): Promise<Map<string, ReasoningEvent>> {
  const wanted = new Set(ids)
  const terminals = new Map<string, ReasoningEvent>()
  return new Promise((resolve) => {
    const take = (event: ReasoningEvent) => {
      if (!wanted.has(event.requestId) || !isTerminal(event)) return
      terminals.set(event.requestId, event)
      if (terminals.size === wanted.size) resolve(terminals)
    }
    for (const event of temp.published) take(event)
    temp.services.events.subscribe(take)
  })
}

const codeOf = (event: ReasoningEvent | undefined) =>
  event?.stage === "ERROR" ? event.data.code : event?.stage

describe("what-if runs under load", () => {
  it(`answers ${BURST} what-ifs fired at once with the gate's CAPACITY error beyond the limit, as asks`, async () => {
    const { temp, call } = setup()
    const { requestId: base } = await call<{ requestId: string }>("runs.ask", {
      question: "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?",
      asOfDate: "2025-06-01",
    })
    await untilRunStops(temp.services, base, temp.published)
    const change = { requestId: base, changes: [{ kind: "flip", driverId: "fact:counters.revenueYtd:lte:60000" }] }

    const started = await Promise.all(
      Array.from({ length: BURST }, () => call<{ status: string; requestId: string }>("whatif.run", change)),
    )
    expect(started.every((s) => s.status === "started")).toBe(true)
    const terminals = await terminalsOf(temp, started.map((s) => s.requestId))
    await temp.services.traces.settled()

    const codes = [...terminals.values()].map(codeOf)
    // The flipped turnover answers conditionally (last year's turnover was not given).
    expect(codes.filter((c) => c === "CAPACITY").length).toBeGreaterThan(0)
    expect(codes.filter((c) => c === "CONDITIONAL_ANSWER").length).toBeGreaterThan(0)
    expect(codes.every((c) => c === "CAPACITY" || c === "CONDITIONAL_ANSWER")).toBe(true)
    // Every run of the burst is stored with its one terminal, the refused ones too.
    const refused = started.find((s) => codeOf(terminals.get(s.requestId)) === "CAPACITY")
    const stored = await call<{ trace: { status: string; outcome: string } }>("traces.get", { requestId: refused?.requestId })
    expect(stored.trace).toMatchObject({ status: "complete", outcome: "ERROR" })

    // The gate was released by every run: a what-if after the burst answers.
    const after = await call<{ requestId: string }>("whatif.run", change)
    const [last] = (await terminalsOf(temp, [after.requestId])).values()
    expect(codeOf(last)).toBe("CONDITIONAL_ANSWER")
  })
})
