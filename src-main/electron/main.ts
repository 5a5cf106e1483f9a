import { app, dialog, session, type BrowserWindow } from "electron"
import { APP_CSP, contentSecurityPolicy } from "../../src-shared/csp"
import { createHandlers } from "../handlers"
import { createDispatcher } from "../ipc/dispatcher"
import { createServices, settingsOverridesFromEnv } from "../services"
import { databasePath, setupAppIdentity } from "./app-identity"
import { resolveAppLayout } from "./app-layout"
import { isAppPageUrl } from "./app-url"
import { allowedHostsFromPack } from "./external-links"
import { fileDialogHandlers } from "./file-dialogs"
import { setupIpcHandlers } from "./ipc-adapter"
import { setupQuitWhenAllWindowsClosed, setupReopenOnActivate, setupShutdown } from "./lifecycle"
import { createMainWindow } from "./main-window"
import { packagedResourcesOption } from "./packaged-resources"
import { setupApplicationMenu } from "./menu"
import { setupPagePushes } from "./page-pushes"
import { setupSessionGuards, setupWebContentsGuards } from "./security"
import { setupSingleInstance } from "./single-instance"
import { setupUpdates } from "./updater"

// The Electron entry: only wiring. Each concern lives in its own setupX module.

setupAppIdentity()
let mainWindow: BrowserWindow | null = null

if (setupSingleInstance(() => mainWindow)) {
  const layout = resolveAppLayout(import.meta.url, process.env, app.isPackaged)
  setupQuitWhenAllWindowsClosed()

  app
    .whenReady()
    .then(async () => {
      const services = createServices({
        dbPath: databasePath(),
        settingsOverrides: settingsOverridesFromEnv(process.env),
        ...packagedResourcesOption(app.isPackaged, process.resourcesPath),
      })
      setupShutdown(() => services.close())
      const policy = {
        location: layout.location,
        rendererDir: layout.rendererDir,
        allowedExternalHosts: allowedHostsFromPack(services.pack),
        csp: layout.isDev && layout.location.kind === "dev" ? contentSecurityPolicy({ dev: true }) : APP_CSP,
      }
      setupWebContentsGuards(policy)
      setupSessionGuards(session.defaultSession, policy)
      const handlers = createHandlers(services)
      setupIpcHandlers(
        createDispatcher({ ...handlers, ...fileDialogHandlers(handlers, () => mainWindow) }, {
          isTrustedCaller: (caller) => caller.transport === "electron" && caller.url !== null && isAppPageUrl(caller.url, layout.location),
          onUnexpectedError: (channel, error) => console.error(`[${channel}]`, error),
        }),
      )
      const updates = setupUpdates({ getSettings: () => services.settings.get(), getWindow: () => mainWindow })
      services.settingsChanged.subscribe(() => void updates.refreshPolicy())
      setupApplicationMenu(layout.isDev, () => void updates.checkNow())
      const openWindow = () => {
        mainWindow = createMainWindow({ location: layout.location, preloadPath: layout.preloadPath, devTools: layout.isDev })
        setupPagePushes(services.pushes, mainWindow.webContents)
        mainWindow.on("closed", () => {
          mainWindow = null
        })
      }
      setupReopenOnActivate(openWindow)
      openWindow()
    })
    .catch((error: unknown) => {
      // e.g. a database written by a newer version: say so instead of vanishing.
      const message = error instanceof Error ? error.message : String(error)
      console.error("FiskAI Workstation could not start:", error)
      dialog.showErrorBox("FiskAI Workstation could not start", message)
      app.exit(1)
    })
}
