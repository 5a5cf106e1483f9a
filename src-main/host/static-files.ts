import { createReadStream } from "node:fs"
import { stat } from "node:fs/promises"
import type { IncomingMessage, ServerResponse } from "node:http"
import { APP_CSP } from "../../src-shared/csp"
import { PERMISSIONS_POLICY } from "../../src-shared/permissions-policy"
import { contentTypeFor, resolveRendererPath } from "../util/renderer-files"

// Serves the built renderer (out/renderer) with the same CSP and Permissions-Policy the Electron
// window gets. Only files under the renderer folder (util/renderer-files.ts, shared with the
// app:// protocol); hash routing means every page is index.html.

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy": APP_CSP,
  "X-Content-Type-Options": "nosniff",
  // The page URL carries the token: never send it anywhere as a referrer.
  "Referrer-Policy": "no-referrer",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  // No camera, microphone, geolocation, clipboard, USB, … for the page, whatever the browser allows.
  "Permissions-Policy": PERMISSIONS_POLICY,
}

/** Maps a request path to a file under root, or null when it would escape root. */
export function resolveStaticPath(root: string, requestPath: string): string | null {
  const resolved = resolveRendererPath(root, requestPath)
  return resolved.ok ? resolved.file : null
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
    "Content-Type": contentTypeFor(file),
    "Content-Length": String(info.size),
    // Vite puts content hashes in the names under /assets/; everything else must always be fresh.
    "Cache-Control": isHashedAsset ? "public, max-age=31536000, immutable" : "no-store",
  })
  if (request.method === "HEAD") return void response.end()
  createReadStream(file).pipe(response)
}
