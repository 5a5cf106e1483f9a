import { describe, expect, it } from "vitest"
import { channels, type ChannelKey } from "../../../src-shared/ipc/channels"
import { buildChannelFunctions } from "../../../src-preload/channel-functions"

describe("preload channel functions", () => {
  it("exposes one function per channel, at <domain>.<fn>, that invokes the channel's one name", async () => {
    const calls: Array<[string, unknown]> = []
    const api = buildChannelFunctions(async (name, input) => {
      calls.push([name, input])
      return { ok: true, value: { requestId: "r1" } }
    })
    const paths = Object.entries(api).flatMap(([domain, functions]) => Object.keys(functions).map((fn) => `${domain}.${fn}`))
    expect(paths.sort()).toEqual(Object.keys(channels).sort())
    await expect(api.runs.cancel({ requestId: "r1" })).resolves.toEqual({ ok: true, value: { requestId: "r1" } })
    await api.traces.list({ limit: 5 })
    expect(calls).toEqual([
      ["runs.cancel", { requestId: "r1" }],
      ["traces.list", { limit: 5 }],
    ])
  })

  it("calls every channel under exactly its key", async () => {
    const invoked: string[] = []
    const api = buildChannelFunctions(async (name) => {
      invoked.push(name)
      return { ok: true, value: null }
    })
    for (const key of Object.keys(channels) as ChannelKey[]) {
      const [domain, fn] = key.split(".") as [string, string]
      await (api as unknown as Record<string, Record<string, (input: unknown) => Promise<unknown>>>)[domain]?.[fn]?.({})
    }
    expect(invoked).toEqual(Object.keys(channels))
  })

  it("turns a transport failure into UNAVAILABLE instead of throwing into the page", async () => {
    const api = buildChannelFunctions(async () => {
      throw new Error("No handler registered for 'traces.stats'")
    })
    const result = await api.traces.stats({})
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error.code).toBe("UNAVAILABLE")
  })
})
