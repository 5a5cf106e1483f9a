import { app, shell, type Session, type WebContents } from "electron"
import { PERMISSIONS_POLICY } from "../../src-shared/permissions-policy"
import { isAllowedRequestUrl, isAppPageUrl, type AppLocation } from "./app-url"
import { isAllowedExternalUrl } from "./external-links"

// Electron's security checklist, applied to every web contents and to the default session:
// navigation and new windows denied (citation links go to the system browser after a check),
// no <webview>, every permission request denied, no remote requests, and the CSP and
// Permissions-Policy headers (app:// responses carry them already; the dev server's do not).

export interface SecurityPolicy {
  location: AppLocation
  allowedExternalHosts: ReadonlySet<string>
  csp: string
}

function openIfAllowed(url: string, policy: SecurityPolicy): void {
  if (isAllowedExternalUrl(url, policy.allowedExternalHosts)) void shell.openExternal(url)
}

function guardContents(contents: WebContents, policy: SecurityPolicy): void {
  const guardNavigation = (event: { preventDefault(): void }, url: string) => {
    if (isAppPageUrl(url, policy.location)) return
    event.preventDefault()
    openIfAllowed(url, policy)
  }
  contents.on("will-navigate", guardNavigation)
  contents.on("will-redirect", guardNavigation)
  contents.on("will-attach-webview", (event) => event.preventDefault())
  contents.setWindowOpenHandler(({ url }) => {
    openIfAllowed(url, policy)
    return { action: "deny" }
  })
}

/** Call before any window exists: guards every web contents created from now on. */
export function setupWebContentsGuards(policy: SecurityPolicy): void {
  app.on("web-contents-created", (_event, contents) => guardContents(contents, policy))
}

/** Call once the app is ready, for the session the window uses. */
export function setupSessionGuards(session: Session, policy: SecurityPolicy): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
  session.setDevicePermissionHandler(() => false)
  session.webRequest.onBeforeRequest((details, callback) => {
    callback({ cancel: !isAllowedRequestUrl(details.url, policy.location) })
  })
  session.webRequest.onHeadersReceived((details, callback) => {
    const headers = { ...details.responseHeaders }
    if (details.resourceType === "mainFrame" || details.resourceType === "subFrame") {
      headers["Content-Security-Policy"] = [policy.csp]
      headers["X-Content-Type-Options"] = ["nosniff"]
      headers["Permissions-Policy"] = [PERMISSIONS_POLICY]
    }
    callback({ responseHeaders: headers })
  })
}
