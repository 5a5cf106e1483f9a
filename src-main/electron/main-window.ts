import { BrowserWindow } from "electron"
import type { AppLocation } from "./app-url"
import { buildWindowOptions } from "./window-options"

export interface MainWindowInput {
  location: AppLocation
  preloadPath: string
  devTools: boolean
}

export function createMainWindow({ location, preloadPath, devTools }: MainWindowInput): BrowserWindow {
  const window = new BrowserWindow(buildWindowOptions({ preloadPath, devTools }))
  window.once("ready-to-show", () => window.show())
  // app://fiskai/index.html in a built app (app-protocol.ts), the dev server's URL in development.
  void window.loadURL(location.url)
  return window
}
