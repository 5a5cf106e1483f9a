import { describe, expect, it } from "vitest"
import { checkUpgrade, createHostToken, type UpgradeRequest } from "../../../src-main/host/auth"

const port = 41234
const token = "s3cret-token"
const good: UpgradeRequest = {
  url: `/ws?token=${token}`,
  host: `127.0.0.1:${port}`,
  origin: `http://127.0.0.1:${port}`,
  remoteAddress: "127.0.0.1",
}

describe("checkUpgrade", () => {
  it("accepts the app's own page with the right token", () => {
    expect(checkUpgrade(good, { token, port })).toEqual({ ok: true })
    expect(checkUpgrade({ ...good, remoteAddress: "::ffff:127.0.0.1" }, { token, port }).ok).toBe(true)
  })

  it("rejects a missing, empty or wrong token with 401", () => {
    for (const url of ["/ws", "/ws?token=", "/ws?token=s3cret-tokeN", `/ws?token=${token}x`, `/ws?tok=${token}`]) {
      expect(checkUpgrade({ ...good, url }, { token, port })).toMatchObject({ ok: false, status: 401 })
    }
  })

  it("rejects other sites' pages and non-browser callers without an Origin", () => {
    for (const origin of ["http://evil.example", `http://127.0.0.1:${port + 1}`, `https://127.0.0.1:${port}`, "null", undefined]) {
      expect(checkUpgrade({ ...good, origin }, { token, port })).toMatchObject({ ok: false, status: 403 })
    }
  })

  it("rejects non-loopback peers and foreign Host headers (DNS rebinding)", () => {
    expect(checkUpgrade({ ...good, remoteAddress: "192.168.1.20" }, { token, port })).toMatchObject({ ok: false, status: 403 })
    expect(checkUpgrade({ ...good, remoteAddress: undefined }, { token, port })).toMatchObject({ ok: false, status: 403 })
    expect(checkUpgrade({ ...good, host: `rebind.example:${port}` }, { token, port })).toMatchObject({ ok: false, status: 403 })
  })

  it("answers 404 for any other path", () => {
    expect(checkUpgrade({ ...good, url: `/socket?token=${token}` }, { token, port })).toMatchObject({ ok: false, status: 404 })
  })
})

describe("createHostToken", () => {
  it("is a fresh, URL-safe, hard-to-guess value per start", () => {
    const a = createHostToken()
    const b = createHostToken()
    expect(a).not.toBe(b)
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/)
  })
})
