import { pathToFileURL } from "node:url"
import { describe, expect, it } from "vitest"
import { isAllowedRequestUrl, isAppPageUrl, type AppLocation } from "../../../src-main/electron/app-url"

const built: AppLocation = { kind: "file", indexPath: "/opt/fiskai/out/renderer/index.html" }
const dev: AppLocation = { kind: "dev", url: "http://localhost:5173/" }
const indexUrl = pathToFileURL("/opt/fiskai/out/renderer/index.html").href

describe("isAppPageUrl (IPC sender check and navigation guard)", () => {
  it("accepts the app's own index page on any hash route", () => {
    expect(isAppPageUrl(indexUrl, built)).toBe(true)
    expect(isAppPageUrl(`${indexUrl}#/trace/r1`, built)).toBe(true)
  })

  it("rejects other local files, remote pages and garbage", () => {
    expect(isAppPageUrl(pathToFileURL("/tmp/evil.html").href, built)).toBe(false)
    expect(isAppPageUrl(pathToFileURL("/opt/fiskai/out/renderer/other.html").href, built)).toBe(false)
    expect(isAppPageUrl("https://example.com/index.html", built)).toBe(false)
    expect(isAppPageUrl("not a url", built)).toBe(false)
    expect(isAppPageUrl("", built)).toBe(false)
  })

  it("in development accepts only the dev server's origin", () => {
    expect(isAppPageUrl("http://localhost:5173/#/history", dev)).toBe(true)
    expect(isAppPageUrl("http://localhost:5174/", dev)).toBe(false)
    expect(isAppPageUrl("http://evil.localhost:5173/", dev)).toBe(false)
    expect(isAppPageUrl(indexUrl, dev)).toBe(false)
  })
})

describe("isAllowedRequestUrl (no remote content)", () => {
  const rendererDir = "/opt/fiskai/out/renderer"
  it("lets the renderer load its own files and inline data", () => {
    expect(isAllowedRequestUrl(pathToFileURL(`${rendererDir}/assets/index-abc.js`).href, built, rendererDir)).toBe(true)
    expect(isAllowedRequestUrl("data:image/png;base64,AAAA", built, rendererDir)).toBe(true)
  })

  it("cancels anything remote and files outside the renderer folder", () => {
    expect(isAllowedRequestUrl("https://fonts.example.com/font.woff2", built, rendererDir)).toBe(false)
    expect(isAllowedRequestUrl("http://127.0.0.1:8080/", built, rendererDir)).toBe(false)
    expect(isAllowedRequestUrl(pathToFileURL("/etc/passwd").href, built, rendererDir)).toBe(false)
    expect(isAllowedRequestUrl(pathToFileURL("/opt/fiskai/out/renderer-evil/x.js").href, built, rendererDir)).toBe(false)
  })

  it("in development allows the dev server (including its HMR socket) and nothing else", () => {
    expect(isAllowedRequestUrl("http://localhost:5173/src/main.tsx", dev, null)).toBe(true)
    expect(isAllowedRequestUrl("ws://localhost:5173/", dev, null)).toBe(true)
    expect(isAllowedRequestUrl("https://registry.npmjs.org/", dev, null)).toBe(false)
  })
})
