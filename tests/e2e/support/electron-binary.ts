import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { repoRoot } from "./host"

// Where Electron's binary is, without require("electron"): from version 45 requiring the package
// downloads the binary on first use, which must not happen on an offline machine.

export function findElectronBinary(env: NodeJS.ProcessEnv = process.env): string | null {
  const pkg = join(repoRoot, "node_modules", "electron")
  const pathFile = join(pkg, "path.txt")
  const relative = existsSync(pathFile) ? readFileSync(pathFile, "utf8").trim() : null
  const override = env["ELECTRON_OVERRIDE_DIST_PATH"]
  const full = override ? join(override, relative ?? "electron") : relative ? join(pkg, "dist", relative) : null
  return full !== null && existsSync(full) ? full : null
}
