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
  return FirmUrl.parse({ connectionString: url.toString(), redacted: redactedUrl.toString(), where, user, local })
}
