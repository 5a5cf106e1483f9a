import type { Page } from "@playwright/test"
import { expect } from "./fixtures"

/** Settings: the local model on, at `url`, without drafting prose; back on the Ask screen. */
export async function turnModelOn(page: Page, url: string): Promise<void> {
  await page.getByTestId("nav-settings").click()
  await page.getByTestId("model-enabled").check()
  await page.getByTestId("model-endpoint").fill(url)
  await page.getByTestId("model-name").fill("qwen3:0.6b")
  await page.getByTestId("model-draft-prose").uncheck()
  await page.getByTestId("model-save").click()
  await expect(page.getByTestId("model-status")).toBeVisible()
  await page.getByTestId("nav-ask").click()
}
