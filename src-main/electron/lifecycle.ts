import { app, BrowserWindow } from "electron"
import { stopShadowRuns } from "../shadow/shadow-run"

// Quit and re-open behaviour per platform, and closing the services (the database) exactly once
// before the process exits, after the shadow runs in the background have stopped.

export function setupQuitWhenAllWindowsClosed(): void {
  app.on("window-all-closed", () => {
    if (process.platform !== "darwin") app.quit()
  })
}

export function setupReopenOnActivate(openWindow: () => void): void {
  app.on("activate", () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow()
  })
}

export function setupShutdown(close: () => Promise<void>): void {
  let closed = false
  app.on("before-quit", (event) => {
    if (closed) return
    event.preventDefault()
    closed = true
    // Shadow runs first: their worker threads read the database the services then close.
    stopShadowRuns()
      .then(close)
      .catch((error: unknown) => console.error("closing services failed:", error))
      .finally(() => app.quit())
  })
}
