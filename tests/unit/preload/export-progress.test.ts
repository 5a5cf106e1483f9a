import { describe, expect, it } from "vitest"
import { buildExportProgressSubscription } from "../../../src-preload/export-progress"
import type { PushSource } from "../../../src-preload/reasoning-events"

describe("preload export-progress subscription", () => {
  it("hands the page only the progress, on the export push channel, and unsubscribes", () => {
    const listeners = new Map<string, Set<(event: unknown, payload: unknown) => void>>()
    const source: PushSource = {
      on: (channel, listener) => listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener)),
      removeListener: (channel, listener) => void listeners.get(channel)?.delete(listener),
    }
    const received: unknown[][] = []
    const unsubscribe = buildExportProgressSubscription(source)(
      (...args: unknown[]) => void received.push(args),
    )
    const emit = (channel: string, payload: unknown) =>
      listeners.get(channel)?.forEach((l) => l({ sender: "ipcRenderer" }, payload))
    emit("export:progress", { jobId: "j1", phase: "writing" })
    emit("reasoning:event", { requestId: "r1" })
    unsubscribe()
    emit("export:progress", { jobId: "j1", phase: "done" })
    expect(received).toEqual([[{ jobId: "j1", phase: "writing" }]])
  })
})
