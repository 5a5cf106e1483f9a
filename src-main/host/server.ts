import { createServer, type IncomingMessage, type Server } from "node:http"
import { HOST_MAX_MESSAGE_BYTES } from "../../src-shared/documents"
import type { Duplex } from "node:stream"
import { WebSocketServer } from "ws"
import { TOKEN_PARAM } from "../../src-shared/ipc/ws-protocol"
import { createDispatcher } from "../ipc/dispatcher"
import type { HandlerTable } from "../ipc/handler-table"
import type { PushSources } from "../ipc/pushes"
import { NO_LOG, type AppLog } from "../logging/app-log"
import { withIpcLog } from "../logging/ipc-log"
import { checkUpgrade, createHostToken, isLoopbackAddress, isOwnHost, isOwnOrigin } from "./auth"
import { SECURITY_HEADERS, serveStatic } from "./static-files"
import { attachWsBridge } from "./ws-bridge"

// The browser host: the built renderer over http://127.0.0.1:PORT and the handler table over a
// WebSocket at /ws, so the app runs (and is tested) in any Chromium without Electron.

export interface BrowserHostOptions {
  rendererDir: string
  handlers: HandlerTable
  pushes: PushSources
  /** 0 picks a free port. */
  port: number
  /** Defaults to a fresh random token per start. */
  token?: string
  onUnexpectedError?(channel: string, error: unknown): void
  /** Where failed calls and refused connections are logged (default: nowhere). */
  log?: AppLog
}

export interface BrowserHost {
  readonly port: number
  readonly token: string
  /** The URL to open: http://127.0.0.1:PORT/?token=T#/ */
  readonly url: string
  close(): Promise<void>
}

function refuse(socket: Duplex, status: number, reason: string): void {
  const text = { 401: "Unauthorized", 403: "Forbidden", 404: "Not Found" }[status] ?? "Bad Request"
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\n\r\n${reason}`)
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, "127.0.0.1", () => {
      const address = server.address()
      if (address === null || typeof address === "string") reject(new Error("server has no TCP address"))
      else resolve(address.port)
    })
  })
}

export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const token = options.token ?? createHostToken()
  let port = options.port
  const log = options.log ?? NO_LOG
  const dispatch = withIpcLog(createDispatcher(options.handlers, {
    // The upgrade was already checked; the sender check repeats the Origin test per call.
    isTrustedCaller: (caller) => caller.transport === "websocket" && caller.url !== null && isOwnOrigin(caller.url, port),
    onUnexpectedError: options.onUnexpectedError,
  }), log)
  // Large enough for documents.add of a file of intake's size limit (src-shared/documents.ts).
  const wss = new WebSocketServer({ noServer: true, maxPayload: HOST_MAX_MESSAGE_BYTES })

  const server = createServer((request, response) => {
    if (!isLoopbackAddress(request.socket.remoteAddress) || !isOwnHost(request.headers.host, port)) {
      log.warn("http.refused", { status: 403, reason: "not a local request for this host" })
      response.writeHead(403, { ...SECURITY_HEADERS, "Content-Type": "text/plain; charset=utf-8" })
      return void response.end("forbidden")
    }
    serveStatic(options.rendererDir, request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500, SECURITY_HEADERS)
      response.end()
    })
  })

  server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const verdict = checkUpgrade(
      {
        url: request.url,
        host: request.headers.host,
        origin: request.headers.origin,
        remoteAddress: request.socket.remoteAddress,
      },
      { token, port },
    )
    if (!verdict.ok) {
      log.warn("ws.refused", { status: verdict.status, reason: verdict.reason })
      return refuse(socket, verdict.status, verdict.reason)
    }
    wss.handleUpgrade(request, socket, head, (ws) => attachWsBridge(ws, dispatch, options.pushes, request.headers.origin ?? null))
  })

  port = await listen(server, options.port)
  const url = `http://127.0.0.1:${port}/?${TOKEN_PARAM}=${encodeURIComponent(token)}#/`

  return {
    port,
    token,
    url,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate()
        wss.close()
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
