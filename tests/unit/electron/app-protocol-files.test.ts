import { join, resolve } from "node:path"
import { describe, expect, it } from "vitest"
import { APP_CSP } from "../../../src-shared/csp"
import { PERMISSIONS_POLICY } from "../../../src-shared/permissions-policy"
import {
  APP_INDEX_URL,
  APP_ORIGIN,
  APP_RESPONSE_HEADERS,
  resolveAppRequest,
  type AppFileDecision,
} from "../../../src-main/electron/app-protocol-files"

// What the app:// protocol serves: files of the built renderer folder only, with their
// Content-Type and the window's CSP and Permissions-Policy; every way out of the folder refused.

const root = resolve("/opt/fiskai/out/renderer")
const get = (url: string): AppFileDecision => resolveAppRequest({ url, method: "GET" }, root)
const fileOf = (url: string): string | null => {
  const decision = get(url)
  return decision.kind === "file" ? decision.file : null
}

describe("resolveAppRequest: what is served", () => {
  it("maps the origin's root and index.html (with any query or hash route) to index.html", () => {
    for (const url of [
      `${APP_ORIGIN}/`,
      APP_INDEX_URL,
      `${APP_INDEX_URL}#/trace/r1`,
      `${APP_INDEX_URL}?x=1#/history`,
    ])
      expect(fileOf(url), url).toBe(join(root, "index.html"))
  })

  it("maps asset paths to files under the folder, percent-escapes decoded", () => {
    expect(fileOf(`${APP_ORIGIN}/assets/index-C7IQS66m.js`)).toBe(join(root, "assets", "index-C7IQS66m.js"))
    expect(fileOf(`${APP_ORIGIN}/assets/a%20b.css`)).toBe(join(root, "assets", "a b.css"))
  })

  it("answers HEAD as well as GET", () => {
    expect(resolveAppRequest({ url: APP_INDEX_URL, method: "HEAD" }, root).kind).toBe("file")
  })

  it("gives each kind of file its Content-Type, and unknown kinds plain bytes", () => {
    const types: Record<string, string> = {
      "/index.html": "text/html; charset=utf-8",
      "/assets/index.js": "text/javascript; charset=utf-8",
      "/assets/chunk.mjs": "text/javascript; charset=utf-8",
      "/assets/index.css": "text/css; charset=utf-8",
      "/assets/logo.svg": "image/svg+xml",
      "/assets/logo.PNG": "image/png",
      "/assets/font.woff2": "font/woff2",
      "/manifest.json": "application/json; charset=utf-8",
      "/assets/blob.bin": "application/octet-stream",
      "/LICENSE": "application/octet-stream",
    }
    for (const [path, type] of Object.entries(types)) {
      const decision = get(`${APP_ORIGIN}${path}`)
      expect(decision.kind, path).toBe("file")
      expect(decision.headers["Content-Type"], path).toBe(type)
    }
  })

  it("sends the window's CSP, the Permissions-Policy and nosniff with every answer, refusals included", () => {
    for (const decision of [
      get(APP_INDEX_URL),
      get(`${APP_ORIGIN}/../x`),
      resolveAppRequest({ url: APP_INDEX_URL, method: "POST" }, root),
    ]) {
      expect(decision.headers["Content-Security-Policy"]).toBe(APP_CSP)
      expect(decision.headers["Permissions-Policy"]).toBe(PERMISSIONS_POLICY)
      expect(decision.headers["X-Content-Type-Options"]).toBe("nosniff")
    }
    expect(PERMISSIONS_POLICY).toContain("camera=()")
    expect(PERMISSIONS_POLICY).toContain("microphone=()")
    expect(PERMISSIONS_POLICY).toContain("geolocation=()")
    expect(APP_RESPONSE_HEADERS["Referrer-Policy"]).toBe("no-referrer")
  })
})

describe("resolveAppRequest: what is refused", () => {
  const traversals = [
    "/../secret.txt",
    "/assets/../../secret.txt",
    "/%2e%2e/secret.txt",
    "/%2E%2E/%2e%2e/etc/passwd",
    "/.%2e/secret.txt",
    "/assets/%2e%2e/%2e%2e/secret.txt",
    "/..%2fsecret.txt",
    "/assets%2f..%2f..%2fsecret.txt",
    "/%2fetc%2fpasswd",
    "/%2Fetc/passwd",
    "/..%5csecret.txt",
    "/assets\\..\\..\\secret.txt",
    "/%5c%5cserver%5cshare%5cx.js",
    "//etc/passwd",
    "///etc/passwd",
    "/assets//x.js",
    "/C:/Windows/win.ini",
    "/C%3A%5CWindows%5Cwin.ini",
    "/index.html:stream",
    "/index.html%00.js",
    "/%00",
    "/assets/x.js%00",
    "/a%0a.js",
    "/%E0%A4%A",
    "/%",
    "/./index.html",
    "/assets/.",
    "/%2e",
  ]

  it.each(traversals)("refuses %s with 404, never naming a file outside the folder", (path) => {
    const decision = get(`${APP_ORIGIN}${path}`)
    expect(decision.kind).toBe("refused")
    if (decision.kind === "refused") expect(decision.status).toBe(404)
  })

  it("refuses every other origin, scheme, user info and port with 403", () => {
    for (const url of [
      "app://evil/index.html",
      "app://fiskai.evil/index.html",
      "app://fiskaiX/index.html",
      "app://user@fiskai/index.html",
      "app://fiskai:8080/index.html",
      "app:fiskai/index.html",
      "app:/index.html",
      "file:///etc/passwd",
      "https://fiskai/index.html",
      `${APP_ORIGIN}`,
      "",
    ]) {
      const decision = get(url)
      expect(decision.kind, url).toBe("refused")
      if (decision.kind === "refused") expect(decision.status, url).toBe(403)
    }
  })

  it("refuses methods other than GET and HEAD with 405", () => {
    for (const method of ["POST", "PUT", "DELETE", "OPTIONS", "get"]) {
      const decision = resolveAppRequest({ url: APP_INDEX_URL, method }, root)
      expect(decision.kind, method).toBe("refused")
      if (decision.kind === "refused") expect(decision.status).toBe(405)
    }
  })

  it("never answers with a file outside the folder, for any path a fuzzer makes", () => {
    const pieces = [
      "..",
      ".",
      "%2e",
      "%2E%2e",
      "%2f",
      "%5c",
      "\\",
      "/",
      "%00",
      "assets",
      "x.js",
      "C:",
      "%3a",
      "~",
      "%25",
      "%",
    ]
    for (let i = 0; i < 2000; i += 1) {
      let path = ""
      let n = i
      for (let k = 0; k < 5; k += 1) {
        path += (k === 0 || n % 3 === 0 ? "/" : "") + pieces[n % pieces.length]
        n = Math.floor(n / pieces.length) + k * 7
      }
      const file = fileOf(`${APP_ORIGIN}${path}`)
      if (file !== null) expect(file.startsWith(`${root}/`) || file.startsWith(`${root}\\`), path).toBe(true)
    }
  })
})
