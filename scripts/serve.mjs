// `npm run serve [-- OPTIONS]`: builds the renderer, then starts the browser host. `--help` is
// answered at once, without a build (a newcomer asking for the options should not wait for one).
import { spawnSync } from "node:child_process"

const args = process.argv.slice(2)
const run = (command, commandArgs) => spawnSync(command, commandArgs, { stdio: "inherit", shell: process.platform === "win32" })
const tsx = ["tsx", "src-main/host/main.ts", ...args]
if (!args.includes("--help") && !args.includes("-h")) {
  const build = run("npm", ["run", "-s", "build"])
  if (build.status !== 0) process.exit(build.status ?? 1)
}
const host = run("npx", tsx)
process.exit(host.status ?? 1)
