import {
  captureConsoleProblems,
  createAppLog,
  debugLoggingFromEnv,
  logDirFor,
  logUncaughtExceptions,
  type AppLog,
} from "../logging/app-log"

// The browser host's log: <data folder>/logs/host.log, beside the Electron app's main.log (two
// processes never share a file). Errors still print to the terminal as before.

export function startHostLog(dataDir: string, env: NodeJS.ProcessEnv = process.env): AppLog {
  const debug = debugLoggingFromEnv(env)
  const log = createAppLog({
    dir: logDirFor(dataDir),
    fileName: "host.log",
    debug,
    echo: (text) => process.stderr.write(`${text}\n`),
  })
  captureConsoleProblems(log)
  logUncaughtExceptions(log)
  log.info("host.start", {
    node: process.versions.node,
    platform: process.platform,
    arch: process.arch,
    pid: process.pid,
    debug,
  })
  return log
}
