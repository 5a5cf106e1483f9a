import { pathToFileURL } from "node:url"
import { describe, expect, it } from "vitest"
import { APP_INDEX_URL } from "../../../src-main/electron/app-protocol-files"
import { isAllowedRequestUrl, isAppPageUrl, type AppLocation } from "../../../src-main/electron/app-url"

const built: AppLocation = { kind: "app", url: APP_INDEX_URL }
const dev: AppLocation = { kind: "dev", url: "http://localhost:5173/" }

describe("isAppPageUrl (IPC sender check and navigation guard)", () => {
  it("accepts the app's own index page on any hash route", () => {
    expect(APP_INDEX_URL).toBe("app://fiskai/index.html")
    expect(isAppPageUrl(APP_INDEX_URL, built)).toBe(true)
    expect(isAppPageUrl(`${APP_INDEX_URL}#/trace/r1`, built)).toBe(true)
  })

  it("rejects file:// pages (the app no longer lives there), other app:// pages, remote pages and garbage", () => {
    expect(isAppPageUrl(pathToFileURL("/opt/fiskai/out/renderer/index.html").href, built)).toBe(false)
    expect(isAppPageUrl(pathToFileURL("/tmp/evil.html").href, built)).toBe(false)
    expect(isAppPageUrl("app://fiskai/other.html", built)).toBe(false)
    expect(isAppPageUrl("app://evil/index.html", built)).toBe(false)
    expect(isAppPageUrl("app://user@fiskai/index.html", built)).toBe(false)
    expect(isAppPageUrl("app://fiskai:8080/index.html", built)).toBe(false)
    expect(isAppPageUrl("https://fiskai/index.html", built)).toBe(false)
    expect(isAppPageUrl("https://example.com/index.html", built)).toBe(false)
    expect(isAppPageUrl("not a url", built)).toBe(false)
    expect(isAppPageUrl("", built)).toBe(false)
  })

  it("in development accepts only the dev server's origin", () => {
    expect(isAppPageUrl("http://localhost:5173/#/history", dev)).toBe(true)
    expect(isAppPageUrl("http://localhost:5174/", dev)).toBe(false)
    expect(isAppPageUrl("http://evil.localhost:5173/", dev)).toBe(false)
    expect(isAppPageUrl(APP_INDEX_URL, dev)).toBe(false)
  })
})

describe("isAllowedRequestUrl (no remote content)", () => {
  it("lets the renderer load its own app:// files and inline data", () => {
    expect(isAllowedRequestUrl("app://fiskai/assets/index-abc.js", built)).toBe(true)
    expect(isAllowedRequestUrl(APP_INDEX_URL, built)).toBe(true)
    expect(isAllowedRequestUrl("data:image/png;base64,AAAA", built)).toBe(true)
  })

  it("cancels anything remote, every file:// URL and app:// URLs of another host", () => {
    expect(isAllowedRequestUrl("https://fonts.example.com/font.woff2", built)).toBe(false)
    expect(isAllowedRequestUrl("http://127.0.0.1:8080/", built)).toBe(false)
    expect(isAllowedRequestUrl(pathToFileURL("/etc/passwd").href, built)).toBe(false)
    expect(isAllowedRequestUrl(pathToFileURL("/opt/fiskai/out/renderer/assets/index-abc.js").href, built)).toBe(false)
    expect(isAllowedRequestUrl("app://evil/x.js", built)).toBe(false)
    expect(isAllowedRequestUrl("app://user:pw@fiskai/x.js", built)).toBe(false)
  })

  it("in development allows the dev server (including its HMR socket) and nothing else", () => {
    expect(isAllowedRequestUrl("http://localhost:5173/src/main.tsx", dev)).toBe(true)
    expect(isAllowedRequestUrl("ws://localhost:5173/", dev)).toBe(true)
    expect(isAllowedRequestUrl("https://registry.npmjs.org/", dev)).toBe(false)
    expect(isAllowedRequestUrl("app://fiskai/index.html", dev)).toBe(false)
  })
})
