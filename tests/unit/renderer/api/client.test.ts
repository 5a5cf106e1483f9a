import { describe, expect, it } from "vitest"
import { ApiError, call } from "../../../../src-renderer/api/client"
import { fakeApi } from "../fixtures/fake-api"

describe("call", () => {
  it("returns the value of an ok result", async () => {
    const { api } = fakeApi({ ask: async () => ({ ok: true, value: { requestId: "r1" } }) })
    expect(await call("ask", { question: "q" }, api)).toEqual({ requestId: "r1" })
  })

  it("throws a typed ApiError carrying the code and field issues", async () => {
    const { api } = fakeApi({
      saveClient: async () => ({
        ok: false,
        error: {
          code: "BAD_INPUT",
          message: "bad",
          issues: [{ path: "oib", message: "OIB must be 11 digits" }],
        },
      }),
    })
    const error = await call("saveClient", { name: "x", context: {} }, api).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: "BAD_INPUT", message: "bad", issues: [{ path: "oib" }] })
  })

  it("turns a transport that throws into UNAVAILABLE", async () => {
    const { api } = fakeApi({
      listClients: async () => {
        throw new Error("socket gone")
      },
    })
    await expect(call("listClients", {}, api)).rejects.toMatchObject({
      code: "UNAVAILABLE",
      message: "socket gone",
    })
  })
})
