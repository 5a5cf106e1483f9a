import { ask, expect, screenshot, test } from "./support/fixtures"

// A vague question makes the engine ask back; the run continues in the same view when answered,
// and ends in a refusal with next steps when the question is cancelled.

test("a clarification answered continues the same run to its outcome", async ({ page, host }) => {
  await page.goto(host.url)
  await ask(page, "porez")
  const prompt = page.getByTestId("clarification")
  await expect(prompt).toBeVisible()
  await expect(page.getByTestId("clarification-question")).not.toBeEmpty()
  const options = page.getByTestId("clarification-option")
  await expect(options.first()).toBeVisible()
  await screenshot(page, "04-clarification")
  const requestId = await page.getByTestId("run-view").getAttribute("data-request-id")

  await options.first().click()
  await expect(prompt).toBeHidden()
  const card = page.getByTestId("answer-card")
  await expect(card).toBeVisible()
  await expect(card).not.toHaveAttribute("data-outcome", "ERROR")
  // Same run, same view: the request id did not change.
  await expect(page.getByTestId("run-view")).toHaveAttribute("data-request-id", requestId ?? "")
  await screenshot(page, "05-clarification-answered")
})

test("a clarification cancelled ends in a refusal that says what to do next", async ({ page, host }) => {
  await page.goto(host.url)
  await ask(page, "porez")
  await expect(page.getByTestId("clarification")).toBeVisible()
  await page.getByTestId("clarification-cancel").click()
  const card = page.getByTestId("answer-card")
  await expect(card).toHaveAttribute("data-outcome", "REFUSAL")
  await expect(page.getByTestId("refusal-next-steps")).not.toBeEmpty()
  await screenshot(page, "06-clarification-cancelled")
})
