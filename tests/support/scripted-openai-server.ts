import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

// A scripted OpenAI-compatible chat-completions server over real HTTP on 127.0.0.1 (a free port):
// each request takes the next script, a list of steps sent as server-sent events with delays,
// so tests can stream thinking deltas, text deltas, stalls, disconnects and nonsense exactly.

export type ScriptStep =
  /** One SSE event `data: <json>` (an object is sent as JSON, a string as it is). */
  | { data: unknown }
  /** Bytes sent as they are (half an event, a broken line …). */
  | { raw: string }
  | { delayMs: number }
  /** `data: [DONE]` */
  | { done: true }
  /** The connection is dropped without ending the response. */
  | { destroy: true }
  /** A non-streaming reply with this status (and body) instead of a stream. */
  | { status: number; body?: string }

export type Script = readonly ScriptStep[]

export interface ReceivedRequest {
  path: string
  headers: IncomingMessage["headers"]
  body: { model?: unknown; stream?: unknown; messages?: { role: string; content: string }[] }
  /** Set when the client closed the connection before the script had ended (an aborted request). */
  aborted: boolean
}

export interface ScriptedServer {
  /** The server's base URL, e.g. http://127.0.0.1:41234 */
  url: string
  received: ReceivedRequest[]
  close(): Promise<void>
}

export function reasoningDelta(text: string, field: "reasoning_content" | "reasoning" = "reasoning_content"): ScriptStep {
  return { data: { object: "chat.completion.chunk", choices: [{ index: 0, delta: { [field]: text }, finish_reason: null }] } }
}

export function contentDelta(text: string): ScriptStep {
  return { data: { object: "chat.completion.chunk", choices: [{ index: 0, delta: { content: text }, finish_reason: null }] } }
}

export function finishChunk(): ScriptStep {
  return { data: { object: "chat.completion.chunk", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] } }
}

/** A complete, well-behaved stream: thinking, then text, then the finish and [DONE]. */
export function wellBehaved(thinking: readonly string[], text: readonly string[] = []): Script {
  return [...thinking.map((t) => reasoningDelta(t)), ...text.map((t) => contentDelta(t)), finishChunk(), { done: true }]
}

/**
 * Starts the server. `scripts` are used in order, one per request; past the last one every
 * request gets `fallback` (default: an HTTP 503).
 */
export async function startScriptedServer(scripts: readonly Script[], fallback: Script = [{ status: 503, body: "no script" }]): Promise<ScriptedServer> {
  const queue = [...scripts]
  const received: ReceivedRequest[] = []
  const sockets = new Set<import("node:net").Socket>()
  const server: Server = createServer((request, response) => {
    const parts: Buffer[] = []
    request.on("data", (part: Buffer) => parts.push(part))
    request.on("end", () => {
      let body: ReceivedRequest["body"] = {}
      try {
        body = JSON.parse(Buffer.concat(parts).toString("utf8")) as ReceivedRequest["body"]
      } catch {
        // Recorded as empty: the test asserts on what it expects.
      }
      const entry: ReceivedRequest = { path: request.url ?? "", headers: request.headers, body, aborted: false }
      received.push(entry)
      // A response closed before it was ended: the client gave up on it (the server's own drop is not one).
      let dropped = false
      response.on("close", () => {
        if (!response.writableEnded && !dropped) entry.aborted = true
      })
      void play(queue.shift() ?? fallback, response, () => (dropped = true))
    })
  })
  server.on("connection", (socket) => {
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

async function play(script: Script, response: ServerResponse, dropping: () => void): Promise<void> {
  const first = script[0]
  if (first !== undefined && "status" in first) {
    response.writeHead(first.status, { "content-type": "text/plain" })
    response.end(first.body ?? "")
    return
  }
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" })
  response.flushHeaders()
  for (const step of script) {
    if (response.destroyed) return
    if ("delayMs" in step) await new Promise((resolve) => setTimeout(resolve, step.delayMs))
    else if ("raw" in step) response.write(step.raw)
    else if ("data" in step) response.write(`data: ${typeof step.data === "string" ? step.data : JSON.stringify(step.data)}\n\n`)
    else if ("done" in step) response.write("data: [DONE]\n\n")
    else if ("destroy" in step) {
      dropping()
      response.socket?.destroy()
      return
    }
  }
  response.end()
}
