import { describe, expect, it } from "vitest"
import { buildPushSubscription, type PushSource } from "../../../src-preload/push-subscriptions"

function fakeSource() {
  const listeners = new Map<string, Set<(event: unknown, payload: unknown) => void>>()
  const source: PushSource = {
    on: (channel, listener) => void listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener)),
    removeListener: (channel, listener) => void listeners.get(channel)?.delete(listener),
  }
  const emit = (channel: string, payload: unknown) =>
    listeners.get(channel)?.forEach((listener) => listener({ sender: "ipcRenderer" }, payload))
  return { source, listeners, emit }
}

describe("preload push subscriptions: on(push, listener)", () => {
  it("hands the page only the reasoning event, never the IPC event object, and unsubscribes", () => {
    const { source, emit } = fakeSource()
    const received: unknown[][] = []
    const unsubscribe = buildPushSubscription(source)("runs.event", (...args: unknown[]) => void received.push(args))
    emit("runs.event", { requestId: "r1", seq: 0 })
    emit("exports.progress", { jobId: "j1", phase: "writing" })
    unsubscribe()
    emit("runs.event", { requestId: "r1", seq: 1 })
    expect(received).toEqual([[{ requestId: "r1", seq: 0 }]])
  })

  it("hands the page only the export progress, on the export push, and unsubscribes", () => {
    const { source, emit, listeners } = fakeSource()
    const received: unknown[][] = []
    const unsubscribe = buildPushSubscription(source)("exports.progress", (...args: unknown[]) => void received.push(args))
    emit("exports.progress", { jobId: "j1", phase: "writing" })
    emit("runs.event", { requestId: "r1" })
    unsubscribe()
    emit("exports.progress", { jobId: "j1", phase: "done" })
    expect(received).toEqual([[{ jobId: "j1", phase: "writing" }]])
    expect([...listeners.values()].every((set) => set.size === 0)).toBe(true)
  })

  it("passes payloads through unparsed (the renderer's stores validate them)", () => {
    const { source, emit } = fakeSource()
    const received: unknown[] = []
    buildPushSubscription(source)("runs.event", (event) => void received.push(event))
    emit("runs.event", "not an event")
    expect(received).toEqual(["not an event"])
  })

  it("refuses a name that is not a push (old names included) and subscribes to nothing", () => {
    const { source, listeners } = fakeSource()
    const on = buildPushSubscription(source) as (push: string, listener: () => void) => () => void
    for (const name of ["reasoning:event", "export:progress", "onReasoningEvent", "runs.ask", "constructor", ""])
      expect(() => on(name, () => undefined), name).toThrow(/unknown push/)
    expect(listeners.size).toBe(0)
  })
})
