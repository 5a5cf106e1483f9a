import type { MenuItemConstructorOptions } from "electron"

// The application menu as data. Roles give the platform's usual shortcuts (Ctrl/Cmd+C, +V, +Z,
// zoom ±/0, Ctrl/Cmd+W ...). Reload and DevTools only in development: reloading mid-run would
// drop the live view of a run, and DevTools is no tool for staff. Zoom stays for accessibility.

export interface MenuTemplateInput {
  appName: string
  isMac: boolean
  isDev: boolean
  /** Adds "Check for Updates…" (app menu on macOS, Help elsewhere). */
  onCheckForUpdates?: () => void
}

export function buildMenuTemplate({ appName, isMac, isDev, onCheckForUpdates }: MenuTemplateInput): MenuItemConstructorOptions[] {
  const template: MenuItemConstructorOptions[] = []
  const updates: MenuItemConstructorOptions[] = onCheckForUpdates ? [{ label: "Check for Updates…", click: () => onCheckForUpdates() }] : []
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
  template.push({ role: "help", submenu: isMac ? [] : [...updates, { role: "about" }] })
  return template
}
