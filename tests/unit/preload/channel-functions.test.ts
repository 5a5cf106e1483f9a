import { describe, expect, it } from "vitest"
import { channels } from "../../../src-shared/ipc/channels"
import { buildChannelFunctions } from "../../../src-preload/channel-functions"
import { buildReasoningSubscription, type PushSource } from "../../../src-preload/reasoning-events"

describe("preload channel functions", () => {
  it("exposes one function per channel that calls the channel's wire name", async () => {
    const calls: Array<[string, unknown]> = []
    const api = buildChannelFunctions(async (name, input) => {
      calls.push([name, input])
      return { ok: true, value: { requestId: "r1" } }
    })
    expect(Object.keys(api).sort()).toEqual(Object.keys(channels).sort())
    await expect(api.cancel({ requestId: "r1" })).resolves.toEqual({ ok: true, value: { requestId: "r1" } })
    await api.listTraces({ limit: 5 })
    expect(calls).toEqual([
      ["reasoning:cancel", { requestId: "r1" }],
      ["traces:list", { limit: 5 }],
    ])
  })

  it("turns a transport failure into UNAVAILABLE instead of throwing into the page", async () => {
    const api = buildChannelFunctions(async () => {
      throw new Error("No handler registered for 'traces:stats'")
    })
    const result = await api.traceStats({})
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error.code).toBe("UNAVAILABLE")
  })
})

describe("preload reasoning subscription", () => {
  it("hands the page only the event, never the IPC event object, and unsubscribes", () => {
    const listeners = new Map<string, Set<(event: unknown, payload: unknown) => void>>()
    const source: PushSource = {
      on: (channel, listener) => listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener)),
      removeListener: (channel, listener) => void listeners.get(channel)?.delete(listener),
    }
    const received: unknown[][] = []
    const unsubscribe = buildReasoningSubscription(source)((...args: unknown[]) => void received.push(args))
    const emit = (payload: unknown) => listeners.get("reasoning:event")?.forEach((l) => l({ sender: "ipcRenderer" }, payload))
    emit({ requestId: "r1", seq: 0 })
    unsubscribe()
    emit({ requestId: "r1", seq: 1 })
    expect(received).toEqual([[{ requestId: "r1", seq: 0 }]])
  })
})
