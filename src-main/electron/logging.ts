import { app, crashReporter } from "electron"
import { join } from "node:path"
import {
  captureConsoleProblems,
  createAppLog,
  debugLoggingFromEnv,
  logDirFor,
  logUncaughtExceptions,
  type AppLog,
} from "../logging/app-log"

// The desktop app's log and crash reports, both local and both in one folder a user can send:
// <userData>/logs/main.log (rotated, see src-main/logging/) and <userData>/logs/crash-dumps/
// (Crashpad's minidumps, never uploaded). Call once, before the app is ready: the crash reporter
// only watches processes started after it.

export const CRASH_DUMPS_DIR = "crash-dumps"

export function setupLogging(): AppLog {
  const dir = logDirFor(app.getPath("userData"))
  app.setAppLogsPath(dir)
  app.setPath("crashDumps", join(dir, CRASH_DUMPS_DIR))
  crashReporter.start({ uploadToServer: false })

  const debug = debugLoggingFromEnv(process.env)
  const log = createAppLog({
    dir,
    fileName: "main.log",
    debug,
    echo: (text) => process.stderr.write(`${text}\n`),
  })
  captureConsoleProblems(log)
  logUncaughtExceptions(log)
  // Electron only warns about a rejected promise nobody handled; this puts it in the log too.
  process.on("unhandledRejection", (reason) => log.error("process.unhandled_rejection", {}, reason))

  app.on("render-process-gone", (_event, _contents, details) =>
    log.error("renderer.gone", { reason: details.reason, exitCode: details.exitCode }),
  )
  app.on("child-process-gone", (_event, details) => {
    const fields = {
      type: details.type,
      name: details.name,
      reason: details.reason,
      exitCode: details.exitCode,
    }
    if (details.reason === "clean-exit") log.info("child.gone", fields)
    else log.error("child.gone", fields)
  })
  app.on("will-quit", () => log.info("app.quit"))

  log.info("app.start", {
    version: app.getVersion(),
    electron: process.versions.electron,
    chrome: process.versions.chrome,
    node: process.versions.node,
    platform: process.platform,
    arch: process.arch,
    packaged: app.isPackaged,
    crashDumps: app.getPath("crashDumps"),
    debug,
  })
  return log
}
