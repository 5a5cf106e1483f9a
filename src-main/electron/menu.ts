import { app, Menu } from "electron"
import { buildMenuTemplate, type MenuLocale } from "./menu-template"

export interface ApplicationMenuOptions {
  isDev: boolean
  locale?: MenuLocale
  onCheckForUpdates?: () => void
  onOpenLogFolder?: () => void
}

/** Sets (or, after a change of language, replaces) the application menu. */
export function setupApplicationMenu(options: ApplicationMenuOptions): void {
  const template = buildMenuTemplate({ appName: app.getName(), isMac: process.platform === "darwin", ...options })
  Menu.setApplicationMenu(Menu.buildFromTemplate(template))
}
