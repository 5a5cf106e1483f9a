import { app, dialog, session, type BrowserWindow } from "electron"
import { APP_CSP, contentSecurityPolicy } from "../../src-shared/csp"
import { createHandlers } from "../handlers"
import { createDispatcher } from "../ipc/dispatcher"
import { backgroundErrorLogger } from "../logging/app-log"
import { ipcErrorLogger, updaterLog, withIpcLog } from "../logging/ipc-log"
import { logRuns } from "../logging/run-log"
import { createServices } from "../composition/services"
import { databasePath, setupAppIdentity } from "./app-identity"
import { resolveAppLayout } from "./app-layout"
import { registerAppScheme, serveAppProtocol } from "./app-protocol"
import { isAppPageUrl } from "./app-url"
import { allowedHostsFromPack } from "./external-links"
import { fileDialogHandlers } from "./file-dialogs"
import { setupIpcHandlers } from "./ipc-adapter"
import { setupQuitWhenAllWindowsClosed, setupReopenOnActivate, setupShutdown } from "./lifecycle"
import { logFolderHandlers, openLogFolder } from "./log-folder"
import { paperPdfHandlers } from "./paper-pdf"
import { setupLogging } from "./logging"
import { createMainWindow } from "./main-window"
import { packagedResourcesOption } from "./packaged-resources"
import { setupApplicationMenu } from "./menu"
import { setupJobNotices } from "./notify"
import { setupPagePushes } from "./page-pushes"
import { safeStorageCipher } from "./safe-storage-cipher"
import { setupSessionGuards, setupWebContentsGuards } from "./security"
import { setupSingleInstance } from "./single-instance"
import { keptFileDialog, startupFailureDialog } from "./startup-messages"
import { setupUpdates } from "./updater"

// The Electron entry: only wiring. Each concern lives in its own setupX module.

setupAppIdentity()
let mainWindow: BrowserWindow | null = null

if (setupSingleInstance(() => mainWindow)) {
  // Before ready: the crash reporter (it watches only processes started after it) and app://.
  const log = setupLogging()
  registerAppScheme()
  const layout = resolveAppLayout(import.meta.url, process.env, app.isPackaged)
  setupQuitWhenAllWindowsClosed()

  app
    .whenReady()
    .then(async () => {
      const services = createServices({
        dbPath: databasePath(),
        ...packagedResourcesOption(app.isPackaged, process.resourcesPath),
        onBackgroundError: backgroundErrorLogger(log),
        secretCipher: safeStorageCipher(),
      })
      setupShutdown(() => services.close())
      logRuns(services.events, log)
      const kept = services.store.keptAtOpen
      if (kept !== null) {
        // An empty database file was put aside and a new one created: the user is told where it went.
        console.warn(keptFileDialog(kept).message)
        void dialog.showMessageBox({ type: "warning", ...keptFileDialog(kept) })
      }
      const policy = {
        location: layout.location,
        allowedExternalHosts: allowedHostsFromPack(services.pack),
        csp: layout.isDev && layout.location.kind === "dev" ? contentSecurityPolicy({ dev: true }) : APP_CSP,
      }
      setupWebContentsGuards(policy)
      setupSessionGuards(session.defaultSession, policy)
      if (layout.rendererDir !== null)
        serveAppProtocol(session.defaultSession, layout.rendererDir, (status, reason) => log.warn("app_protocol.refused", { status, reason }))
      const handlers = createHandlers(services)
      setupIpcHandlers(
        withIpcLog(
          createDispatcher({ ...handlers, ...fileDialogHandlers(handlers, () => mainWindow), ...paperPdfHandlers(handlers, () => mainWindow), ...logFolderHandlers(log) }, {
            isTrustedCaller: (caller) => caller.transport === "electron" && caller.url !== null && isAppPageUrl(caller.url, layout.location),
            onUnexpectedError: ipcErrorLogger(log),
          }),
          log,
        ),
      )
      const updates = setupUpdates({ getSettings: () => services.settings.get(), getWindow: () => mainWindow, logger: updaterLog(log) })
      const setupMenu = (locale: "hr" | "en") =>
        setupApplicationMenu({
          isDev: layout.isDev,
          locale,
          onCheckForUpdates: () => void updates.checkNow(),
          onOpenLogFolder: () => void openLogFolder(log.dir).catch((error: unknown) => log.warn("log_folder.open_failed", {}, error)),
        })
      // The menu must not be what stops the app: a settings read that fails leaves it in Croatian.
      setupMenu(((): "hr" | "en" => {
        try {
          return services.settings.get().locale
        } catch {
          return "hr"
        }
      })())
      setupJobNotices({
        ended: services.jobsEnded,
        getWindow: () => mainWindow,
        locale: () => {
          try {
            return services.settings.get().locale
          } catch {
            return "hr"
          }
        },
      })
      services.settingsChanged.subscribe((settings) => {
        void updates.refreshPolicy()
        setupMenu(settings.locale)
      })
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
      // e.g. a database written by a newer version, or a damaged one: say so instead of vanishing.
      const { title, message } = startupFailureDialog(error)
      console.error("FiskAI Workstation could not start:", error)
      dialog.showErrorBox(title, message)
      app.exit(1)
    })
}
