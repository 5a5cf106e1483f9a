// `npm run serve [-- OPTIONS]`: builds the renderer, then starts the browser host. `--help` is
// answered at once, without a build (a newcomer asking for the options should not wait for one).
// The host runs as a direct child (no npx or shell in between) and receives the signals this
// process gets, so stopping `npm run serve` stops the host.
import { spawn, spawnSync } from "node:child_process"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const args = process.argv.slice(2)
if (!args.includes("--help") && !args.includes("-h")) {
  const build = spawnSync("npm", ["run", "-s", "build"], { stdio: "inherit", cwd: root, shell: process.platform === "win32" })
  if (build.status !== 0) process.exit(build.status ?? 1)
}
const tsx = join(root, "node_modules", ".bin", process.platform === "win32" ? "tsx.cmd" : "tsx")
const host = spawn(tsx, [join(root, "src-main", "host", "main.ts"), ...args], { stdio: "inherit", shell: process.platform === "win32" })
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => host.kill(signal))
host.on("close", (code, signal) => process.exit(code ?? (signal ? 0 : 1)))
