import { homedir } from "node:os"
import { join, win32 } from "node:path"

// Where the database lives when no --db is given: the app's data folder, the same folder
// Electron's app.getPath("userData") gives for the product name. FISKAI_DB overrides (tests).

export const APP_FOLDER = "FiskAI Workstation"
export const DB_FILE = "fiskai.sqlite"

export function appDataDir(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): string {
  const home = env.HOME ?? homedir()
  if (platform === "darwin") return join(home, "Library", "Application Support", APP_FOLDER)
  if (platform === "win32") return win32.join(env.APPDATA ?? win32.join(home, "AppData", "Roaming"), APP_FOLDER)
  return join(env.XDG_CONFIG_HOME ?? join(home, ".config"), APP_FOLDER)
}

export function defaultDbPath(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): string {
  const override = env.FISKAI_DB
  if (override !== undefined && override !== "") return override
  return join(appDataDir(platform, env), DB_FILE)
}
