// The renderer's Content-Security-Policy: one definition used by the Electron main process (response
// header for its own pages), the build (a <meta> injected into index.html) and the browser host
// (response header). Nothing remote: scripts, styles, images and fonts come from the app itself, and
// the only connection is the browser host's own WebSocket ('self' covers ws: on the same host:port).

export interface CspOptions {
  /** Development with the Vite dev server: allows its inline preamble, injected styles and HMR socket. */
  dev?: boolean
  /** Delivered via <meta>: frame-ancestors is not allowed there (browsers ignore it with a warning). */
  forMeta?: boolean
}

export function contentSecurityPolicy(options: CspOptions = {}): string {
  const { dev = false, forMeta = false } = options
  const directives: Array<[string, string]> = [
    ["default-src", "'none'"],
    ["script-src", dev ? "'self' 'unsafe-inline'" : "'self'"],
    ["style-src", dev ? "'self' 'unsafe-inline'" : "'self'"],
    ["img-src", "'self' data:"],
    ["font-src", "'self'"],
    ["connect-src", dev ? "'self' ws://localhost:* ws://127.0.0.1:*" : "'self'"],
    ["manifest-src", "'self'"],
    ["object-src", "'none'"],
    ["frame-src", "'none'"],
    ["worker-src", "'none'"],
    ["base-uri", "'none'"],
    ["form-action", "'none'"],
  ]
  if (!forMeta) directives.push(["frame-ancestors", "'none'"])
  return directives.map(([name, value]) => `${name} ${value}`).join("; ")
}

/** The production policy as a response header. */
export const APP_CSP = contentSecurityPolicy()
/** The production policy for index.html's <meta http-equiv="Content-Security-Policy">. */
export const APP_CSP_META = contentSecurityPolicy({ forMeta: true })
