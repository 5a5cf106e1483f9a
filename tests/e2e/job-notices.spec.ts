import AxeBuilder from "@axe-core/playwright"
import type { Page } from "@playwright/test"
import { ask, expect, screenshot, test } from "./support/fixtures"
import { switchToEnglish } from "./support/clients"

// Issue 23: a long job that ends while the page is not in front is announced. In the browser host
// that is the browser's notification when the user allowed it, otherwise a message in the page
// that waits until read. "Not in front" is the page losing focus to another window, which a
// headless browser cannot do, so the test makes document.hasFocus() answer as it would then.

const QUESTION = "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?"

async function exportFromTrace(
  page: Page,
  url: string,
  locale: "hr" | "en",
  inFront: boolean,
): Promise<void> {
  await page.goto(url)
  await expect(page.getByTestId("question-input")).toBeVisible()
  if (locale === "en") await switchToEnglish(page)
  await ask(page, QUESTION, "2025-06-01")
  await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", "ANSWER")
  await page.getByTestId("ask-open-trace").click()
  const panel = page.getByTestId("export-panel")
  await expect(panel).toBeVisible()
  if (!inFront) await page.evaluate(() => (document.hasFocus = () => false))
  await panel.getByTestId("export-start").click()
  await expect(panel.getByTestId("export-done")).toBeVisible()
}

const TEXTS = {
  hr: {
    title: "Izvoz za reviziju je dovršen",
    body: "Istraživanja: 1. Pojedinosti su u prozoru aplikacije.",
    close: "Zatvori obavijest",
  },
  en: {
    title: "The audit export is complete",
    body: "Runs: 1. The details are in the app's window.",
    close: "Close the notice",
  },
} as const

for (const locale of ["hr", "en"] as const) {
  test.describe(`background notices (${locale})`, () => {
    test("an export that ends while the page is in the background leaves a message that waits until closed", async ({
      page,
      host,
    }) => {
      await exportFromTrace(page, host.url, locale, false)
      const notice = page.getByTestId("job-notice")
      await expect(notice).toHaveCount(1)
      await expect(notice).toContainText(TEXTS[locale].title)
      await expect(notice).toContainText(TEXTS[locale].body)
      const axe = await new AxeBuilder({ page })
        .include("[data-testid=job-notices]")
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
        .analyze()
      expect(axe.violations.filter((v) => v.impact !== "minor").map((v) => v.id)).toEqual([])
      for (const width of [1280, 1920]) {
        await page.setViewportSize({ width, height: 900 })
        await screenshot(page, `job-notice-${locale}-${width}`)
      }
      await notice.getByRole("button", { name: TEXTS[locale].close }).press("Enter")
      await expect(notice).toHaveCount(0)
    })

    test("an export that ends while the page is in front shows its end on the screen only", async ({
      page,
      host,
    }) => {
      await exportFromTrace(page, host.url, locale, true)
      await expect(page.getByTestId("job-notice")).toHaveCount(0)
    })
  })
}

test("with notifications allowed, the browser's notification says it instead of the page", async ({
  page,
  context,
  host,
}) => {
  await context.grantPermissions(["notifications"])
  await page.addInitScript(() => {
    // Record what the page asks the browser to show; the real notification still goes out.
    const Real = window.Notification
    const shown: Array<{ title: string; body: string }> = []
    ;(window as unknown as { shownNotices: typeof shown }).shownNotices = shown
    class Recording extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options)
        shown.push({ title, body: options?.body ?? "" })
      }
    }
    window.Notification = Recording
  })
  await exportFromTrace(page, host.url, "hr", false)
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shownNotices: unknown[] }).shownNotices))
    .toEqual([{ title: TEXTS.hr.title, body: TEXTS.hr.body }])
  await expect(page.getByTestId("job-notice")).toHaveCount(0)
})
