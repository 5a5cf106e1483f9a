import { existsSync } from "node:fs"
import { join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { createHandlers } from "../handlers"
import { backgroundErrorLogger } from "../logging/app-log"
import { ipcErrorLogger } from "../logging/ipc-log"
import { logRuns } from "../logging/run-log"
import { createServices, DATABASE_FILE_NAME, defaultDataDir } from "../composition/services"
import { stopShadowRuns } from "../shadow/shadow-run"
import { keptFileText } from "../store/integrity"
import { HOST_USAGE, HostUsageError, parseHostArgs, type HostArgs } from "./args"
import { startHostLog } from "./host-log"
import { startBrowserHost } from "./server"
import { enterUserDirectory } from "../util/user-directory"

// `npm run serve`: the app's services and handler table behind the browser host. Prints the URL
// to open; Ctrl+C (or SIGTERM) closes the server, stops the shadow runs and closes the database cleanly.

const repoRoot = resolve(fileURLToPath(new URL(".", import.meta.url)), "..", "..")

function fail(message: string, code: number): never {
  console.error(message)
  process.exit(code)
}

function readArgs(): HostArgs {
  try {
    return parseHostArgs(process.argv.slice(2), process.env)
  } catch (error) {
    if (error instanceof HostUsageError) fail(`${error.message}\n${HOST_USAGE}`, 2)
    throw error
  }
}

async function serve(args: HostArgs): Promise<void> {
  const rendererDir = resolve(args.rendererDir ?? join(repoRoot, "out", "renderer"))
  if (!existsSync(join(rendererDir, "index.html")))
    fail(`the built renderer is missing (${join(rendererDir, "index.html")}); run \`npm run build\` first`, 1)
  const dataDir = resolve(args.dataDir ?? defaultDataDir())
  const log = startHostLog(dataDir)
  const services = createServices({
    dbPath: join(dataDir, DATABASE_FILE_NAME),
    onBackgroundError: backgroundErrorLogger(log),
  })
  logRuns(services.events, log)
  if (services.store.keptAtOpen !== null) console.warn(keptFileText(services.store.keptAtOpen, "en"))
  const host = await startBrowserHost({
    rendererDir,
    handlers: createHandlers(services),
    pushes: services.pushes,
    port: args.port,
    onUnexpectedError: ipcErrorLogger(log),
    log,
  })
  // The URL is printed once a question can be answered without waiting for the engine thread.
  await services.engineReady
  console.log(`FiskAI Workstation browser host (data: ${dataDir})`)
  console.log(`Open in Chromium: ${host.url}`)

  let closing = false
  const shutdown = () => {
    if (closing) return
    closing = true
    log.info("host.stop")
    void host
      .close()
      // Shadow runs first: their worker threads read the database the services then close.
      .then(() => stopShadowRuns())
      .then(() => services.close())
      .finally(() => process.exit(0))
  }
  process.on("SIGINT", shutdown)
  process.on("SIGTERM", shutdown)
}

enterUserDirectory()
const args = readArgs()
if (args.help) console.log(HOST_USAGE)
else
  serve(args).catch((error: unknown) => {
    fail(`the browser host could not start: ${error instanceof Error ? error.message : String(error)}`, 1)
  })
