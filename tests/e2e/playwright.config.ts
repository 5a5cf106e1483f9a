import { defineConfig } from "@playwright/test"
import { CHROMIUM_ARGS, findChromium } from "./support/chromium"

// Run through `npm run test:e2e` (scripts/e2e.mjs), which checks for Chromium and builds out/.
// Each test starts its own browser host (random port, temp data dir), so tests are independent.

const executablePath = findChromium() ?? undefined

export default defineConfig({
  testDir: ".",
  testMatch: /.*\.spec\.ts$/,
  outputDir: "../../test-results/e2e",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: process.env["CI"] ? 1 : 2,
  forbidOnly: Boolean(process.env["CI"]),
  reporter: process.env["CI"] ? [["list"]] : [["list"]],
  use: {
    browserName: "chromium",
    viewport: { width: 1280, height: 860 },
    locale: "hr-HR",
    timezoneId: "Europe/Zagreb",
    screenshot: "only-on-failure",
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
})
