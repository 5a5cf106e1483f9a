// `npm start` after the build: launches Electron on this folder. Electron 45+ downloads its binary
// on first launch; when that fails (no internet, a proxy), the user gets what is missing and what
// to do instead of the downloader's "fetch failed" and a stack trace.
import { spawn, spawnSync } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"

const require = createRequire(import.meta.url)
const electronDir = dirname(require.resolve("electron/package.json"))

/** The binary's path when it is present, without triggering Electron's own download. */
function installedBinary() {
  const pathFile = join(electronDir, "path.txt")
  if (!existsSync(pathFile)) return null
  const binary = join(electronDir, "dist", readFileSync(pathFile, "utf8"))
  return existsSync(binary) ? binary : null
}

/** Runs Electron's installer quietly; returns the last line it printed when it fails. */
function download() {
  process.stdout.write("FiskAI: downloading the Electron runtime (once)…\n")
  const result = spawnSync(process.execPath, [join(electronDir, "install.js")], { encoding: "utf8", env: process.env })
  if (result.status === 0) return null
  const lines = `${result.stderr ?? ""}\n${result.stdout ?? ""}`.split("\n").map((l) => l.trim())
  return lines.find((l) => /error|fail/i.test(l) && !l.startsWith("at ")) ?? `installer exited with ${result.status}`
}

let binary = process.env.ELECTRON_OVERRIDE_DIST_PATH ? null : installedBinary()
if (binary === null && !process.env.ELECTRON_OVERRIDE_DIST_PATH) {
  const failure = download()
  binary = installedBinary()
  if (binary === null) {
    process.stderr.write(
      [
        "FiskAI: the desktop app needs the Electron runtime, and it could not be downloaded",
        `  (${failure ?? "no binary after the download"}).`,
        "  - With internet access, run `npm run app` again; Electron is downloaded once.",
        "  - Without it, run the same app in your browser: `npm run app:browser`, then open the URL it prints.",
        "",
      ].join("\n"),
    )
    process.exit(1)
  }
}
const executable = binary ?? require("electron")
const child = spawn(executable, [".", ...process.argv.slice(2)], { stdio: "inherit" })
child.on("close", (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal))
