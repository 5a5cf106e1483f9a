import { randomBytes, timingSafeEqual } from "node:crypto"
import { TOKEN_PARAM, WS_PATH } from "../../src-shared/ipc/ws-protocol"

// Who may talk to the browser host. The server listens on 127.0.0.1 only; on top of that a
// WebSocket upgrade must come from a loopback address, name our own host:port (DNS rebinding),
// carry our own page's Origin (other sites' pages), and present the per-start token.

export function createHostToken(): string {
  return randomBytes(24).toString("base64url")
}

export interface UpgradeRequest {
  /** The request target, e.g. "/ws?token=..." */
  url: string | undefined
  host: string | undefined
  origin: string | undefined
  remoteAddress: string | undefined
}

export type Verdict = { ok: true } | { ok: false; status: 401 | 403 | 404; reason: string }

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"])

export function isLoopbackAddress(address: string | undefined): boolean {
  return address !== undefined && LOOPBACK.has(address)
}

/** The Host header values that name this server (the page is opened on 127.0.0.1). */
export function isOwnHost(host: string | undefined, port: number): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`
}

export function isOwnOrigin(origin: string | undefined, port: number): boolean {
  return origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`
}

function tokensEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export function checkUpgrade(request: UpgradeRequest, expected: { token: string; port: number }): Verdict {
  const target = new URL(request.url ?? "/", "http://127.0.0.1")
  if (target.pathname !== WS_PATH) return { ok: false, status: 404, reason: "no such endpoint" }
  if (!isLoopbackAddress(request.remoteAddress)) return { ok: false, status: 403, reason: "only local connections are accepted" }
  if (!isOwnHost(request.host, expected.port)) return { ok: false, status: 403, reason: "unexpected Host header" }
  if (!isOwnOrigin(request.origin, expected.port)) return { ok: false, status: 403, reason: "connections are only accepted from the app's own page" }
  const token = target.searchParams.get(TOKEN_PARAM)
  if (token === null || !tokensEqual(token, expected.token)) return { ok: false, status: 401, reason: "missing or wrong token" }
  return { ok: true }
}
