import { existsSync } from "node:fs"

// Debian's Chromium, driven by Playwright (which cannot download its own browsers here).
// Flags from the toolchain notes: without the background-networking ones Chromium keeps opening
// connections the closed network refuses.

export const CHROMIUM_CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/snap/bin/chromium"]

export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const fromEnv = env["CHROMIUM_PATH"]
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null
  return CHROMIUM_CANDIDATES.find((path) => existsSync(path)) ?? null
}

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
]
