// `npm run test:e2e`: the Playwright suite against the browser host in Debian's Chromium.
// Fails (exit 1) when Chromium is missing rather than passing silently; CI installs it first.
// Builds out/ first when it is missing or older than the sources it is built from.
import { spawnSync } from "node:child_process"
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = dirname(dirname(fileURLToPath(import.meta.url)))
const candidates = process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/snap/bin/chromium"]
const chromium = candidates.find((path) => existsSync(path))
if (!chromium) {
  console.error(
    `e2e: Chromium not found (looked at ${candidates.join(", ")}).\n` +
      "Install it with `apt-get install -y chromium` or set CHROMIUM_PATH. The end-to-end tests cannot run without it.",
  )
  process.exit(1)
}

function newestMtime(path) {
  if (!existsSync(path)) return 0
  const info = statSync(path)
  if (!info.isDirectory()) return info.mtimeMs
  let newest = 0
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

const builtIndex = join(root, "out", "renderer", "index.html")
const sources = ["src-renderer", "src-shared", "src-main", "src-preload", "electron.vite.config.ts"].map((p) => join(root, p))
const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0
const stale = builtAt === 0 || sources.some((source) => newestMtime(source) > builtAt)
if (stale && process.env.FISKAI_E2E_SKIP_BUILD !== "1") {
  console.log(builtAt === 0 ? "e2e: out/ is missing, building first" : "e2e: sources changed since the last build, rebuilding")
  const build = spawnSync(process.execPath, [join(root, "scripts", "electron-vite.mjs"), "build"], { cwd: root, stdio: "inherit" })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const electronPathFile = join(root, "node_modules", "electron", "path.txt")
const electronBinary = existsSync(electronPathFile)
  ? join(root, "node_modules", "electron", "dist", readFileSync(electronPathFile, "utf8").trim())
  : null
if (!electronBinary || !existsSync(electronBinary)) {
  console.log(
    "e2e: Electron's binary is not installed here, so the Electron smoke test will be skipped;\n" +
      "     the browser-host specs in Chromium cover the UI. (`npx install-electron` on a connected machine enables it.)",
  )
}

// The hosts the tests start serve a private copy of the renderer, so a build started meanwhile
// (another terminal, an editor) cannot pull the files out from under a running suite.
const rendererCopy = mkdtempSync(join(tmpdir(), "fiskai-e2e-renderer-"))
cpSync(join(root, "out", "renderer"), rendererCopy, { recursive: true })

const cli = join(root, "node_modules", "@playwright", "test", "cli.js")
const result = spawnSync(
  process.execPath,
  [cli, "test", "--config", join(root, "tests", "e2e", "playwright.config.ts"), ...process.argv.slice(2)],
  { cwd: root, stdio: "inherit", env: { ...process.env, CHROMIUM_PATH: chromium, FISKAI_E2E_RENDERER_DIR: rendererCopy } },
)
rmSync(rendererCopy, { recursive: true, force: true })
process.exit(result.status ?? 1)
