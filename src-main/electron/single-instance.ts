import { app, type BrowserWindow } from "electron"

// One running app per user: two processes writing one SQLite file would fight over it. A second
// launch focuses the first window and exits.

export function setupSingleInstance(currentWindow: () => BrowserWindow | null): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return false
  }
  app.on("second-instance", () => {
    const window = currentWindow()
    if (!window) return
    if (window.isMinimized()) window.restore()
    window.show()
    window.focus()
  })
  return true
}
