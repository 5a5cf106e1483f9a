import { ask, expect, screenshot, test } from "./support/fixtures"

// Stop in the stepper (issue 20, item 10): with the deliberate pause on, the run is still live after
// its last stage; Stop ends it there, the window shows it stopped (never the answer), and History
// shows the same outcome.

// The longest pause the host accepts: the run waits in it long after its stages are on screen.
test.use({ hostEnv: { FISKAI_PAUSE_MS: "5000" } })

test("Stop during the deliberate pause ends the run as stopped, and History agrees", async ({ page, host }) => {
  await page.goto(host.url)
  await ask(page, "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?")
  // Every stage is done and the run is pausing before its answer.
  await expect(page.getByTestId("step-CONFIDENCE")).toHaveAttribute("data-status", "done")
  await expect(page.getByTestId("answer-card")).toHaveCount(0)
  await page.getByTestId("stepper-stop").click()

  const card = page.getByTestId("answer-card")
  await expect(card).toHaveAttribute("data-outcome", "ERROR")
  await expect(page.getByTestId("answer-heading")).toHaveText("Obrada je zaustavljena")
  await expect(page.getByTestId("error")).toContainText("Obradu ste zaustavili prije odgovora.")
  await expect(page.getByRole("alert")).toHaveCount(0)
  await expect(page.getByTestId("stepper-stop")).toHaveCount(0)
  await screenshot(page, "14-stopped")
  const requestId = await page.getByTestId("run-view").getAttribute("data-request-id")

  await page.getByTestId("nav-history").click()
  const row = page.locator(`[data-testid="history-row"][data-request-id="${requestId}"]`)
  await expect(row).toHaveAttribute("data-status", "complete")
  await expect(row).toContainText("Pogreška")
  await row.getByTestId("history-open").click()
  await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", "ERROR")
  await expect(page.getByTestId("answer-heading")).toHaveText("Obrada je zaustavljena")
})
