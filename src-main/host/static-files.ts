import { createReadStream } from "node:fs"
import { stat } from "node:fs/promises"
import type { IncomingMessage, ServerResponse } from "node:http"
import { extname, join, normalize, sep } from "node:path"
import { APP_CSP } from "../../src-shared/csp"

// Serves the built renderer (out/renderer) with the same CSP the Electron window gets. Only files
// under the renderer folder; hash routing means every page is index.html.

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
}

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy": APP_CSP,
  "X-Content-Type-Options": "nosniff",
  // The page URL carries the token: never send it anywhere as a referrer.
  "Referrer-Policy": "no-referrer",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
}

/** Maps a request path to a file under root, or null when it would escape root. */
export function resolveStaticPath(root: string, requestPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(requestPath)
  } catch {
    return null
  }
  if (decoded.includes("\0")) return null
  const relative = decoded === "/" || decoded === "" ? "index.html" : decoded.replace(/^\/+/, "")
  const full = normalize(join(root, relative))
  const rootWithSep = root.endsWith(sep) ? root : root + sep
  return full.startsWith(rootWithSep) ? full : null
}

function sendStatus(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { ...SECURITY_HEADERS, "Content-Type": "text/plain; charset=utf-8" })
  response.end(text)
}

export async function serveStatic(root: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    response.setHeader("Allow", "GET, HEAD")
    return sendStatus(response, 405, "method not allowed")
  }
  const pathname = new URL(request.url ?? "/", "http://127.0.0.1").pathname
  const file = resolveStaticPath(root, pathname)
  if (file === null) return sendStatus(response, 404, "not found")
  const info = await stat(file).catch(() => null)
  if (!info?.isFile()) {
    // Browsers ask for a favicon on their own; "none" is not an error worth a console line.
    if (pathname === "/favicon.ico") return void response.writeHead(204, SECURITY_HEADERS).end()
    return sendStatus(response, 404, "not found")
  }
  const isHashedAsset = pathname.startsWith("/assets/")
  response.writeHead(200, {
    ...SECURITY_HEADERS,
    "Content-Type": CONTENT_TYPES[extname(file).toLowerCase()] ?? "application/octet-stream",
    "Content-Length": String(info.size),
    // Vite puts content hashes in the names under /assets/; everything else must always be fresh.
    "Cache-Control": isHashedAsset ? "public, max-age=31536000, immutable" : "no-store",
  })
  if (request.method === "HEAD") return void response.end()
  createReadStream(file).pipe(response)
}
