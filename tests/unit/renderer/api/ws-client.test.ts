import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { WebSocketServer, type WebSocket as ServerSocket } from "ws"
import type { AddressInfo } from "node:net"
import {
  createWsApi,
  defaultBackoff,
  hostSocketUrl,
  type ConnectionState,
  type WsApi,
} from "../../../../src-renderer/api/ws-client"
import type { ReasoningEvent } from "../../../../src-shared/events/event"
import { channels, type ChannelKey } from "../../../../src-shared/ipc/channels"
import { answeredRun } from "../fixtures/runs"

// The browser-host client against a real WebSocket server on 127.0.0.1 (Node's WebSocket client).

let server: WebSocketServer
let url: string
let sockets: ServerSocket[]
let received: unknown[]
let clients: WsApi[]

beforeEach(async () => {
  sockets = []
  received = []
  clients = []
  server = new WebSocketServer({ host: "127.0.0.1", port: 0 })
  await new Promise<void>((resolve) => server.once("listening", () => resolve()))
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws?token=t`
  server.on("connection", (socket) => {
    sockets.push(socket)
    socket.on("message", (data) => {
      const message = JSON.parse(String(data)) as { id: number; channel: string; input: unknown }
      received.push(message)
      if (message.channel === "runs.ask")
        socket.send(JSON.stringify({ id: message.id, result: { ok: true, value: { requestId: "req-1" } } }))
      if (message.channel === "traces.get")
        socket.send(
          JSON.stringify({
            id: message.id,
            result: { ok: false, error: { code: "NOT_FOUND", message: "no such trace" } },
          }),
        )
      // "clients.list" is never answered: it stays in flight.
    })
  })
})

afterEach(async () => {
  for (const client of clients) client.close()
  for (const socket of sockets) socket.terminate()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

function connect(): WsApi {
  const client = createWsApi({ url, backoffMs: () => 5 })
  clients.push(client)
  return client
}

function reach(client: WsApi, state: ConnectionState): Promise<void> {
  if (client.connection === state) return Promise.resolve()
  return new Promise((resolve) => {
    const off = client.onConnectionChange((next) => {
      if (next === state) {
        off()
        resolve()
      }
    })
  })
}

describe("createWsApi", () => {
  it("sends { id, channel, input } and resolves with the host's IpcResult", async () => {
    const client = connect()
    const result = await client.runs.ask({ question: "q" })
    expect(result).toEqual({ ok: true, value: { requestId: "req-1" } })
    expect(received[0]).toMatchObject({ channel: "runs.ask", input: { question: "q" } })
    expect(await client.traces.get({ requestId: "nope" })).toEqual({
      ok: false,
      error: { code: "NOT_FOUND", message: "no such trace" },
    })
  })

  it("sends every channel's function under exactly the channel's one name", async () => {
    const client = connect()
    await reach(client, "open")
    const api = client as unknown as Record<string, Record<string, (input: unknown) => Promise<unknown>>>
    for (const key of Object.keys(channels) as ChannelKey[]) void api[channels[key].domain]?.[channels[key].fn]?.({ probe: key })
    await client.runs.ask({ question: "sync point" })
    expect(received.slice(0, -1).map((m) => (m as { channel: string }).channel)).toEqual(Object.keys(channels))
  })

  it("subscribes only to push names", () => {
    const client = connect()
    const on = client.on as (push: string, listener: () => void) => () => void
    for (const name of ["reasoning:event", "export:progress", "runs.ask", "__proto__"]) expect(() => on(name, () => undefined)).toThrow(/unknown push/)
  })

  it("requests made before the socket opens wait for it", async () => {
    const client = connect()
    expect(client.connection).toBe("connecting")
    const pending = client.runs.ask({ question: "early" })
    expect((await pending).ok).toBe(true)
  })

  it("delivers pushed reasoning events to subscribers and ignores other pushes", async () => {
    const client = connect()
    const got: ReasoningEvent[] = []
    const off = client.on("runs.event", (e) => got.push(e))
    await reach(client, "open")
    const [first, second] = answeredRun("req-1")
    const socket = sockets[0]
    if (!socket || !first || !second) throw new Error("setup")
    socket.send(JSON.stringify({ push: "exports.progress", payload: { jobId: "j" } }))
    socket.send(JSON.stringify({ push: "runs.event", payload: first }))
    await client.runs.ask({ question: "sync point" })
    off()
    socket.send(JSON.stringify({ push: "runs.event", payload: second }))
    await client.runs.ask({ question: "sync point 2" })
    expect(got).toEqual([first])
  })

  it("answers requests in flight UNAVAILABLE when the connection drops, then reconnects", async () => {
    const client = connect()
    await reach(client, "open")
    const inFlight = client.clients.list({})
    await client.runs.ask({ question: "make sure clients.list was sent" })
    sockets[0]?.terminate()
    const result = await inFlight
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.error.code).toBe("UNAVAILABLE")
      expect(result.error.message).toMatch(/lost/)
    }
    await reach(client, "open")
    expect((await client.runs.ask({ question: "after reconnect" })).ok).toBe(true)
  })

  it("fails fast while reconnecting instead of hanging", async () => {
    const client = createWsApi({ url, backoffMs: () => 60_000 })
    clients.push(client)
    await reach(client, "open")
    sockets[0]?.terminate()
    await reach(client, "reconnecting")
    const result = await client.runs.ask({ question: "while down" })
    expect(result).toMatchObject({ ok: false, error: { code: "UNAVAILABLE" } })
  })

  it("close() stops reconnecting and answers everything UNAVAILABLE", async () => {
    const client = connect()
    await reach(client, "open")
    const inFlight = client.clients.list({})
    client.close()
    expect((await inFlight).ok).toBe(false)
    expect(client.connection).toBe("closed")
    expect((await client.runs.ask({ question: "after close" })).ok).toBe(false)
  })
})

describe("hostSocketUrl and backoff", () => {
  it("builds the socket address from the page's own host and token", () => {
    expect(hostSocketUrl({ protocol: "http:", host: "127.0.0.1:5000", search: "?token=abc%2F1" })).toBe(
      "ws://127.0.0.1:5000/ws?token=abc%2F1",
    )
    expect(hostSocketUrl({ protocol: "https:", host: "h", search: "?token=x" })).toBe("wss://h/ws?token=x")
    expect(hostSocketUrl({ protocol: "http:", host: "h", search: "" })).toBeNull()
  })

  it("backs off up to 4 s", () => {
    expect([0, 1, 2, 3, 4, 10].map(defaultBackoff)).toEqual([250, 500, 1000, 2000, 4000, 4000])
  })
})
