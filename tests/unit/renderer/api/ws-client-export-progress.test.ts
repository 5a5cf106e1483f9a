import type { AddressInfo } from "node:net"
import { afterEach, beforeEach, expect, it } from "vitest"
import { WebSocketServer, type WebSocket as ServerSocket } from "ws"
import { createWsApi, type WsApi } from "../../../../src-renderer/api/ws-client"
import type { ExportProgress } from "../../../../src-shared/export"

// The browser host's client delivers export-progress pushes to their own subscribers (and only
// those pushes), over a real WebSocket on 127.0.0.1.

let server: WebSocketServer
let socket: Promise<ServerSocket>
let client: WsApi

beforeEach(async () => {
  server = new WebSocketServer({ host: "127.0.0.1", port: 0 })
  await new Promise<void>((resolve) => server.once("listening", () => resolve()))
  socket = new Promise((resolve) => server.once("connection", resolve))
  // Answer every request, so a request can serve as a sync point after the pushes.
  server.on("connection", (s) =>
    s.on("message", (data) =>
      s.send(
        JSON.stringify({
          id: (JSON.parse(String(data)) as { id: number }).id,
          result: { ok: true, value: {} },
        }),
      ),
    ),
  )
  client = createWsApi({
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws?token=t`,
    backoffMs: () => 5,
  })
})

afterEach(async () => {
  client.close()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

it("hands export progress to exports.progress subscribers, not to runs.event subscribers, until unsubscribed", async () => {
  const progress: ExportProgress[] = []
  const events: unknown[] = []
  const off = client.on("exports.progress", (p) => progress.push(p))
  client.on("runs.event", (e) => events.push(e))
  const open = await socket
  const first: ExportProgress = {
    jobId: "j1",
    phase: "writing",
    file: "events.jsonl",
    done: 1,
    total: 2,
    step: 1,
    steps: 1,
  }
  open.send(JSON.stringify({ push: "exports.progress", payload: first }))
  await client.traces.stats({})
  off()
  open.send(JSON.stringify({ push: "exports.progress", payload: { ...first, done: 2 } }))
  await client.traces.stats({})
  expect(progress).toEqual([first])
  expect(events).toEqual([])
})
