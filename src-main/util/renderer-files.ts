import { extname, isAbsolute, relative, resolve } from "node:path"

// Which file of the built renderer a request path names, and its Content-Type. Shared by the two
// ways the renderer is served: the browser host (http://127.0.0.1) and Electron's app:// protocol.
// Pure: no file is touched here; the callers stat and read what this returns.
//
// The path is judged as it arrived, still percent-encoded, and every form that could reach outside
// the folder is refused rather than repaired: dot segments (also as %2e), encoded or back slashes,
// NUL, drive letters and other colons, empty segments (`//etc/passwd`) and malformed escapes.

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ttf": "font/ttf",
  ".txt": "text/plain; charset=utf-8",
  ".wasm": "application/wasm",
}

/** The Content-Type for a file name; unknown kinds are plain bytes (served with nosniff). */
export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? "application/octet-stream"
}

export type RendererPath =
  { readonly ok: true; readonly file: string } | { readonly ok: false; readonly reason: string }

const refused = (reason: string): RendererPath => ({ ok: false, reason })

// Escapes that would decode to a path separator or NUL: the decoded path must not gain structure.
const ENCODED_SEPARATOR_OR_NUL = /%(2f|5c|00)/i
// eslint-disable-next-line no-control-regex -- refusing control characters is the point here
const CONTROL = /[\u0000-\u001f\u007f]/

/** True when `path` is `root` itself or lies below it (both absolute, already resolved). */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path)
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel))
}

/**
 * Maps a request path (the part of the URL after the host, before `?` and `#`, as sent) to a file
 * under `root`. "/" and "" name index.html (hash routing: every page is index.html).
 */
export function resolveRendererPath(root: string, rawPath: string): RendererPath {
  if (rawPath === "" || rawPath === "/") return { ok: true, file: resolve(root, "index.html") }
  if (!rawPath.startsWith("/")) return refused("the path is not absolute")
  if (rawPath.includes("\\")) return refused("backslash in the path")
  if (ENCODED_SEPARATOR_OR_NUL.test(rawPath)) return refused("encoded separator or NUL in the path")
  let decoded: string
  try {
    decoded = decodeURIComponent(rawPath)
  } catch {
    return refused("malformed percent-encoding")
  }
  if (CONTROL.test(decoded)) return refused("control character in the path")
  const segments = decoded.slice(1).split("/")
  for (const segment of segments) {
    if (segment === "") return refused("empty path segment")
    if (segment === "." || segment === "..") return refused("dot segment in the path")
    if (segment.includes(":")) return refused("colon in the path")
  }
  const base = resolve(root)
  const file = resolve(base, ...segments)
  if (file === base || !isInside(base, file)) return refused("outside the renderer folder")
  return { ok: true, file }
}
