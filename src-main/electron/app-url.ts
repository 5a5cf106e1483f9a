import { pathToFileURL } from "node:url"

// Where the app's own pages live, and which URLs count as "the app". Pure: no electron import, so
// the IPC sender check, the navigation guard and the request filter are unit-tested directly.

export type AppLocation =
  /** Built app: the renderer is loaded from out/renderer/index.html. */
  | { readonly kind: "file"; readonly indexPath: string }
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
  if (location.kind === "file") {
    const index = parse(pathToFileURL(location.indexPath).href)
    return index !== null && parsed.protocol === "file:" && withoutQueryAndHash(parsed) === withoutQueryAndHash(index)
  }
  const dev = parse(location.url)
  return dev !== null && (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.origin === dev.origin
}

/**
 * The request filter behind "no remote content": the renderer may load its own files (and, in
 * development, talk to the dev server); everything else is cancelled before it leaves the machine.
 */
export function isAllowedRequestUrl(url: string, location: AppLocation, rendererDir: string | null): boolean {
  const parsed = parse(url)
  if (!parsed) return false
  if (parsed.protocol === "data:" || parsed.protocol === "devtools:") return true
  if (parsed.protocol === "file:") {
    if (rendererDir === null) return false
    const root = pathToFileURL(rendererDir.endsWith("/") || rendererDir.endsWith("\\") ? rendererDir : `${rendererDir}/`).href
    return withoutQueryAndHash(parsed).startsWith(root)
  }
  if (location.kind === "dev") {
    const dev = parse(location.url)
    if (!dev) return false
    const sameHost = parsed.host === dev.host
    return sameHost && ["http:", "https:", "ws:", "wss:"].includes(parsed.protocol)
  }
  return false
}
