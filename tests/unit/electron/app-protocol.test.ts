import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { PERMISSIONS_POLICY } from "../../../src-shared/permissions-policy"

// The Electron binding of app:// with a stand-in for Electron's protocol API: the privileges the
// scheme is registered with, and the handler answering from a real folder on disk.

const registered: unknown[] = []
vi.mock("electron", () => ({
  protocol: { registerSchemesAsPrivileged: (schemes: unknown[]) => registered.push(...schemes) },
}))

const { APP_SCHEME_PRIVILEGES, registerAppScheme, serveAppProtocol } =
  await import("../../../src-main/electron/app-protocol")

type Handler = (request: Request) => Promise<Response>

function fakeSession(): {
  session: Parameters<typeof serveAppProtocol>[0]
  handler: () => Handler
  scheme: () => string
} {
  let handler: Handler | null = null
  let scheme = ""
  const session = {
    protocol: {
      handle: (name: string, fn: Handler) => {
        scheme = name
        handler = fn
      },
    },
  } as unknown as Parameters<typeof serveAppProtocol>[0]
  return {
    session,
    handler: () => {
      if (handler === null) throw new Error("no handler registered")
      return handler
    },
    scheme: () => scheme,
  }
}

describe("the app:// scheme", () => {
  it("is registered as a standard, secure scheme without CSP bypass or service workers", () => {
    registerAppScheme()
    expect(registered).toEqual([APP_SCHEME_PRIVILEGES])
    expect(APP_SCHEME_PRIVILEGES).toMatchObject({
      scheme: "app",
      privileges: { standard: true, secure: true },
    })
    expect(APP_SCHEME_PRIVILEGES.privileges?.bypassCSP).toBeFalsy()
    expect(APP_SCHEME_PRIVILEGES.privileges?.allowServiceWorkers).toBeFalsy()
  })
})

describe("serveAppProtocol", () => {
  let dir: string
  let rendererDir: string
  let handle: Handler
  const refused: Array<[number, string]> = []

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "fiskai-app-protocol-"))
    rendererDir = join(dir, "renderer")
    mkdirSync(join(rendererDir, "assets"), { recursive: true })
    writeFileSync(join(rendererDir, "index.html"), "<!doctype html><title>FiskAI</title>")
    writeFileSync(join(rendererDir, "assets", "app-1.js"), "console.log(1)")
    writeFileSync(join(dir, "secret.txt"), "do not serve")
    symlinkSync(join(dir, "secret.txt"), join(rendererDir, "assets", "link.js"))
    const fake = fakeSession()
    serveAppProtocol(fake.session, rendererDir, (status, reason) => refused.push([status, reason]))
    expect(fake.scheme()).toBe("app")
    handle = fake.handler()
    refused.length = 0
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it("serves index.html and assets with their type, the CSP and the Permissions-Policy", async () => {
    const page = await handle(new Request("app://fiskai/index.html"))
    expect(page.status).toBe(200)
    expect(await page.text()).toContain("<title>FiskAI</title>")
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8")
    expect(page.headers.get("permissions-policy")).toBe(PERMISSIONS_POLICY)
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'")
    const script = await handle(new Request("app://fiskai/assets/app-1.js"))
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8")
    expect(await script.text()).toBe("console.log(1)")
  })

  it("answers HEAD without a body", async () => {
    const head = await handle(new Request("app://fiskai/index.html", { method: "HEAD" }))
    expect(head.status).toBe(200)
    expect(await head.text()).toBe("")
  })

  it("answers a missing file with 404, a traversal with 404 (and reports it), another method with 405", async () => {
    expect((await handle(new Request("app://fiskai/assets/none.js"))).status).toBe(404)
    // Request normalises a literal "..", so the raw form is what a handler could only see encoded.
    const traversal = await handle({ url: "app://fiskai/%2e%2e/secret.txt", method: "GET" } as Request)
    expect(traversal.status).toBe(404)
    expect(await traversal.text()).not.toContain("do not serve")
    const post = await handle(new Request("app://fiskai/index.html", { method: "POST", body: "x" }))
    expect(post.status).toBe(405)
    expect(post.headers.get("allow")).toBe("GET, HEAD")
    expect(refused.map(([status]) => status)).toEqual([404, 405])
  })

  it("does not follow a symbolic link out of the folder", async () => {
    const linked = await handle(new Request("app://fiskai/assets/link.js"))
    expect(linked.status).toBe(404)
    expect(await linked.text()).not.toContain("do not serve")
    expect(refused).toEqual([[404, "link outside the renderer folder"]])
  })
})
