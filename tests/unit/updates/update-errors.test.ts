import { connect } from "node:net"
import { HttpError, newError } from "builder-util-runtime"
import { describe, expect, it } from "vitest"
import { describeUpdateError } from "../../../src-main/updates/update-errors"
import { closedPort } from "./support/update-feed-server"

// Which failures count as "offline" (quiet, retried next period), and what the short message says.

function refusedConnectionError(port: number): Promise<Error> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port })
    socket.once("error", resolve)
  })
}

describe("describeUpdateError", () => {
  it("a refused connection is offline", async () => {
    const { port } = await closedPort()
    expect(describeUpdateError(await refusedConnectionError(port))).toEqual({
      offline: true,
      message: "update server unreachable (ECONNREFUSED); will try again later",
    })
  })

  it.each(["ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "ENETUNREACH", "ECONNRESET"])(
    "a socket error %s is offline",
    (code) => {
      expect(
        describeUpdateError(Object.assign(new Error(`getaddrinfo ${code} updates.example.com`), { code }))
          .offline,
      ).toBe(true)
    },
  )

  it.each([
    "net::ERR_INTERNET_DISCONNECTED",
    "net::ERR_NAME_NOT_RESOLVED",
    "net::ERR_CONNECTION_TIMED_OUT",
    "net::ERR_PROXY_CONNECTION_FAILED",
  ])("Electron's %s is offline", (message) => {
    expect(describeUpdateError(new Error(message))).toEqual({
      offline: true,
      message: `update server unreachable (${message}); will try again later`,
    })
  })

  it("a request timeout is offline", () => {
    expect(describeUpdateError(new Error("Request timed out")).offline).toBe(true)
  })

  it("an HTTP error is reported by status, not as offline", () => {
    expect(describeUpdateError(new HttpError(503, "503 Service Unavailable\nheaders: ..."))).toEqual({
      offline: false,
      message: "the update server answered HTTP 503",
    })
  })

  it("electron-updater's coded errors get a plain sentence", () => {
    expect(
      describeUpdateError(newError("sha512 checksum mismatch, expected a, got b", "ERR_CHECKSUM_MISMATCH"))
        .message,
    ).toBe("the downloaded update failed its checksum and was discarded")
  })

  it("anything else is cut to its first line", () => {
    const described = describeUpdateError(
      new Error(`something broke\n    at stack (file.js:1:1)\n${"x".repeat(500)}`),
    )
    expect(described).toEqual({ offline: false, message: "something broke" })
    expect(describeUpdateError(new Error("y".repeat(1000))).message.length).toBeLessThanOrEqual(200)
    expect(describeUpdateError("a thrown string").message).toBe("a thrown string")
  })
})
