import type { Page } from "@playwright/test"
import { expect } from "./fixtures"

// Client profiles and the interface language, set up the way a user does it.

/** A d.o.o. outside VAT whose prior-year turnover (below EUR 60,000) is on file. */
export async function createClient(page: Page, name: string, revenuePriorYear = "30000"): Promise<void> {
  await page.getByTestId("nav-clients").click()
  await page.getByTestId("client-new").click()
  await expect(page.getByTestId("client-form")).toBeVisible()
  await page.getByTestId("client-name").fill(name)
  await page.getByTestId("client-entityType").selectOption("DOO")
  await page.getByTestId("client-vatStatus").selectOption("OUTSIDE_VAT")
  await page.getByTestId("client-revenuePriorYear").fill(revenuePriorYear)
  await page.getByTestId("client-save").click()
  await expect(page.getByTestId("client-item").filter({ hasText: name })).toBeVisible()
  await page.getByTestId("nav-ask").click()
}

export async function switchToEnglish(page: Page): Promise<void> {
  await page.getByTestId("nav-settings").click()
  await page.getByTestId("settings-locale-en").check()
  await page.getByTestId("settings-save").click()
  await expect(page.getByTestId("nav-history")).toHaveText(/history/i)
  await page.getByTestId("nav-ask").click()
}

/** Asks `question` for the client `name` as of `asOfDate` (YYYY-MM-DD). */
export async function askForClient(
  page: Page,
  question: string,
  name: string,
  asOfDate: string,
): Promise<void> {
  await page.getByTestId("client-select").selectOption({ label: name })
  await page.getByTestId("asof-input").fill(asOfDate)
  await page.getByTestId("question-input").fill(question)
  await page.getByTestId("ask-submit").click()
}
