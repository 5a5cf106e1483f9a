import type { MenuItemConstructorOptions } from "electron"
import { describe, expect, it } from "vitest"
import { buildMenuTemplate } from "../../../src-main/electron/menu-template"

function roles(template: MenuItemConstructorOptions[]): string[] {
  return template.flatMap((item) => [
    ...(item.role ? [item.role] : []),
    ...(Array.isArray(item.submenu) ? roles(item.submenu) : []),
  ])
}

describe("buildMenuTemplate", () => {
  it("gives the usual edit shortcuts, zoom, window and help menus", () => {
    const all = roles(buildMenuTemplate({ appName: "FiskAI Workstation", isMac: false, isDev: false }))
    for (const role of ["copy", "paste", "cut", "undo", "redo", "selectAll", "zoomIn", "zoomOut", "resetZoom", "window", "help", "quit"])
      expect(all).toContain(role)
  })

  it("offers reload and DevTools only in development", () => {
    const production = roles(buildMenuTemplate({ appName: "A", isMac: false, isDev: false }))
    expect(production).not.toContain("reload")
    expect(production).not.toContain("toggleDevTools")
    const dev = roles(buildMenuTemplate({ appName: "A", isMac: false, isDev: true }))
    expect(dev).toContain("reload")
    expect(dev).toContain("toggleDevTools")
  })

  it("puts the app menu first on macOS", () => {
    const template = buildMenuTemplate({ appName: "FiskAI Workstation", isMac: true, isDev: false })
    expect(template[0]?.label).toBe("FiskAI Workstation")
  })
})

describe("the update check menu item", () => {
  it("appears only when the updater is wired, and calls it", () => {
    const labels = (t: MenuItemConstructorOptions[]): string[] =>
      t.flatMap((item) => [...(item.label ? [item.label] : []), ...(Array.isArray(item.submenu) ? labels(item.submenu) : [])])
    expect(labels(buildMenuTemplate({ appName: "A", isMac: false, isDev: false }))).not.toContain("Check for Updates…")
    let checks = 0
    const template = buildMenuTemplate({ appName: "A", isMac: false, isDev: false, onCheckForUpdates: () => (checks += 1) })
    const help = template.find((item) => item.role === "help")
    const item = Array.isArray(help?.submenu) ? help.submenu.find((i) => i.label === "Check for Updates…") : undefined
    expect(item).toBeDefined()
    const click = item?.click as unknown as (() => void) | undefined
    click?.()
    expect(checks).toBe(1)
  })
})

describe("the open log folder menu item", () => {
  const helpItems = (template: MenuItemConstructorOptions[]) => {
    const help = template.find((item) => item.role === "help")
    return Array.isArray(help?.submenu) ? help.submenu : []
  }

  it("appears in Help when wired, on every platform, and calls it", () => {
    expect(helpItems(buildMenuTemplate({ appName: "A", isMac: false, isDev: false })).map((i) => i.label)).not.toContain("Open Log Folder")
    for (const isMac of [false, true]) {
      let opened = 0
      const items = helpItems(buildMenuTemplate({ appName: "A", isMac, isDev: false, onOpenLogFolder: () => (opened += 1) }))
      const item = items.find((i) => i.label === "Open Log Folder")
      expect(item, `isMac=${isMac}`).toBeDefined()
      ;(item?.click as unknown as (() => void) | undefined)?.()
      expect(opened).toBe(1)
    }
  })

  it("speaks the settings' language: Croatian or English", () => {
    const labels = (locale: "hr" | "en") =>
      helpItems(buildMenuTemplate({ appName: "A", isMac: false, isDev: false, locale, onOpenLogFolder: () => {}, onCheckForUpdates: () => {} })).map(
        (i) => i.label,
      )
    expect(labels("hr")).toEqual(expect.arrayContaining(["Otvori mapu s dnevnicima", "Provjeri ažuriranja…"]))
    expect(labels("en")).toEqual(expect.arrayContaining(["Open Log Folder", "Check for Updates…"]))
  })
})
