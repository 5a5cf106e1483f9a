import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import type { AppLocation } from "./app-url"

// Where the built pieces are relative to the bundled main script (out/main/index.js):
// out/preload/index.cjs and out/renderer/index.html. electron-vite dev sets ELECTRON_RENDERER_URL.

export interface AppLayout {
  location: AppLocation
  preloadPath: string
  rendererDir: string | null
  isDev: boolean
}

export function resolveAppLayout(mainModuleUrl: string, env: NodeJS.ProcessEnv, isPackaged: boolean): AppLayout {
  const outDir = dirname(dirname(fileURLToPath(mainModuleUrl)))
  const preloadPath = join(outDir, "preload", "index.cjs")
  const devUrl = env["ELECTRON_RENDERER_URL"]
  if (!isPackaged && devUrl) return { location: { kind: "dev", url: devUrl }, preloadPath, rendererDir: null, isDev: true }
  const rendererDir = join(outDir, "renderer")
  return { location: { kind: "file", indexPath: join(rendererDir, "index.html") }, preloadPath, rendererDir, isDev: !isPackaged }
}
