import { mkdirSync, writeFileSync } from "node:fs"
import { request } from "node:http"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import WebSocket from "ws"
import { APP_CSP } from "../../../src-shared/csp"
import { createHandlers } from "../../../src-main/handlers"
import { startBrowserHost, type BrowserHost } from "../../../src-main/host/server"
import { openTempServices, type TempServices } from "../handlers/temp-services"

interface HttpReply {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

function get(port: number, path: string, headers: Record<string, string> = {}): Promise<HttpReply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers }, (res) => {
      let body = ""
      res.on("data", (chunk: Buffer) => (body += chunk.toString()))
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on("error", reject)
    req.end()
  })
}

/** Opens a WebSocket; resolves with the socket, or with the HTTP status the upgrade was refused with. */
function connect(url: string, origin?: string): Promise<WebSocket | number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, origin === undefined ? {} : { origin })
    socket.once("open", () => resolve(socket))
    socket.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0))
    socket.once("error", () => resolve(-1))
  })
}

function nextMessage(socket: WebSocket, predicate: (message: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const message = JSON.parse(data.toString()) as Record<string, unknown>
      if (!predicate(message)) return
      socket.off("message", onMessage)
      resolve(message)
    }
    socket.on("message", onMessage)
  })
}

describe("the browser host", () => {
  let temp: TempServices
  let host: BrowserHost
  let origin: string
  let wsUrl: string

  beforeEach(async () => {
    temp = openTempServices()
    const rendererDir = join(temp.dir, "renderer")
    mkdirSync(join(rendererDir, "assets"), { recursive: true })
    writeFileSync(join(rendererDir, "index.html"), "<!doctype html><title>FiskAI</title>")
    writeFileSync(join(rendererDir, "assets", "app-1234.js"), "console.log(1)")
    writeFileSync(join(temp.dir, "secret.txt"), "do not serve")
    host = await startBrowserHost({ rendererDir, handlers: createHandlers(temp.services), pushes: temp.services.pushes, port: 0 })
    origin = `http://127.0.0.1:${host.port}`
    wsUrl = `ws://127.0.0.1:${host.port}/ws?token=${host.token}`
  })
  afterEach(async () => {
    await host.close()
    await temp.cleanup()
  })

  it("prints a URL with its per-start token and serves the renderer with the app's CSP", async () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/?token=${host.token}#/`)
    const page = await get(host.port, "/?token=x")
    expect(page.status).toBe(200)
    expect(page.body).toContain("<title>FiskAI</title>")
    expect(page.headers["content-security-policy"]).toBe(APP_CSP)
    expect(page.headers["referrer-policy"]).toBe("no-referrer")
    expect(page.headers["x-content-type-options"]).toBe("nosniff")
    expect((await get(host.port, "/assets/app-1234.js")).headers["content-type"]).toMatch(/javascript/)
  })

  it("serves nothing outside the renderer folder and nothing to a foreign Host name", async () => {
    expect((await get(host.port, "/../secret.txt")).body).not.toContain("do not serve")
    expect((await get(host.port, "/%2e%2e/secret.txt")).status).toBe(404)
    expect((await get(host.port, "/", { Host: `rebind.example:${host.port}` })).status).toBe(403)
  })

  it("refuses a WebSocket without the token, with a wrong token, or from another Origin", async () => {
    expect(await connect(`ws://127.0.0.1:${host.port}/ws`, origin)).toBe(401)
    expect(await connect(`ws://127.0.0.1:${host.port}/ws?token=${host.token.slice(1)}`, origin)).toBe(401)
    expect(await connect(wsUrl, "http://evil.example")).toBe(403)
    expect(await connect(wsUrl)).toBe(403)
    expect(await connect(`ws://127.0.0.1:${host.port}/other?token=${host.token}`, origin)).toBe(404)
  })

  it("runs the handler table over the socket and pushes the run's events", async () => {
    const socket = await connect(wsUrl, origin)
    if (typeof socket === "number") throw new Error(`upgrade refused: ${socket}`)
    try {
      const terminal = nextMessage(socket, (m) => m["push"] === "runs.event" && (m["payload"] as { stage: string }).stage === "ANSWER")
      const reply = nextMessage(socket, (m) => m["id"] === 1)
      socket.send(JSON.stringify({ id: 1, channel: "runs.ask", input: { question: "Koja je stopa PDV-a?" } }))
      const { result } = (await reply) as { result: { ok: boolean; value: { requestId: string } } }
      expect(result.ok).toBe(true)
      const answer = (await terminal)["payload"] as { requestId: string }
      expect(answer.requestId).toBe(result.value.requestId)
    } finally {
      socket.close()
    }
  })

  it("answers malformed messages with BAD_INPUT instead of dropping the connection", async () => {
    const socket = await connect(wsUrl, origin)
    if (typeof socket === "number") throw new Error(`upgrade refused: ${socket}`)
    try {
      const notJson = nextMessage(socket, (m) => m["id"] === -1)
      socket.send("{not json")
      expect(await notJson).toMatchObject({ result: { ok: false, error: { code: "BAD_INPUT" } } })
      const noChannel = nextMessage(socket, (m) => m["id"] === 7)
      socket.send(JSON.stringify({ id: 7, input: {} }))
      expect(await noChannel).toMatchObject({ result: { ok: false, error: { code: "BAD_INPUT" } } })
      const badInput = nextMessage(socket, (m) => m["id"] === 8)
      socket.send(JSON.stringify({ id: 8, channel: "clients.save", input: { name: "" , context: {} } }))
      expect(await badInput).toMatchObject({ result: { ok: false, error: { code: "BAD_INPUT", issues: [{ path: "name" }] } } })
      expect(temp.services.clients.list()).toEqual([])
    } finally {
      socket.close()
    }
  })
})
