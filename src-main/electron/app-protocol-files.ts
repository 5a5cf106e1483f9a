import { APP_CSP } from "../../src-shared/csp"
import { PERMISSIONS_POLICY } from "../../src-shared/permissions-policy"
import { contentTypeFor, resolveRendererPath } from "../util/renderer-files"

// The built app's pages come from app://fiskai/, a privileged custom protocol, not from file://
// (Electron's security checklist, item 18: file:// pages get privileges a web page would not, and
// every file on the disk shares their origin). This module decides, without touching the disk or
// Electron, which file of the renderer folder a request names and with which headers it is
// answered; app-protocol.ts wires it into Electron.

export const APP_SCHEME = "app"
export const APP_HOST = "fiskai"
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
/** What the main window loads in a built app. */
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`

/** Sent with every app:// response, the same policies the browser host sends. */
export const APP_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy": APP_CSP,
  "Permissions-Policy": PERMISSIONS_POLICY,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  // The files change only with the app itself; an update restarts it.
  "Cache-Control": "no-cache",
}

export type AppFileDecision =
  | { readonly kind: "file"; readonly file: string; readonly headers: Readonly<Record<string, string>> }
  | {
      readonly kind: "refused"
      readonly status: 403 | 404 | 405
      readonly reason: string
      readonly headers: Readonly<Record<string, string>>
    }

export interface AppRequest {
  readonly url: string
  readonly method: string
}

function refuse(status: 403 | 404 | 405, reason: string): AppFileDecision {
  return {
    kind: "refused",
    status,
    reason,
    headers: { ...APP_RESPONSE_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
  }
}

/**
 * The answer to one app:// request: a file under `rendererDir` (with its Content-Type), or a
 * refusal. Only GET and HEAD, only the app's own origin (no other host, port or user info), and
 * only paths that stay inside the folder (util/renderer-files.ts). The path is taken from the URL
 * as sent, so an encoded `..` is refused even where a URL parser would have folded it away.
 */
export function resolveAppRequest(request: AppRequest, rendererDir: string): AppFileDecision {
  if (request.method !== "GET" && request.method !== "HEAD")
    return refuse(405, `method ${request.method.slice(0, 16)} not allowed`)
  const prefix = `${APP_ORIGIN}/`
  if (request.url.slice(0, prefix.length).toLowerCase() !== prefix) return refuse(403, "not the app's origin")
  const rest = request.url.slice(prefix.length - 1)
  const end = rest.search(/[?#]/)
  const rawPath = end === -1 ? rest : rest.slice(0, end)
  const resolved = resolveRendererPath(rendererDir, rawPath)
  if (!resolved.ok) return refuse(404, resolved.reason)
  return {
    kind: "file",
    file: resolved.file,
    headers: { ...APP_RESPONSE_HEADERS, "Content-Type": contentTypeFor(resolved.file) },
  }
}
