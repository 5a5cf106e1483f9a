import { z } from "zod"
import { badUrl, tlsRequired } from "./firm-errors"

// The firm's PostgreSQL URL, checked before any connection: postgresql:// (or postgres://), a
// host, and TLS unless the server is on this machine (a loopback name or address, or a Unix
// socket given as ?host=/path). A remote URL without a TLS sslmode is refused, not downgraded:
// traces hold clients' questions. `redacted` is the only form ever printed or stored: the
// password goes (until the OS keychain holds it, PGPASSWORD or ~/.pgpass supply it).

const TLS_MODES = ["require", "verify-ca", "verify-full"] as const
const LOOPBACK = new Set(["localhost", "127.0.0.1", "::1", "[::1]"])

export const FirmUrl = z.object({
  /** What the driver connects with (the password included, when the URL had one). */
  connectionString: z.string(),
  /** The URL without its password: safe to print and to keep in the desk's database. */
  redacted: z.string(),
  /** The host or socket folder, for messages. */
  where: z.string(),
  user: z.string(),
  local: z.boolean(),
})
export type FirmUrl = z.infer<typeof FirmUrl>

export function parseFirmUrl(text: string): FirmUrl {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    throw badUrl("cannot be read as a URL")
  }
  if (url.protocol !== "postgresql:" && url.protocol !== "postgres:") throw badUrl(`scheme "${url.protocol}"`)
  const socket = url.searchParams.get("host")
  const socketPath = socket !== null && socket.startsWith("/") ? socket : null
  const host = socketPath ?? url.hostname
  if (host === "") throw badUrl("no host")
  const local = socketPath !== null || LOOPBACK.has(url.hostname)
  const sslmode = url.searchParams.get("sslmode")
  const tls = sslmode !== null && (TLS_MODES as readonly string[]).includes(sslmode)
  const where = socketPath ?? (url.port === "" ? url.hostname : `${url.hostname}:${url.port}`)
  if (!local && !tls) throw tlsRequired(where)
  const user = decodeURIComponent(url.username)
  const redactedUrl = new URL(url.toString())
  redactedUrl.password = ""
  return FirmUrl.parse({
    connectionString: url.toString(),
    redacted: redactedUrl.toString(),
    where,
    user,
    local,
  })
}

/**
 * The URL a desk links with: the desk's name (its PostgreSQL role) as the URL's user, when given.
 * A URL that names another user than the desk field is refused rather than silently changed.
 */
export function firmUrlForDesk(text: string, desk: string | undefined): FirmUrl {
  const parsed = parseFirmUrl(text)
  if (desk === undefined || desk === "" || desk === parsed.user) return parsed
  if (parsed.user !== "") throw badUrl(`it names the user "${parsed.user}", not the desk "${desk}"`)
  const url = new URL(text.trim())
  url.username = encodeURIComponent(desk)
  return parseFirmUrl(url.toString())
}

/** The same URL carrying a password (from the OS keychain) for the driver; `redacted` stays without it. */
export function withPassword(url: FirmUrl, password: string | undefined): FirmUrl {
  if (password === undefined || password === "") return url
  const full = new URL(url.connectionString)
  full.password = encodeURIComponent(password)
  return { ...url, connectionString: full.toString() }
}
