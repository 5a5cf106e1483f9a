import { existsSync } from "node:fs"
import { fileURLToPath } from "node:url"

// Where a worker thread's code is: the built `<name>.js` beside the calling module (electron-vite
// puts every worker entry beside out/main/index.js), else the TypeScript source run through tsx
// (development, tests, the CLI).

export interface WorkerEntry {
  url: URL
  execArgv: string[]
}

/**
 * @param moduleUrl the caller's import.meta.url
 * @param builtName the entry's name in electron.vite.config.ts (its file is `<builtName>.js`)
 * @param sourcePath the TypeScript source, relative to the caller
 */
export function resolveWorkerEntry(moduleUrl: string, builtName: string, sourcePath: string): WorkerEntry {
  const built = new URL(`./${builtName}.js`, moduleUrl)
  if (existsSync(fileURLToPath(built))) return { url: built, execArgv: [] }
  return { url: new URL(sourcePath, moduleUrl), execArgv: ["--import", "tsx"] }
}
