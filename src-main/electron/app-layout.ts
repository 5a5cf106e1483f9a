import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { APP_INDEX_URL } from "./app-protocol-files"
import type { AppLocation } from "./app-url"

// Where the built pieces are relative to the bundled main script (out/main/index.js):
// out/preload/index.cjs and out/renderer/ (served as app://fiskai/). electron-vite dev sets
// ELECTRON_RENDERER_URL, and then the renderer comes from the dev server.

export interface AppLayout {
  location: AppLocation
  preloadPath: string
  /** The folder app:// serves; null in development (files come from the dev server). */
  rendererDir: string | null
  isDev: boolean
}

export function resolveAppLayout(mainModuleUrl: string, env: NodeJS.ProcessEnv, isPackaged: boolean): AppLayout {
  const outDir = dirname(dirname(fileURLToPath(mainModuleUrl)))
  const preloadPath = join(outDir, "preload", "index.cjs")
  const devUrl = env["ELECTRON_RENDERER_URL"]
  if (!isPackaged && devUrl) return { location: { kind: "dev", url: devUrl }, preloadPath, rendererDir: null, isDev: true }
  return { location: { kind: "app", url: APP_INDEX_URL }, preloadPath, rendererDir: join(outDir, "renderer"), isDev: !isPackaged }
}
