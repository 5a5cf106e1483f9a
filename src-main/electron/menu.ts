import { app, Menu } from "electron"
import { buildMenuTemplate } from "./menu-template"

export function setupApplicationMenu(isDev: boolean, onCheckForUpdates?: () => void): void {
  const template = buildMenuTemplate({
    appName: app.getName(),
    isMac: process.platform === "darwin",
    isDev,
    ...(onCheckForUpdates === undefined ? {} : { onCheckForUpdates }),
  })
  Menu.setApplicationMenu(Menu.buildFromTemplate(template))
}
