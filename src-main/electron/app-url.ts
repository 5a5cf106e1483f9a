import { APP_ORIGIN } from "./app-protocol-files"

// Where the app's own pages live, and which URLs count as "the app". Pure: no electron import, so
// the IPC sender check, the navigation guard and the request filter are unit-tested directly.

export type AppLocation =
  /** Built app: the renderer is served by the app:// protocol (app-protocol.ts) from its folder. */
  | { readonly kind: "app"; readonly url: string }
  /** `electron-vite dev`: the renderer comes from the Vite dev server. */
  | { readonly kind: "dev"; readonly url: string }

function parse(url: string): URL | null {
  try {
    return new URL(url)
  } catch {
    return null
  }
}

function withoutQueryAndHash(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`
}

/** True when `url` is the app's own page (any hash route): the only frame allowed to call IPC. */
export function isAppPageUrl(url: string, location: AppLocation): boolean {
  const parsed = parse(url)
  if (!parsed) return false
  if (location.kind === "app") {
    const index = parse(location.url)
    return (
      index !== null &&
      parsed.protocol === index.protocol &&
      parsed.username === "" &&
      parsed.password === "" &&
      withoutQueryAndHash(parsed) === withoutQueryAndHash(index)
    )
  }
  const dev = parse(location.url)
  return dev !== null && (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.origin === dev.origin
}

/** True for app://fiskai/… exactly (no user info, no port, no other host). */
function isAppOriginUrl(parsed: URL): boolean {
  const origin = parse(APP_ORIGIN)
  return (
    origin !== null &&
    parsed.protocol === origin.protocol &&
    parsed.host === origin.host &&
    parsed.username === "" &&
    parsed.password === ""
  )
}

/**
 * The request filter behind "no remote content": the renderer may load its own files from app://
 * (and, in development, talk to the dev server); everything else, file:// included, is cancelled
 * before it leaves the machine.
 */
export function isAllowedRequestUrl(url: string, location: AppLocation): boolean {
  const parsed = parse(url)
  if (!parsed) return false
  if (parsed.protocol === "data:" || parsed.protocol === "devtools:") return true
  if (location.kind === "app") return isAppOriginUrl(parsed)
  const dev = parse(location.url)
  if (!dev) return false
  const sameHost = parsed.host === dev.host
  return sameHost && ["http:", "https:", "ws:", "wss:"].includes(parsed.protocol)
}
