import type { BrowserWindowConstructorOptions } from "electron"

// The main window's options as a pure function, so a unit test can hold them against Electron's
// security checklist (https://www.electronjs.org/docs/latest/tutorial/security).

export interface WindowOptionsInput {
  /** Absolute path of the built, sandbox-compatible (CommonJS) preload script. */
  preloadPath: string
  /** DevTools only in development builds. */
  devTools: boolean
}

export function buildWindowOptions({ preloadPath, devTools }: WindowOptionsInput): BrowserWindowConstructorOptions {
  return {
    title: "FiskAI Workstation",
    width: 1280,
    height: 860,
    minWidth: 1024,
    minHeight: 700,
    // Shown on ready-to-show, so the user never sees a blank white frame.
    show: false,
    backgroundColor: "#f6f7f9",
    autoHideMenuBar: false,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      devTools,
    },
  }
}
