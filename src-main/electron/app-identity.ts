import { app } from "electron"
import { join } from "node:path"
import { APP_NAME, DATABASE_FILE_NAME, defaultDataDir } from "../composition/services"

// The app's name and data folder. userData is pinned to the same folder the CLI and the browser
// host use by default, so all three see the same database.

export function setupAppIdentity(): void {
  app.setName(APP_NAME)
  app.setPath("userData", defaultDataDir())
}

export function databasePath(): string {
  return join(app.getPath("userData"), DATABASE_FILE_NAME)
}
