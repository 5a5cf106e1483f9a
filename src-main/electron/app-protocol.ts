import { protocol, type CustomScheme, type Session } from "electron"
import { readFile, realpath, stat } from "node:fs/promises"
import { isInside } from "../util/renderer-files"
import { APP_RESPONSE_HEADERS, APP_SCHEME, resolveAppRequest } from "./app-protocol-files"

// The app:// protocol in Electron: the scheme's privileges (registered before `ready`) and the
// handler that answers from the built renderer folder (app-protocol-files.ts decides what).

/**
 * standard: URLs have an origin (app://fiskai), so 'self' in the CSP and relative URLs work;
 * secure: a secure context, like https (crypto.randomUUID and friends);
 * supportFetchAPI and corsEnabled: the module scripts Vite emits (`<script type="module"
 * crossorigin>`) load as same-origin CORS requests; codeCache: V8 caches the bundle.
 * Not bypassCSP, not service workers, not streaming media.
 */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true },
}

/** Must run before the app is ready (Electron refuses it afterwards). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES])
}

function textResponse(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { ...APP_RESPONSE_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
  })
}

/**
 * Answers app:// requests of `session` from `rendererDir`. A refused or missing file gets a
 * plain-text 403/404/405; `onRefused` hears about each (for the log: the reason, never the URL's
 * query or hash).
 */
export function serveAppProtocol(
  session: Session,
  rendererDir: string,
  onRefused?: (status: number, reason: string) => void,
): void {
  const rootReal = realpath(rendererDir).catch(() => rendererDir)
  session.protocol.handle(APP_SCHEME, async (request) => {
    const decision = resolveAppRequest({ url: request.url, method: request.method }, rendererDir)
    if (decision.kind === "refused") {
      onRefused?.(decision.status, decision.reason)
      return new Response(decision.status === 405 ? "method not allowed" : "not found", {
        status: decision.status,
        headers: decision.status === 405 ? { ...decision.headers, Allow: "GET, HEAD" } : decision.headers,
      })
    }
    const info = await stat(decision.file).catch(() => null)
    if (!info?.isFile()) return textResponse(404, "not found")
    // A symbolic link inside the folder must not lead outside it.
    const real = await realpath(decision.file).catch(() => null)
    if (real === null || !isInside(await rootReal, real)) {
      onRefused?.(404, "link outside the renderer folder")
      return textResponse(404, "not found")
    }
    const body = request.method === "HEAD" ? null : new Uint8Array(await readFile(real))
    return new Response(body, { status: 200, headers: decision.headers })
  })
}
