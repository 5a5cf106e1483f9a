import type { MenuItemConstructorOptions } from "electron"

// The application menu as data. Roles give the platform's usual shortcuts (Ctrl/Cmd+C, +V, +Z,
// zoom ±/0, Ctrl/Cmd+W ...). Reload and DevTools only in development: reloading mid-run would
// drop the live view of a run, and DevTools is no tool for staff. Zoom stays for accessibility.

export type MenuLocale = "hr" | "en"

/** The words of the items the app adds itself (Electron words its role items). */
export const MENU_LABELS: Readonly<Record<MenuLocale, { checkForUpdates: string; openLogFolder: string }>> = {
  hr: { checkForUpdates: "Provjeri ažuriranja…", openLogFolder: "Otvori mapu s dnevnicima" },
  en: { checkForUpdates: "Check for Updates…", openLogFolder: "Open Log Folder" },
}

export interface MenuTemplateInput {
  appName: string
  isMac: boolean
  isDev: boolean
  /** The language of the app's own items (the settings' locale); English when not given. */
  locale?: MenuLocale
  /** Adds "Check for Updates…" (app menu on macOS, Help elsewhere). */
  onCheckForUpdates?: () => void
  /** Adds "Open Log Folder" to Help: the folder with the log and the crash reports. */
  onOpenLogFolder?: () => void
}

export function buildMenuTemplate({
  appName,
  isMac,
  isDev,
  locale = "en",
  onCheckForUpdates,
  onOpenLogFolder,
}: MenuTemplateInput): MenuItemConstructorOptions[] {
  const template: MenuItemConstructorOptions[] = []
  const labels = MENU_LABELS[locale]
  const updates: MenuItemConstructorOptions[] = onCheckForUpdates ? [{ label: labels.checkForUpdates, click: () => onCheckForUpdates() }] : []
  const logs: MenuItemConstructorOptions[] = onOpenLogFolder ? [{ label: labels.openLogFolder, click: () => onOpenLogFolder() }] : []
  if (isMac) {
    template.push({
      label: appName,
      submenu: [
        { role: "about" },
        ...updates,
        { type: "separator" },
        { role: "hide" },
        { role: "hideOthers" },
        { role: "unhide" },
        { type: "separator" },
        { role: "quit" },
      ],
    })
  } else {
    template.push({ label: "File", submenu: [{ role: "quit" }] })
  }
  template.push({
    label: "Edit",
    submenu: [
      { role: "undo" },
      { role: "redo" },
      { type: "separator" },
      { role: "cut" },
      { role: "copy" },
      { role: "paste" },
      { role: "selectAll" },
    ],
  })
  const devItems: MenuItemConstructorOptions[] = isDev
    ? [{ role: "reload" }, { role: "forceReload" }, { role: "toggleDevTools" }, { type: "separator" }]
    : []
  template.push({
    label: "View",
    submenu: [...devItems, { role: "resetZoom" }, { role: "zoomIn" }, { role: "zoomOut" }, { type: "separator" }, { role: "togglefullscreen" }],
  })
  template.push({
    role: "window",
    submenu: isMac ? [{ role: "minimize" }, { role: "zoom" }, { type: "separator" }, { role: "front" }] : [{ role: "minimize" }, { role: "close" }],
  })
  template.push({ role: "help", submenu: isMac ? [...logs] : [...updates, ...logs, { role: "about" }] })
  return template
}
