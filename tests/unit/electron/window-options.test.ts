import { describe, expect, it } from "vitest"
import { buildWindowOptions } from "../../../src-main/electron/window-options"

// Electron's security checklist (https://www.electronjs.org/docs/latest/tutorial/security), item by item.
describe("buildWindowOptions", () => {
  const options = buildWindowOptions({ preloadPath: "/app/out/preload/index.cjs", devTools: false })
  const prefs = options.webPreferences ?? {}

  it("isolates the page from Node and Electron (checklist 2, 3, 4)", () => {
    expect(prefs.contextIsolation).toBe(true)
    expect(prefs.sandbox).toBe(true)
    expect(prefs.nodeIntegration).toBe(false)
    expect(prefs.nodeIntegrationInWorker).toBe(false)
    expect(prefs.nodeIntegrationInSubFrames).toBe(false)
  })

  it("keeps web security on and refuses insecure or experimental features (checklist 6, 8, 9, 10)", () => {
    expect(prefs.webSecurity).toBe(true)
    expect(prefs.allowRunningInsecureContent).toBe(false)
    expect(prefs.experimentalFeatures).toBe(false)
    expect(prefs.webviewTag).toBe(false)
    expect(prefs.navigateOnDragDrop).toBe(false)
  })

  it("loads only the given preload script and hides DevTools unless asked", () => {
    expect(prefs.preload).toBe("/app/out/preload/index.cjs")
    expect(prefs.devTools).toBe(false)
    expect(buildWindowOptions({ preloadPath: "/p.cjs", devTools: true }).webPreferences?.devTools).toBe(true)
  })

  it("sets no option that would weaken the checklist", () => {
    const weakening = ["enableBlinkFeatures", "disableBlinkFeatures", "additionalArguments", "partition"]
    for (const key of weakening) expect(prefs).not.toHaveProperty(key)
  })

  it("opens hidden until ready and never smaller than the layout supports", () => {
    expect(options.show).toBe(false)
    expect(options.minWidth).toBeGreaterThanOrEqual(1024)
    expect(options.minHeight).toBeGreaterThanOrEqual(700)
  })
})
