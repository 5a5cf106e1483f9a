import { createServer, type IncomingMessage, type Server } from "node:http"
import type { AddressInfo } from "node:net"

// A real generic-provider update feed on 127.0.0.1: serves whatever files the test puts in it,
// and records each request (path and the staging id header electron-updater sends).

export interface FeedRequest {
  readonly path: string
  readonly stagingId: string | undefined
}

export interface UpdateFeedServer {
  /** Base URL of the feed, ending in a slash, as in the `publish.url` setting. */
  readonly url: string
  readonly requests: FeedRequest[]
  /** Serves `body` at <url>/<name>. The channel file is any name matching latest*.yml. */
  setFile(name: string, body: string | Buffer): void
  removeFile(name: string): void
  close(): Promise<void>
}

export const FEED_PATH = "/fiskai/"

/** Listens on 127.0.0.1, on `port` when given (to bring a "down" server back up). */
export async function startUpdateFeedServer(port = 0): Promise<UpdateFeedServer> {
  const files = new Map<string, Buffer>()
  const requests: FeedRequest[] = []
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname
    requests.push({ path, stagingId: header(request, "x-user-staging-id") })
    const name = decodeURIComponent(path.slice(FEED_PATH.length))
    const body = path.startsWith(FEED_PATH) ? lookup(files, name) : undefined
    if (body === undefined) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found")
      return
    }
    response
      .writeHead(200, { "content-type": "application/octet-stream", "content-length": body.length })
      .end(body)
  })
  await listen(server, port)
  const address = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${address.port}${FEED_PATH}`,
    requests,
    setFile: (name, body) => void files.set(name, Buffer.isBuffer(body) ? body : Buffer.from(body, "utf8")),
    removeFile: (name) => void files.delete(name),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** A port on 127.0.0.1 with nothing listening: connections to it are refused. */
export async function closedPort(): Promise<{ port: number; url: string }> {
  const server = createServer()
  await listen(server, 0)
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return { port, url: `http://127.0.0.1:${port}${FEED_PATH}` }
}

function lookup(files: Map<string, Buffer>, name: string): Buffer | undefined {
  const exact = files.get(name)
  if (exact !== undefined) return exact
  // electron-updater asks for latest.yml, latest-mac.yml or latest-linux(-arm64).yml by platform.
  return /^latest[\w-]*\.yml$/.test(name) ? files.get("latest.yml") : undefined
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, "127.0.0.1", () => resolve())
  })
}
