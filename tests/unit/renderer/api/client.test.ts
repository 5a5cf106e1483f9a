import { afterEach, describe, expect, it } from "vitest"
import { ApiError, call, getApi, setApi } from "../../../../src-renderer/api/client"
import { channels, type ChannelKey } from "../../../../src-shared/ipc/channels"
import { fakeApi } from "../fixtures/fake-api"

describe("call", () => {
  it("returns the value of an ok result", async () => {
    const { api } = fakeApi({ "runs.ask": async () => ({ ok: true, value: { requestId: "r1" } }) })
    expect(await call("runs.ask", { question: "q" }, api)).toEqual({ requestId: "r1" })
  })

  it("throws a typed ApiError carrying the code and field issues", async () => {
    const { api } = fakeApi({
      "clients.save": async () => ({
        ok: false,
        error: {
          code: "BAD_INPUT",
          message: "bad",
          issues: [{ path: "oib", message: "OIB must be 11 digits" }],
        },
      }),
    })
    const error = await call("clients.save", { name: "x", context: {} }, api).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: "BAD_INPUT", message: "bad", issues: [{ path: "oib" }] })
  })

  it("calls window.fiskai.<domain>.<fn> for the key <domain>.<fn>, for every channel", async () => {
    const fake = fakeApi()
    for (const key of Object.keys(channels) as ChannelKey[]) await call(key, {} as never, fake.api).catch(() => undefined)
    expect(fake.calls.map((c) => c.key)).toEqual(Object.keys(channels))
  })

  it("turns a missing channel function into UNAVAILABLE", async () => {
    const api = { ...fakeApi().api, runs: {} } as unknown as Parameters<typeof call>[2]
    await expect(call("runs.ask", { question: "q" }, api)).rejects.toMatchObject({ code: "UNAVAILABLE" })
  })

  it("turns a transport that throws into UNAVAILABLE", async () => {
    const { api } = fakeApi({
      "clients.list": async () => {
        throw new Error("socket gone")
      },
    })
    await expect(call("clients.list", {}, api)).rejects.toMatchObject({
      code: "UNAVAILABLE",
      message: "socket gone",
    })
  })
})

describe("getApi without a preload or a host token", () => {
  afterEach(() => setApi(null))

  it("answers every channel UNAVAILABLE and subscribes to nothing, in the FiskaiApi shape", async () => {
    setApi(null)
    const api = getApi()
    await expect(call("traces.list", {}, api)).rejects.toMatchObject({ code: "UNAVAILABLE" })
    expect(Object.keys(api).sort()).toEqual([...new Set(Object.values(channels).map((c) => c.domain)), "on"].sort())
    expect(typeof api.on("runs.event", () => undefined)).toBe("function")
  })
})
