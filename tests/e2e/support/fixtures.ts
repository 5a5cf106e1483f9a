import { test as base, expect, type Page } from "@playwright/test"
import { join } from "node:path"
import { makeDataDir, removeDataDir, repoRoot, startHost, type RunningHost } from "./host"

// Each test gets its own browser host (random port, temp data dir, no deliberate pause) and fails
// if the page logs an error: a CSP violation, a failed request or an exception all show up there.

export const ARTIFACTS = join(repoRoot, "tests", "e2e", "artifacts")

interface Fixtures {
  /** Environment for the browser host (e.g. FISKAI_PAUSE_MS); set per file with test.use. */
  hostEnv: Record<string, string>
  dataDir: string
  host: RunningHost
  pageErrors: string[]
}

export const test = base.extend<Fixtures>({
  hostEnv: [{}, { option: true }],
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as a pattern.
  dataDir: async ({}, use) => {
    const dir = makeDataDir()
    await use(dir)
    removeDataDir(dir)
  },
  host: async ({ dataDir, hostEnv }, use) => {
    const host = await startHost(dataDir, hostEnv)
    await use(host)
    await host.stop()
  },
  pageErrors: [
    // Depends on `host` so that its check runs while the host is still up (teardown is in reverse).
    async ({ page, host }, use) => {
      void host
      const errors: string[] = []
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(`console: ${message.text()}`)
      })
      page.on("pageerror", (error) => errors.push(`exception: ${error.message}`))
      await use(errors)
      expect(errors, "the page logged errors").toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/**
 * Saves the screen as the user would see it with a window tall enough for all of it: the app scrolls
 * inside its main pane, so a plain full-page shot would cut the content off at the window's height.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const original = page.viewportSize() ?? { width: 1280, height: 860 }
  const hidden = await page.evaluate(() => {
    let most = 0
    for (const element of document.querySelectorAll<HTMLElement>("body *")) {
      const overflow = getComputedStyle(element).overflowY
      if ((overflow === "auto" || overflow === "scroll") && element.scrollHeight > element.clientHeight)
        most = Math.max(most, element.scrollHeight - element.clientHeight)
    }
    return most
  })
  if (hidden > 0) await page.setViewportSize({ width: original.width, height: Math.min(original.height + hidden, 6000) })
  try {
    await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true })
  } finally {
    if (hidden > 0) await page.setViewportSize(original)
  }
}

/** The window as the user sees it, scrolled to `focus` when given (the app scrolls inside its main pane). */
export async function windowShot(page: Page, name: string, focus?: string): Promise<void> {
  if (focus !== undefined) await page.getByTestId(focus).scrollIntoViewIfNeeded()
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) })
}

/**
 * The user closes the app and opens it again on the same data folder: `body` runs with the page
 * on the restarted host, which is stopped afterwards.
 */
export async function afterRestart(page: Page, host: RunningHost, body: () => Promise<void>): Promise<void> {
  // Leave the page first, so it is not left reconnecting to a stopped host.
  await page.goto("about:blank")
  await host.stop()
  const restarted = await startHost(host.dataDir)
  try {
    await page.goto(restarted.url)
    await body()
  } finally {
    await restarted.stop()
  }
}

/** Types a question (optionally with an as-of date) and submits it. */
export async function ask(page: Page, question: string, asOfDate?: string): Promise<void> {
  await page.getByTestId("question-input").fill(question)
  if (asOfDate !== undefined) await page.getByTestId("asof-input").fill(asOfDate)
  await page.getByTestId("ask-submit").click()
}

/**
 * Records, in the page, every change of a stepper row's data-status in the order it happened, so a
 * test can tell that stages appeared one after another (live) rather than all at once.
 */
export async function recordStepTransitions(page: Page): Promise<void> {
  await page.evaluate(() => {
    const log: string[] = []
    const seen = new Map<string, string>()
    const scan = () => {
      for (const row of document.querySelectorAll<HTMLElement>("[data-testid^='step-'][data-status]")) {
        const stage = row.dataset["testid"]?.slice("step-".length) ?? "?"
        const status = row.dataset["status"] ?? "?"
        if (seen.get(stage) !== status) {
          seen.set(stage, status)
          log.push(`${stage}:${status}`)
        }
      }
      if (document.querySelector("[data-testid='answer-card']") && !log.includes("END")) log.push("END")
    }
    new MutationObserver(scan).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-status"] })
    ;(window as unknown as { __stepLog: string[] }).__stepLog = log
  })
}

export function stepTransitions(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __stepLog?: string[] }).__stepLog ?? [])
}
