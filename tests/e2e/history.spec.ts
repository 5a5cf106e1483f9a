import { afterRestart, ask, expect, screenshot, test } from "./support/fixtures"

// Runs are stored: after the host restarts, the trace is in the history and reopens exactly as it
// was shown live (answer card and reasoning cards), from the database alone.

test("after a restart the trace is in history and reopens identically", async ({ page, host }) => {
  await page.goto(host.url)
  await ask(page, "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?")
  await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", "ANSWER")
  const requestId = await page.getByTestId("run-view").getAttribute("data-request-id")
  const liveAnswer = await page.getByTestId("answer-card").innerText()
  const liveCards = await page.getByTestId("reasoning-cards").innerText()

  // The user closes the app and opens it again.
  await afterRestart(page, host, async () => {
    await page.getByTestId("nav-history").click()
    const row = page.getByTestId("history-row")
    await expect(row).toHaveCount(1)
    await expect(row).toContainText("65.000")
    // The client filter is at least as wide as the outcome filter, so its value can be read.
    const clientBox = await page.getByTestId("history-filter-client").boundingBox()
    const outcomeBox = await page.getByTestId("history-filter-outcome").boundingBox()
    expect(clientBox?.width ?? 0).toBeGreaterThanOrEqual(outcomeBox?.width ?? Infinity)
    await screenshot(page, "09-history")
    // A search finds the run, whether the index took it before the app closed or only now.
    // (A word that matches nothing first, so that the row seen next is the search's own result.)
    const search = page.getByTestId("history-search")
    await search.fill("zzqx")
    await expect(page.getByTestId("history-empty")).toBeVisible()
    await search.fill("promet")
    await expect(row).toHaveCount(1)
    await expect(row).toContainText("65.000")

    await row.getByTestId("history-open").click()
    await expect(page.getByTestId("trace-screen")).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`#/trace/${requestId}$`))
    await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", "ANSWER")
    expect(await page.getByTestId("answer-card").innerText()).toBe(liveAnswer)
    expect(await page.getByTestId("reasoning-cards").innerText()).toBe(liveCards)
    // The panels below load on their own; the screenshot shows the screen once they have.
    await expect(page.getByTestId("whatif-drivers")).toBeVisible()
    await expect(page.getByTestId("export-path")).not.toHaveValue("")
    await screenshot(page, "10-trace-reopened")
  })
})
