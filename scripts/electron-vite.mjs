// electron-vite 6.0.0's bin is published without its execute bit; run it through node instead.
import { spawnSync } from "node:child_process"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"

const require = createRequire(import.meta.url)
const bin = join(dirname(require.resolve("electron-vite/package.json")), "bin", "electron-vite.js")
const result = spawnSync(process.execPath, [bin, ...process.argv.slice(2)], { stdio: "inherit" })
process.exit(result.status ?? 1)
