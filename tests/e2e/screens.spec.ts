import { expect, screenshot, test } from "./support/fixtures"

// The remaining screens: clients (create a profile, then ask for it) and settings (language).

test("a client profile is created and offered when asking", async ({ page, host }) => {
  await page.goto(host.url)
  await page.getByTestId("nav-clients").click()
  await page.getByTestId("client-new").click()
  const form = page.getByTestId("client-form")
  await expect(form).toBeVisible()
  await form.getByLabel(/naziv|name/i).first().fill("Obrt Ana")
  await page.getByTestId("client-entityType").selectOption("OBRT")
  await page.getByTestId("client-vatStatus").selectOption("OUTSIDE_VAT")
  await page.getByTestId("client-save").click()
  await expect(page.getByTestId("client-item").filter({ hasText: "Obrt Ana" })).toBeVisible()
  await screenshot(page, "11-clients")

  await page.getByTestId("nav-ask").click()
  await expect(page.getByTestId("client-select").locator("option", { hasText: "Obrt Ana" })).toHaveCount(1)
})

test("settings switch the interface to English and keep it", async ({ page, host }) => {
  await page.goto(host.url)
  await page.getByTestId("nav-settings").click()
  await expect(page.getByTestId("settings-form")).toBeVisible()
  await screenshot(page, "12-settings")
  await page.getByTestId("settings-locale-en").check()
  await page.getByTestId("settings-save").click()
  await expect(page.getByTestId("nav-history")).toHaveText(/history/i)
  await page.reload()
  await expect(page.getByTestId("nav-history")).toHaveText(/history/i)
})
